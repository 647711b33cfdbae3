// The fuzz's requests, derived from the description: for each operation, its path ids
// (records the store holds, or hostile text), its query parameters and JSON-document
// parameters, its body, a key, and Prefer controls, each valid or hostile. A step names
// records symbolically (the newest playlist, the third recording); run time resolves them
// against the state the mock holds then, so a shrunk sequence still means something.
import fc from "fast-check";
import { deref, type OperationEntry, operations, type Schema, spec } from "../spec.js";
import type { AdminStep } from "./admin-steps.js";
import { asLatin1Bytes, hostileHeaderText, hostileNumberTokens, hostileString, prototypeNames } from "./hostile.js";
import { jsonText } from "./json-text.js";
import { arbitraryFor, type Mode, queryTextFor } from "./schema-arbitrary.js";

/** A path id: a record the store holds (counted from the newest), or text sent as given or percent-encoded. */
export type PathValue = { existing: number } | { text: string; encode: boolean };

/** The key a request sends: none, a key of the mock's table (by index) or of its default rules, or a whole raw header. */
export type Auth = { none: true } | { table: number } | { key: string } | { header: string };

export interface RequestStep {
  kind: "request";
  /** Index into `fuzzedOperations`. */
  operation: number;
  method: string;
  path: Record<string, PathValue>;
  query: { name: string; value: string; encode: boolean }[];
  body?: { text: string; contentType: string | null };
  auth: Auth;
  prefer?: string;
}

export type Step = RequestStep | { kind: "scenario"; name: "flaky" | "rate-limited" | "empty" | null; seed: number } | { kind: "reset" } | AdminStep;

export const fuzzedOperations: OperationEntry[] = operations;

/** The scopes the description's operations ask for. */
export const describedScopes: string[] = [
  ...new Set(fuzzedOperations.flatMap((e) => (e.operation.security ?? spec.security ?? []).flatMap((req: Schema) => Object.values(req).flat() as string[]))),
];

const statusesOf = (entry: OperationEntry): string[] => Object.keys(entry.operation.responses ?? {});
const exampleNamesOf = (entry: OperationEntry): string[] =>
  Object.values<Schema>(entry.operation.responses ?? {}).flatMap((response) =>
    Object.values<Schema>(deref(response).content ?? {}).flatMap((media) => Object.keys(media.examples ?? {})),
  );

/** Records counted from the newest, mostly the last few, so creates are followed by what acts on them. */
const existing: fc.Arbitrary<PathValue> = fc.oneof({ arbitrary: fc.nat(2), weight: 3 }, { arbitrary: fc.nat(500), weight: 1 }).map((n) => ({ existing: n }));

function pathValue(parameter: Schema, mode: Mode): fc.Arbitrary<PathValue> {
  const valid = arbitraryFor(parameter.schema ?? {}, "valid").map((v) => ({ text: typeof v === "string" ? v : jsonText(v), encode: true }));
  if (mode === "valid") return fc.oneof({ arbitrary: existing, weight: 8 }, { arbitrary: valid, weight: 1 });
  const hostile = fc.tuple(fc.oneof(hostileString, fc.constantFrom(...hostileNumberTokens)), fc.boolean()).map(([text, encode]) => ({ text, encode }));
  return fc.oneof({ arbitrary: existing, weight: 3 }, { arbitrary: valid, weight: 1 }, { arbitrary: hostile, weight: 3 });
}

function queryPairs(entry: OperationEntry, mode: Mode): fc.Arbitrary<RequestStep["query"]> {
  const declared = entry.parameters.filter((p) => p.in === "query");
  const pairs = declared.map((parameter) =>
    fc
      .tuple(queryTextFor(parameter, mode), mode === "valid" ? fc.constant(true) : fc.boolean())
      .map(([value, encode]) => ({ name: parameter.name, value, encode })),
  );
  // About three parameters a request, whatever the operation declares.
  const absent = fc.constant(undefined);
  const maybe = pairs.map((pair) => fc.oneof({ arbitrary: pair, weight: 3 }, { arbitrary: absent, weight: Math.max(1, pairs.length - 3) }));
  const chosen = fc.tuple(...maybe).map((all) => all.filter((pair) => pair !== undefined));
  if (mode === "valid") return chosen;
  const unknown = fc.array(fc.record({ name: fc.oneof(fc.constantFrom(...prototypeNames), hostileString), value: hostileString, encode: fc.boolean() }), {
    maxLength: 1,
  });
  return fc.tuple(chosen, unknown).map(([a, b]) => [...a, ...b]);
}

const contentTypes = fc.oneof(
  { arbitrary: fc.constant("application/json"), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/merge-patch+json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      null,
    ),
    weight: 3,
  },
  { arbitrary: hostileHeaderText, weight: 1 },
);

const malformedJson = fc.constantFrom(
  "",
  " ",
  "{",
  "}",
  "{'name':1}",
  '{"name":"x",}',
  '{"a":1}{"b":2}',
  "nul",
  "\u0000",
  "\ufeff{}",
  '{"name":"\\u12"}',
  "[".repeat(50),
);

function body(entry: OperationEntry, mode: Mode): fc.Arbitrary<RequestStep["body"]> {
  const declared = entry.operation.requestBody ? deref(entry.operation.requestBody) : undefined;
  const media = declared?.content?.["application/json"];
  if (!media) return fc.constant(undefined);
  const value = arbitraryFor(media.schema, mode).map((v) => jsonText(v));
  if (mode === "valid") return value.map((text) => ({ text, contentType: "application/json" }));
  const text = fc.oneof(
    { arbitrary: value, weight: 8 },
    { arbitrary: arbitraryFor({}, "hostile").map((v) => jsonText(v)), weight: 1 },
    { arbitrary: malformedJson, weight: 1 },
  );
  return fc.option(fc.record({ text, contentType: contentTypes }), { freq: 12, nil: undefined });
}

