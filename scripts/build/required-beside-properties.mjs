// Code generators read a schema's `required` only against the `properties` declared beside it:
// hey-api and orval drop required-ness from a resource composed with `allOf` (its writable
// fields in one part, its read-only ones in another, `required` above both), and
// openapi-typescript too when the part that requires has no properties. The split description
// composes that way so each field has one definition; the bundles state each such schema as one
// object holding a copy of each part's properties, so every required name is declared in the
// object that requires it. Copies, not pointers into another schema's properties: a generator
// types such a pointer as the other schema's optional field, `T | undefined`.

/** @typedef {Record<string, any>} Node */

/** The keywords an `allOf` part may carry for its properties to be merged into one object. */
const mergeable = new Set(["type", "properties", "required", "description"]);

/**
 * Rewrites, in place, every schema under `spec` whose `allOf` hides a required name from its
 * properties, and returns `spec`.
 * @param {Node} spec
 */
export function declareRequiredBesideProperties(spec) {
  /** @type {Map<string, Node>} */
  const done = new Map();
  /** @param {string} name */
  const component = (name) => {
    const schema = spec.components?.schemas?.[name];
    if (!schema) throw new Error(`unresolved $ref: #/components/schemas/${name}`);
    if (!done.has(name)) {
      done.set(name, schema);
      flatten(schema, `#/components/schemas/${name}`);
    }
    return schema;
  };

  /**
   * @param {Node} schema
   * @param {string} where
   */
  const flatten = (schema, where) => {
    if (!Array.isArray(schema.allOf) || !hidesRequired(schema)) return;
    /** @type {Record<string, Node>} */
    const properties = { ...schema.properties };
    const required = [...(schema.required ?? [])];
    for (const part of schema.allOf) {
      const ref = typeof part.$ref === "string" ? part.$ref.match(/^#\/components\/schemas\/([^/]+)$/)?.[1] : undefined;
      if (part.$ref !== undefined && !ref) throw new Error(`${where}: allOf part ${part.$ref} is not a component schema`);
      const source = ref ? component(ref) : part;
      for (const keyword of Object.keys(source)) {
        if (!mergeable.has(keyword) && !(ref && keyword.startsWith("x-"))) throw new Error(`${where}: cannot merge an allOf part carrying ${keyword}`);
      }
      for (const [name, property] of Object.entries(source.properties ?? {})) {
        if (name in properties) throw new Error(`${where}: ${name} is declared by two allOf parts`);
        properties[name] = structuredClone(property);
      }
      for (const name of source.required ?? []) if (!required.includes(name)) required.push(name);
    }
    delete schema.allOf;
    schema.type = "object";
    schema.required = required;
    schema.properties = properties;
  };

  /** @param {unknown} node @param {string} where */
  const walk = (node, where) => {
    if (node && typeof node === "object") {
      const object = /** @type {Node} */ (node);
      flatten(object, where);
      for (const [key, value] of Object.entries(object)) walk(value, `${where}/${key}`);
    }
  };

  for (const name of Object.keys(spec.components?.schemas ?? {})) component(name);
  walk(spec, "#");
  return spec;
}

/**
 * Whether a name `schema` or one of its inline `allOf` parts requires is not among the
 * properties declared beside that `required`.
 * @param {Node} schema
 */
function hidesRequired(schema) {
  const hidden = (/** @type {Node} */ s) => (s.required ?? []).some((/** @type {string} */ name) => !(name in (s.properties ?? {})));
  return hidden(schema) || schema.allOf.some((/** @type {Node} */ part) => part.$ref === undefined && hidden(part));
}
