// Reading the bundled spec, for the scripts and the tests alike: its local `$ref`s, its
// operations with their parameters, its object schemas' properties, and the rebasing that lets
// ajv compile a schema taken out of it.

/** @typedef {Record<string, any>} Node A parsed object of the spec: a schema, a parameter, an operation, the spec itself. */

/** @typedef {(typeof httpMethods)[number]} HttpMethod */

/**
 * @typedef {object} OperationEntry
 * @property {string} path
 * @property {HttpMethod} method
 * @property {Node} pathItem
 * @property {Node} operation
 * @property {Node[]} parameters The path item's parameters, then the operation's, each resolved.
 */

/** The operations a path item can hold, the first five in the order generated/mock/operations.json lists an item's. */
const httpMethods = /** @type {const} */ (["get", "post", "put", "patch", "delete", "head", "options", "trace"]);

/** The `$id` the whole spec is registered under in ajv, so schemas taken from it can point back into it. */
export const specId = "https://session-recordings-api.local/openapi.json";

/**
 * Follows `#/…` references from `node` until it reaches an object that is not one.
 * @param {Node} spec
 * @param {unknown} node
 * @returns {any}
 */
export function deref(spec, node) {
  let current = /** @type {any} */ (node);
  while (current && typeof current.$ref === "string") {
    /** @type {string} */
    const pointer = current.$ref;
    if (!pointer.startsWith("#/")) throw new Error(`not a local $ref: ${pointer}`);
    current = pointer
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((/** @type {any} */ obj, key) => obj?.[key], spec);
    if (current === undefined) throw new Error(`unresolved $ref: ${pointer}`);
  }
  return current;
}

/** The `$id` a component schema is registered under beside the spec, so ajv compiles it once however many schemas use it. */
/** @param {string} name */
const componentId = (name) => `${specId}/components/schemas/${name}`;

/**
 * Points a schema's `#/…` references at the schemas `addSpec` registers: a component schema's at
 * its own `$id`, anything else's into the spec, so it compiles on its own.
 * @param {Node} schema
 * @returns {Node}
 */
export function rebase(schema) {
  return JSON.parse(JSON.stringify(schema), (key, value) => {
    if (key !== "$ref" || typeof value !== "string" || !value.startsWith("#/")) return value;
    const component = /^#\/components\/schemas\/([^/]+)(\/.*)?$/.exec(value);
    return component ? `${componentId(/** @type {string} */ (component[1]))}${component[2] ? `#${component[2]}` : ""}` : `${specId}${value}`;
  });
}

/**
 * Registers the spec and each of its component schemas with `ajv`, for schemas `rebase` points at them.
 * @param {import("ajv").default} ajv
 * @param {Node} spec
 * @param {(schema: Node) => Node} [prepare] what to make of each component schema before ajv sees it
 */
export function addSpec(ajv, spec, prepare = (schema) => schema) {
  ajv.addSchema({ ...rebase(spec), $id: specId });
  for (const [name, schema] of Object.entries(spec.components?.schemas ?? {})) ajv.addSchema({ ...prepare(rebase(schema)), $id: componentId(name) });
}

/**
 * Every operation of the spec, by path and then in `httpMethods` order.
 * @param {Node} spec
 * @returns {OperationEntry[]}
 */
export function operationsOf(spec) {
  return Object.entries(/** @type {Record<string, Node>} */ (spec.paths)).flatMap(([path, pathItem]) =>
    httpMethods
      .filter((method) => pathItem[method])
      .map((method) => {
        const operation = pathItem[method];
        const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => deref(spec, p));
        return { path, method, pathItem, operation, parameters };
      }),
  );
}

/**
 * The properties an object schema declares, merged across `allOf`, and the names it requires.
 * `properties` is undefined when no part declares any, which differs from declaring none
 * (`properties: {}`). A property declared in several parts becomes the `allOf` of its
 * declarations, as a validator applies them all; each is given as declared, not resolved.
 * @param {Node} spec
 * @param {Node} schema
 * @returns {{ properties: Record<string, Node> | undefined, required: Set<string> }}
 */
export function propertiesOf(spec, schema) {
  const resolved = deref(spec, schema);
  /** @type {Record<string, Node> | undefined} */
  let properties = resolved.properties ? { ...resolved.properties } : undefined;
  /** @type {Set<string>} */
  const required = new Set(resolved.required ?? []);
  for (const part of resolved.allOf ?? []) {
    const inner = propertiesOf(spec, part);
    if (inner.properties) {
      properties ??= {};
      for (const [name, property] of Object.entries(inner.properties)) {
        properties[name] = properties[name] ? { allOf: [properties[name], property] } : property;
      }
    }
    for (const name of inner.required) required.add(name);
  }
  return { properties, required };
}
