// The comparison behind test/spec/posthog-generated.test.ts: PostHog's generated schemas, as facts
// (openapi/posthog-generated/facts.yaml), against a description read through `OursReader`. Each
// difference is a key `<where> · <kind> · <item>`.
//
// Both ways, as TypeScript would judge them: an answer differs where PostHog's answer type would
// refuse ours (a field it requires that ours may leave out, null where it allows none, a value it
// lacks); a request differs where our request type would refuse PostHog's (a field ours requires
// that PostHog's client may leave out, null or any JSON ours does not take, a value ours lacks).
// Fields and enum values one side has and the other lacks differ in both roles. The other
// direction is no difference: orval types a writable field of an answer as optional although the
// service always sends it, so ours requiring it says more, not something else.

export type SchemaFacts = {
  source: string;
  type: string;
  role: "answer" | "request";
  ours: string | null;
  fields: string[];
  required: string[];
  nullable: string[];
  any: string[];
  enums: Record<string, string[]>;
  maxItems?: Record<string, number>;
};
export type OperationFacts = {
  source: string;
  name: string;
  method: string;
  path: string;
  body: string | null;
  query: Record<string, string[]>;
};
export type Facts = { sources: Record<string, { file: string; version: string }>; schemas: Record<string, SchemaFacts>; operations: OperationFacts[] };

// biome-ignore lint/suspicious/noExplicitAny: a node of a parsed description, walked freely.
type Node = Record<string, any>;
export type OursReader = {
  schema(name: string): { properties: Record<string, Node>; required: string[] } | undefined;
  deref(node: unknown): Node;
  operations(): { method: string; path: string; query: { name: string; schema?: Node }[]; body: Node | null }[];
};

/** PostHog's clients write `/api/projects/{project_id}/`; the service serves each path under both prefixes (DECISIONS.md, "Path prefix"). */
const environmentsPath = (path: string) => path.replace(/^\/api\/projects\/\{project_id\}\//, "/api/environments/{project_id}/");
/** How a path is named in a key: without the prefix every compared path shares. */
const short = (path: string) => path.replace(/^\/api\/environments\/\{project_id\}/, "");
/** The paths of ours that the generated files cover, whether or not PostHog's clients call each operation. */
const comparedPrefixes = [
  "/api/environments/{project_id}/subscriptions/",
  "/api/environments/{project_id}/session_recording_playlists/",
  "/api/environments/{project_id}/session_recordings/",
];

/** The schemas a node may be, through `oneOf`, `anyOf` and `allOf` and references. */
function alternatives(reader: OursReader, node: unknown): Node[] {
  const schema = reader.deref(node);
  const parts = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  return parts.length ? parts.flatMap((part: unknown) => alternatives(reader, part)) : [schema];
}
const typesOf = (schema: Node): unknown[] => (Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type]);
const nullable = (reader: OursReader, node: unknown) =>
  alternatives(reader, node).some((s) => typesOf(s).includes("null") || (Array.isArray(s.enum) && s.enum.includes(null)));
/** Every JSON type but null, which `nullable` judges apart. */
const jsonTypes = ["object", "array", "string", "number", "boolean"];
/** Any JSON value: no type or every one, no enum, no composition (annotations, defaults and `additionalProperties: true` aside). */
const anyJson = (reader: OursReader, node: unknown) => {
  const schema = reader.deref(node);
  const types = typesOf(schema);
  const everyType = types.length === 0 || jsonTypes.every((type) => types.includes(type));
  return everyType && !schema.enum && !schema.const && !schema.oneOf && !schema.anyOf && !schema.allOf && !schema.properties;
};
/** A field's enum values (an array's items' for an array), null left out; undefined where it has none. */
function enumOf(reader: OursReader, node: unknown): string[] | undefined {
  const values = alternatives(reader, node).flatMap((s) => {
    const items = s.items ? reader.deref(s.items) : undefined;
    return s.enum ?? items?.enum ?? [];
  });
  const named = values.filter((v: unknown) => v !== null).map(String);
  return named.length ? named : undefined;
}

