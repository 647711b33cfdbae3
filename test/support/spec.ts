// Reads the committed bundle and follows its local `$ref`s, for tests that inspect the spec.
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { bundlePath } from "../../scripts/bundle.mjs";

export type Schema = Record<string, any>;
export type Operation = Record<string, any>;

export const spec: Record<string, any> = parse(readFileSync(bundlePath, "utf8"));

export const httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** Follows `#/…` references until it reaches an object that is not one. */
export function deref<T = Schema>(node: any): T {
  let current = node;
  while (current && typeof current.$ref === "string") {
    const pointer: string = current.$ref;
    if (!pointer.startsWith("#/")) throw new Error(`not a local $ref: ${pointer}`);
    current = pointer
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((obj: any, key) => obj?.[key], spec);
    if (current === undefined) throw new Error(`unresolved $ref: ${pointer}`);
  }
  return current;
}

export function schemaNamed(name: string): Schema {
  const schema = spec.components?.schemas?.[name];
  if (!schema) throw new Error(`no schema ${name}`);
  return schema;
}

/** The properties and required names of an object schema, merged across `allOf`. */
export function flatten(schema: Schema): { properties: Record<string, Schema>; required: Set<string> } {
  const resolved = deref(schema);
  const properties: Record<string, Schema> = {};
  const required = new Set<string>(resolved.required ?? []);
  for (const part of resolved.allOf ?? []) {
    const inner = flatten(part);
    for (const [key, value] of Object.entries(inner.properties)) properties[key] = { ...properties[key], ...value };
    inner.required.forEach((key) => required.add(key));
  }
  Object.assign(properties, resolved.properties ?? {});
  return { properties, required };
}

export type OperationEntry = { method: string; path: string; operation: Operation; pathItem: Operation };

export const operations: OperationEntry[] = Object.entries<Operation>(spec.paths).flatMap(([path, pathItem]) =>
  httpMethods
    .filter((method) => pathItem[method])
    .map((method) => ({ method, path, operation: pathItem[method], pathItem })),
);

/** Path-level and operation-level parameters, resolved. */
export function parametersOf(entry: OperationEntry): Schema[] {
  return [...(entry.pathItem.parameters ?? []), ...(entry.operation.parameters ?? [])].map((p) => deref(p));
}

export function findOperation(method: string, path: string): OperationEntry {
  const entry = operations.find((e) => e.method === method && e.path === path);
  if (!entry) throw new Error(`no ${method.toUpperCase()} ${path} in the bundled spec`);
  return entry;
}
