// The committed bundle, read through scripts/lib/spec.mjs with the spec bound, for tests that inspect it.
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { bundlePath } from "../../scripts/build/bundle.mjs";
import { deref as derefIn, type OperationEntry, operationsOf, propertiesOf } from "../../scripts/lib/spec.mjs";

export type { OperationEntry };
/** A node of a parsed description: walked freely by tests, its shape checked by Redocly and Ajv rather than tsc. */
// biome-ignore lint/suspicious/noExplicitAny: see above, the one place tests opt out of typing the description.
export type Schema = Record<string, any>;

export const spec: Schema = parse(readFileSync(bundlePath, "utf8"));

/** Follows `#/…` references until it reaches an object that is not one. */
export const deref = (node: unknown): Schema => derefIn(spec, node);

export function schemaNamed(name: string): Schema {
  const schema = spec.components?.schemas?.[name];
  if (!schema) throw new Error(`no schema ${name}`);
  return schema;
}

/** The properties and required names of an object schema, merged across `allOf`. */
export function flatten(schema: Schema): { properties: Record<string, Schema>; required: Set<string> } {
  const { properties = {}, required } = propertiesOf(spec, schema);
  return { properties, required };
}

export const operations: OperationEntry[] = operationsOf(spec);

/** Path-level and operation-level parameters, resolved. */
export const parametersOf = (entry: OperationEntry): Schema[] => entry.parameters;

export function findOperation(method: string, path: string): OperationEntry {
  const entry = operations.find((e) => e.method === method && e.path === path);
  if (!entry) throw new Error(`no ${method.toUpperCase()} ${path} in the bundled spec`);
  return entry;
}
