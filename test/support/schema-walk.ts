// Walks a JSON value alongside the bundled spec's schema that describes it, so tests can
// check rules a schema cannot state (plausible values, no undeclared properties).
import { propertiesOf } from "../../scripts/lib/spec.mjs";
import { deref, type Schema, spec } from "./spec.js";

export type Visit = (path: string, value: unknown, schema: Schema) => void;

/** The JSON type names a schema admits; empty when it admits any type. */
function typesOf(schema: Schema): string[] {
  const own = schema.type === undefined ? [] : [schema.type].flat();
  const parts = [...(schema.allOf ?? [])].map((part: Schema) => typesOf(deref(part)));
  return [...own, ...parts.flat()];
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return Number.isInteger(value) ? "integer" : typeof value;
}

/** The branch of a `oneOf`/`anyOf` that fits the value's JSON type, or the schema itself. */
function branchFor(schema: Schema, value: unknown): Schema {
  const branches: Schema[] = (schema.oneOf ?? schema.anyOf ?? []).map((b: Schema) => deref(b));
  if (branches.length === 0) return schema;
  const type = jsonType(value);
  const fits = branches.find((b) => {
    const types = typesOf(b);
    return types.length === 0 || types.includes(type) || (type === "integer" && types.includes("number"));
  });
  return fits ?? schema;
}

/** The declared properties of an object schema, merged across `allOf`; undefined when it declares none. */
export const declaredProperties = (schema: Schema): Record<string, Schema> | undefined => propertiesOf(spec, schema).properties;

/** Whether an object schema allows properties beyond those it declares. */
function allowsExtra(schema: Schema): boolean {
  const resolved = deref(schema);
  if (resolved.additionalProperties !== undefined && resolved.additionalProperties !== false) return true;
  return (resolved.allOf ?? []).some((part: Schema) => allowsExtra(part));
}

/** Calls `visit` for the value and every value inside it, each with the schema that describes it. */
export function walk(value: unknown, schema: Schema, visit: Visit, path = "$"): void {
  const resolved = branchFor(deref(schema), value);
  visit(path, value, resolved);
  if (Array.isArray(value)) {
    const items = resolved.items ?? resolved.allOf?.map((p: Schema) => deref(p).items).find(Boolean);
    for (const [index, item] of value.entries()) walk(item, items ?? {}, visit, `${path}[${index}]`);
  } else if (value !== null && typeof value === "object") {
    const properties = declaredProperties(resolved) ?? {};
    for (const [key, inner] of Object.entries(value)) walk(inner, properties[key] ?? {}, visit, `${path}.${key}`);
  }
}

/** Paths of properties the schema neither declares nor allows. */
export function undeclaredProperties(value: unknown, schema: Schema): string[] {
  const found: string[] = [];
  walk(value, schema, (path, inner, resolved) => {
    if (inner === null || typeof inner !== "object" || Array.isArray(inner)) return;
    const properties = declaredProperties(resolved);
    if (!properties || allowsExtra(resolved)) return;
    for (const key of Object.keys(inner)) if (!(key in properties)) found.push(`${path}.${key}`);
  });
  return found;
}