function schemaDifferences(key: string, facts: SchemaFacts, reader: OursReader): string[] {
  const found: string[] = [];
  const add = (kind: string, item: string) => found.push(`${key} · ${kind} · ${item}`);
  const ours = facts.ours ? reader.schema(facts.ours) : undefined;
  if (!ours) return facts.ours ? [`${key} · schema only in PostHog's · ${facts.ours}`] : [];
  const answer = facts.role === "answer";
  // A request compares the fields a body may carry: ours without its read-only ones.
  const ourFields = Object.keys(ours.properties).filter((name) => answer || !ours.properties[name]?.readOnly);
  for (const field of facts.fields) if (!ourFields.includes(field)) add("field only in PostHog's", field);
  for (const field of ourFields) if (!facts.fields.includes(field)) add("field only in ours", field);
  for (const field of facts.fields.filter((f) => ourFields.includes(f))) {
    const property = ours.properties[field];
    const theirsRequired = facts.required.includes(field);
    const oursRequired = ours.required.includes(field);
    if (answer && theirsRequired && !oursRequired) add("required only in PostHog's", field);
    if (!answer && oursRequired && !theirsRequired) add("required only in ours", field);
    const theirsNull = facts.nullable.includes(field);
    const oursNull = nullable(reader, property);
    if (answer && oursNull && !theirsNull) add("nullable only in ours", field);
    if (!answer && theirsNull && !oursNull) add("nullable only in PostHog's", field);
    const theirsAny = facts.any.includes(field);
    const oursAny = anyJson(reader, property);
    if (answer && oursAny && !theirsAny) add("any JSON only in ours", field);
    if (!answer && theirsAny && !oursAny) add("any JSON only in PostHog's", field);
    const theirsValues = facts.enums[field];
    const oursValues = enumOf(reader, property);
    if (theirsValues && oursValues) {
      for (const value of oursValues) if (!theirsValues.includes(value)) add("value only in ours", `${field}: ${value}`);
      for (const value of theirsValues) if (!oursValues.includes(value)) add("value only in PostHog's", `${field}: ${value}`);
    } else if (theirsValues && !oursValues && !anyJson(reader, property)) {
      // Ours takes any string there: a request is accepted, an answer may send what PostHog's type lacks.
      if (answer) add("free text only in ours", field);
    } else if (oursValues && !theirsValues) {
      add("values only in ours", field);
    }
    const theirsMax = facts.maxItems?.[field];
    if (theirsMax !== undefined && reader.deref(property).maxItems !== theirsMax)
      add("maxItems differs", `${field}: ${theirsMax} in PostHog's, ${reader.deref(property).maxItems ?? "none"} in ours`);
  }
  return found;
}

function operationDifferences(facts: Facts, reader: OursReader): string[] {
  const found: string[] = [];
  const ourOperations = reader.operations();
  const theirs = facts.operations.map((op) => ({ ...op, path: environmentsPath(op.path) }));
  const label = (method: string, path: string) => `${method} ${short(path)}`;
  for (const op of ourOperations.filter((o) => comparedPrefixes.some((prefix) => o.path.startsWith(prefix)))) {
    if (!theirs.some((t) => t.method === op.method && t.path === op.path)) found.push(`${label(op.method, op.path)} · operation only in ours · ${op.method}`);
  }
  for (const op of theirs) {
    const where = label(op.method, op.path);
    const match = ourOperations.find((o) => o.method === op.method && o.path === op.path);
    if (!match) {
      found.push(`${where} · operation only in PostHog's · ${op.name}`);
      continue;
    }
    const ourQuery = new Map(match.query.map((p) => [p.name, p.schema]));
    for (const [name, values] of Object.entries(op.query)) {
      if (!ourQuery.has(name)) {
        found.push(`${where} · query only in PostHog's · ${name}`);
        continue;
      }
      const oursValues = enumOf(reader, ourQuery.get(name) ?? {});
      if (values.length && oursValues) {
        for (const value of oursValues) if (!values.includes(value)) found.push(`${where} · query value only in ours · ${name}: ${value}`);
        for (const value of values) if (!oursValues.includes(value)) found.push(`${where} · query value only in PostHog's · ${name}: ${value}`);
      } else if (oursValues && !values.length) {
        found.push(`${where} · query values only in ours · ${name}`);
      }
    }
    for (const name of ourQuery.keys()) if (!(name in op.query)) found.push(`${where} · query only in ours · ${name}`);
    const theirBody = op.body ? (facts.schemas[op.body]?.ours ?? `${op.body} (no schema of ours)`) : null;
    const ourBody = match.body ? (typeof match.body.$ref === "string" ? match.body.$ref.split("/").at(-1) : "an inline schema") : null;
    if (theirBody !== ourBody) found.push(`${where} · body differs · ${theirBody ?? "none"} in PostHog's, ${ourBody ?? "none"} in ours`);
  }
  return found;
}

/** Every difference between the facts and the description `reader` reads. */
export function differencesBetween(facts: Facts, reader: OursReader): string[] {
  return [...Object.entries(facts.schemas).flatMap(([key, schema]) => schemaDifferences(key, schema, reader)), ...operationDifferences(facts, reader)];
}