/** Keys the default rules read: valid, read-only, too short, wrong prefix, Object.prototype's names. */
const defaultRuleKeys = ["phx_fuzz", "phx_readonly", "phx_", "phx", "sk_live_x", "PHX_fuzz", ...prototypeNames, ...prototypeNames.map((n) => `phx_${n}`)];

export const auth: fc.Arbitrary<Auth> = fc.oneof(
  { arbitrary: fc.nat(20).map((n) => ({ table: n })), weight: 6 },
  { arbitrary: fc.constantFrom(...defaultRuleKeys).map((key) => ({ key })), weight: 3 },
  { arbitrary: fc.constant({ none: true as const }), weight: 1 },
  {
    arbitrary: fc
      .oneof(
        fc.constantFrom("Bearer", "Bearer ", "bearer phx_fuzz", "Bearer  phx_fuzz  ", "Bearer phx_a phx_b", "Token phx_fuzz", "Basic cGh4Og=="),
        hostileHeaderText.map((text) => `Bearer ${text}`),
      )
      .map((header) => ({ header })),
    weight: 1,
  },
);

/** `Prefer`: a documented status or example, a delay, and hostile versions of each. */
function prefer(entry: OperationEntry): fc.Arbitrary<string | undefined> {
  const codes = fc.oneof(fc.constantFrom(...statusesOf(entry)), fc.constantFrom("500", "503", "999", "000", "200", "2xx", "-1", "4290"));
  const names = exampleNamesOf(entry);
  const examples = fc.oneof(
    names.length ? fc.constantFrom(...names) : fc.constant("none"),
    fc.constantFrom(...prototypeNames),
    hostileHeaderText.map((t) => t.replace(/[,;=]/g, "")),
    fc.constant(asLatin1Bytes("例え")),
  );
  const delays = fc.oneof(fc.constantFrom("0", "1", "3"), fc.constantFrom("-1", "1e999", "99999999999999999999", "abc", "10001", "1.5", ""));
  const part = fc.oneof(
    codes.map((c) => `code=${c}`),
    examples.map((e) => `example=${e}`),
    delays.map((d) => `delay=${d}`),
    fc.constantFrom("return=minimal", "respond-async", "wait=5", "dynamic=true", "code", "=", "example="),
  );
  return fc.option(
    fc.tuple(fc.array(part, { minLength: 1, maxLength: 3 }), fc.constantFrom(", ", ",", "; ")).map(([parts, sep]) => parts.join(sep)),
    { freq: 6, nil: undefined },
  );
}

/** The method sent for an operation: its own, and for a GET now and then HEAD; OPTIONS for any path. */
const methodFor = (entry: OperationEntry): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constant(entry.method.toUpperCase()), weight: 12 },
    { arbitrary: fc.constant(entry.method === "get" ? "HEAD" : entry.method.toUpperCase()), weight: 1 },
    { arbitrary: fc.constant("OPTIONS"), weight: 1 },
  );

export function requestFor(index: number, mode: Mode, pathMode: Mode = mode): fc.Arbitrary<RequestStep> {
  const entry = fuzzedOperations[index]!;
  const pathParameters = entry.parameters.filter((p) => p.in === "path");
  const path = fc.record(Object.fromEntries(pathParameters.map((p) => [p.name, pathValue(p, pathMode)]))) as fc.Arbitrary<Record<string, PathValue>>;
  return fc.record({
    kind: fc.constant("request" as const),
    operation: fc.constant(index),
    method: mode === "valid" ? fc.constant(entry.method.toUpperCase()) : methodFor(entry),
    path,
    query: queryPairs(entry, mode),
    body: body(entry, mode),
    auth: mode === "valid" ? fc.constant({ table: 0 }) : auth,
    prefer: mode === "valid" ? fc.constant(undefined) : prefer(entry),
  });
}

/** Any request to any operation, valid or hostile. */
export const anyRequest: fc.Arbitrary<RequestStep> = fc
  .tuple(fc.nat(fuzzedOperations.length - 1), fc.constantFrom<Mode>("valid", "hostile", "hostile"))
  .chain(([index, mode]) => requestFor(index, mode));

/**
 * A record's life: a create with a valid body, then operations on it (the newest record, its
 * own path's item operations in the description's order, some of them), then its listing.
 */
const creates = fuzzedOperations.map((e, i) => [e, i] as const).filter(([e]) => e.method === "post" && statusesOf(e).includes("201"));
export const lifecycle: fc.Arbitrary<Step[]> = fc.constantFrom(...creates).chain(([create, index]) => {
  const related = fuzzedOperations
    .map((e, i) => [e, i] as const)
    .filter(([e]) => e.path.startsWith(create.path) && e.path !== create.path && e.path.slice(create.path.length).startsWith("{"));
  const listing = fuzzedOperations.findIndex((e) => e.path === create.path && e.method === "get");
  const newest = (step: RequestStep): RequestStep => ({
    ...step,
    path: Object.fromEntries(Object.keys(step.path).map((name) => [name, name === "project_id" ? step.path[name]! : { existing: 0 }])),
  });
  return fc
    .tuple(
      requestFor(index, "valid"),
      fc.subarray(related).chain((chosen) => fc.tuple(...chosen.map(([, i]) => fc.oneof(requestFor(i, "valid"), requestFor(i, "hostile", "valid"))))),
      listing >= 0 ? requestFor(listing, "valid").map((s) => [s]) : fc.constant([]),
    )
    .map(([first, middle, last]) => [first, ...middle.map(newest), ...last]);
});
