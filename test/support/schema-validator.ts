// JSON Schema validation of data against the bundled spec's schemas, with ajv (draft
// 2020-12, which OpenAPI 3.1 uses) rather than Redocly, so examples and mock responses are
// checked by a second, independent implementation.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { addSpec, rebase } from "../../scripts/lib/spec.mjs";
import { type Schema, spec } from "./spec.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

// strict is off only because the document around the schemas (paths, info, …) is not a schema.
const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
addSpec(ajv, spec);

const cache = new Map<string, ValidateFunction>();

/** Compiles a schema taken from the spec; its `#/…` references resolve inside the spec. */
export function validatorFor(schema: Schema): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(rebase(schema));
    cache.set(key, validate);
  }
  return validate;
}

export function errorsOf(validate: ValidateFunction): string {
  return ajv.errorsText(validate.errors, { separator: "\n" });
}
