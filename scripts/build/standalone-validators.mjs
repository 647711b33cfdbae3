// ajv validators compiled ahead of time as one ESM module, for the mock (compile-mock.mjs) and
// the conformance command (compile-conformance.mjs), so neither parses the spec or compiles a
// schema at run time.
import { _ } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import addFormatsModule from "ajv-formats";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { addSpec, rebase, specId } from "../lib/spec.mjs";

/** @typedef {import("../lib/spec.mjs").Node} Node */

/**
 * ajv's standalone code still `require`s its runtime helpers: import them, so Node and bundlers load it as ESM.
 * @param {string} code
 * @param {string} header
 */
function asModule(code, header) {
  // The fast formats check shape by regular expression: the full ones cost more than the rest of a
  // request. Dates are the exception: only the full check knows a month's length and leap years,
  // so 2026-02-29 is refused as the service refuses it, and it is cheap.
  const imports = [
    `import { fastFormats, fullFormats } from "ajv-formats/dist/formats.js";`,
    `const formats = { ...fastFormats, date: fullFormats.date, "date-time": fullFormats["date-time"] };`,
  ];
  const body = code.replace(/require\("([^"]+)"\)/g, (_, module) => {
    const name = `runtime${imports.length}`;
    // Node, Vite and bundlers disagree on a CommonJS module's default import: take the function either way.
    imports.push(`import * as ${name}Module from "${module}.js";`);
    imports.push(`const ${name} = { default: typeof ${name}Module.default === "function" ? ${name}Module.default : ${name}Module.default.default };`);
    return name;
  });
  return `${header}${imports.join("\n")}\n${body}`;
}

/** What a schema says for readers only: ajv ignores it, and its standalone code would carry it. */
const annotation = /^(description|title|example|examples|externalDocs|x-.*)$/;
/** Keywords whose value maps names to schemas: the names are data, never annotations. */
const schemaMaps = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

/**
 * `schema` without its annotations, so the compiled module holds only what validates.
 * @param {unknown} schema
 * @returns {any}
 */
function withoutAnnotations(schema) {
  if (Array.isArray(schema)) return schema.map(withoutAnnotations);
  if (!schema || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !annotation.test(key))
      .map(([key, value]) => [
        key,
        schemaMaps.has(key) && value && typeof value === "object"
          ? Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, withoutAnnotations(inner)]))
          : key === "enum" || key === "const" || key === "default"
            ? value
            : withoutAnnotations(value),
      ]),
  );
}

/**
 * Standalone validators for `schemas`, each able to follow `#/…` references into `spec`, and
 * their declaration, each typed as `type.name` imported from `type.from`.
 * @param {Node} spec
 * @param {Record<string, Node>} schemas
 * @param {{ options?: import("ajv").Options, header: string, type: { name: string, from: string } }} how
 */
export function standaloneValidators(spec, schemas, { options = {}, header, type }) {
  const addFormats = addFormatsModule.default ?? addFormatsModule;
  const ajv = addFormats(
    new Ajv2020({ allErrors: true, strict: false, inlineRefs: false, ...options, code: { source: true, esm: true, formats: _`formats` } }),
    { mode: "fast" },
  );
  // As the module's `formats` (asModule): the full date checks, so the code calls them as functions.
  ajv.addFormat("date", fullFormats.date);
  ajv.addFormat("date-time", fullFormats["date-time"]);
  // Each component schema compiles once, as a function every validator that uses it calls.
  addSpec(ajv, spec, withoutAnnotations);
  /** @type {Record<string, string>} */
  const names = {};
  // Schemas alike (every operation's 401 is ErrorBody) share one validator, its first name's:
  // the others are exported as aliases (ajv would repeat the function under each).
  /** @type {Map<string, string>} */
  const firstNames = new Map();
  /** @type {string[]} */
  const aliases = [];
  for (const [name, schema] of Object.entries(schemas)) {
    const bare = withoutAnnotations(rebase(schema));
    const key = JSON.stringify(bare);
    const first = firstNames.get(key);
    if (first) {
      aliases.push(`export const ${name} = ${first};`);
      continue;
    }
    firstNames.set(key, name);
    ajv.addSchema({ ...bare, $id: `${specId}/${name}` });
    names[name] = `${specId}/${name}`;
  }
  const declaration = `${header}import type { ${type.name} } from "${type.from}";\n${Object.keys(schemas)
    .map((name) => `export declare const ${name}: ${type.name};\n`)
    .join("")}`;
  return { code: `${asModule(standaloneCode(ajv, names), header)}\n${aliases.join("\n")}\n`, declaration };
}
