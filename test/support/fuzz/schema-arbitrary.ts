// fast-check arbitraries read from the description's schemas: values each schema declares
// valid (its types, enums, bounds, formats, patterns, and the values its examples, defaults
// and x-faker lists give), and, when asked, hostile values mixed in at every depth.
import fc from "fast-check";
import { deref, flatten, type Schema, spec } from "../spec.js";
import { hostileJson, hostileQueryText, prototypeNames } from "./hostile.js";
import { jsonText } from "./json-text.js";

export type Mode = "valid" | "hostile";

/** Every property name any schema of the description declares: a body's unknown and read-only keys come from here. */
export const declaredPropertyNames: string[] = [
  ...new Set(Object.values<Schema>(spec.components.schemas).flatMap((schema) => Object.keys(flatten(schema).properties))),
];

/** The values the description itself gives for a schema or parameter: examples, default, x-faker's list. */
export function describedValues(node: Schema): unknown[] {
  const values: unknown[] = [];
  if ("example" in node) values.push(node.example);
  if (Array.isArray(node.examples)) values.push(...node.examples);
  else if (node.examples && typeof node.examples === "object") values.push(...Object.values<Schema>(node.examples).map((e) => deref(e).value));
  if ("default" in node) values.push(node.default);
  const faker = node["x-faker"]?.["helpers.arrayElement"];
  if (Array.isArray(faker) && Array.isArray(faker[0])) values.push(...faker[0]);
  return values.filter((value) => value !== undefined);
}

const typesOf = (schema: Schema): string[] => (schema.type === undefined ? [] : [schema.type].flat());

function integers(schema: Schema): fc.Arbitrary<number> {
  const min = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  // Mostly small ids and counts, as the store holds; the declared edges now and then.
  const low = Math.max(min, Math.min(max, 0));
  return fc.oneof(
    { arbitrary: fc.integer({ min: low, max: Math.min(max, low + 200) }), weight: 6 },
    { arbitrary: fc.constantFrom(...[min, max, min + 1, max - 1].filter((n) => Number.isSafeInteger(n))), weight: 1 },
    { arbitrary: fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }), weight: 1 },
  );
}

const dates = fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-12-31T23:59:59Z"), noInvalidDate: true });

function strings(schema: Schema): fc.Arbitrary<string> {
  const cap = Math.min(schema.maxLength ?? 40, 40);
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "date-time":
      return fc.oneof(
        dates.map((d) => d.toISOString()),
        fc.tuple(dates, fc.constantFrom("+02:00", "-11:30", "+14:00")).map(([d, zone]) => `${d.toISOString().slice(0, 19)}${zone}`),
      );
    case "date":
      return dates.map((d) => d.toISOString().slice(0, 10));
    case "email":
      return fc.emailAddress();
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  return fc.oneof(fc.string({ unit: "grapheme", maxLength: cap }), fc.string({ maxLength: cap }));
}

/** Valid values of one JSON type the schema admits, its properties and items generated in `mode`. */
function ofType(type: string, schema: Schema, mode: Mode, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return integers(schema);
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum, max: schema.maximum });
    case "string":
      return strings(schema);
    case "array": {
      const items = arbitraryFor(schema.items ?? {}, mode, depth + 1);
      const maxLength = Math.min(schema.maxItems ?? 5, 5);
      return schema.uniqueItems ? fc.uniqueArray(items, { maxLength, selector: (v) => jsonText(v) }) : fc.array(items, { maxLength });
    }
    default:
      return objects(schema, mode, depth);
  }
}

function objects(schema: Schema, mode: Mode, depth: number): fc.Arbitrary<unknown> {
  const { properties, required } = flatten(schema);
  const names = Object.keys(properties);
  if (names.length === 0 || depth > 4) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
  const model = Object.fromEntries(names.map((name) => [name, arbitraryFor(properties[name]!, mode, depth + 1)]));
  const record = fc.record(model, { requiredKeys: mode === "valid" ? [...required].filter((n) => names.includes(n)) : [] });
  if (mode === "valid") return record;
  // Keys the schema does not make writable, or that every object has: read-only fields, another schema's, Object.prototype's.
  const extra = fc.array(fc.tuple(fc.constantFrom(...declaredPropertyNames, ...prototypeNames), hostileJson), { maxLength: 2 });
  return fc.tuple(record, extra).map(([base, more]) => Object.fromEntries([...Object.entries(base as object), ...more]));
}

/** Values for `node` (a schema of the description, `$ref`s followed): valid ones, and in `hostile` mode hostile ones mixed in at every depth. */
export function arbitraryFor(node: Schema, mode: Mode, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(node);
  const described = describedValues(schema);
  let valid: fc.Arbitrary<unknown>;
  if (Array.isArray(schema.enum)) valid = fc.constantFrom(...schema.enum);
  else if ("const" in schema) valid = fc.constant(schema.const);
  else if (schema.oneOf || schema.anyOf) valid = fc.oneof(...(schema.oneOf ?? schema.anyOf).map((branch: Schema) => arbitraryFor(branch, mode, depth + 1)));
  else {
    const declared = Object.keys(flatten(schema).properties).length > 0;
    const types = typesOf(schema).length ? typesOf(schema) : declared ? ["object"] : [];
    if (types.length) valid = fc.oneof(...types.map((type) => ofType(type, schema, mode, depth)));
    // An allOf of one non-object schema is that schema; a schema with no type at all takes any JSON.
    else valid = schema.allOf ? arbitraryFor(schema.allOf[0], mode, depth + 1) : fc.jsonValue({ maxDepth: 3 });
  }
  const withDescribed = described.length ? fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: fc.constantFrom(...described), weight: 1 }) : valid;
  return mode === "valid" ? withDescribed : fc.oneof({ arbitrary: withDescribed, weight: 3 }, { arbitrary: hostileJson, weight: 1 });
}

/** A query parameter's text: its value as a URL carries it, a JSON document as JSON text, in `mode`. */
export function queryTextFor(parameter: Schema, mode: Mode): fc.Arbitrary<string> {
  const schema = deref(parameter.schema ?? {});
  const document = schema.contentMediaType === "application/json" ? schema.contentSchema : undefined;
  const described = describedValues(parameter).map((value) => (typeof value === "string" ? value : jsonText(value)));
  const valid = document
    ? arbitraryFor(document, mode).map((value) => jsonText(value))
    : arbitraryFor(schema, "valid").map((value) => (typeof value === "string" ? value : jsonText(value)));
  const withDescribed = described.length ? fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: fc.constantFrom(...described), weight: 1 }) : valid;
  return mode === "valid" ? withDescribed : fc.oneof({ arbitrary: withDescribed, weight: 2 }, { arbitrary: hostileQueryText, weight: 1 });
}
