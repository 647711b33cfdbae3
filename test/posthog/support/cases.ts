// The cases files (test/posthog/README.md), read and checked: a field the format does not know, or
// one of the wrong kind, is an error naming the file, the case and the field, so a typo cannot turn
// into a case that checks less than its test.
import { readdirSync, readFileSync } from "node:fs";
import { parse } from "yaml";

export const skipReasons = ["setup", "patched", "rows-only", "outside", "not-http"] as const;
export type SkipReason = (typeof skipReasons)[number];

export const checkNames = [
  "equals",
  "not_equals",
  "same_as",
  "length",
  "present",
  "contains",
  "not_contains",
  "has_item",
  "lacks_item",
  "every_item",
  "at_least",
  "at_most",
] as const;
export type CheckName = (typeof checkNames)[number];

export interface Check {
  at: string | (string | number)[];
  check: CheckName;
  value: unknown;
}

export interface Send {
  method: string;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Values a step adds to a named list: `field` of each item at `from` whose fields equal `where`'s. */
export interface Collect {
  from: string;
  field: string;
  where: Record<string, unknown>;
}

export interface Step {
  send: Send;
  keep: Record<string, string>;
  collect: Record<string, Collect>;
  status?: number;
  body: Check[];
}

export const collectedCheckNames = ["length", "unique", "same_set", "distinct", "distinct_at_least"] as const;
/**
 * A check on lists the steps collected, made after the last step (a test's assertions after its
 * loop over pages): `length` of the list, `unique` (no value twice), `same_set` (the same values,
 * in any order), `distinct` (how many different values the named lists hold together, a number or
 * a kept value), `distinct_at_least`.
 */
export interface CollectedCheck {
  of: string[];
  check: (typeof collectedCheckNames)[number];
  value: unknown;
}

export type Given = Record<string, unknown>;

interface CaseBase {
  /** `file#name`: unique across the suite, the ledger's key. */
  id: string;
  file: string;
  name: string;
  area: string;
}
export type Case =
  | (CaseBase & { kind: "run"; now?: string; scopes?: string[]; given: Given; givenOtherTeam: Given; steps: Step[]; collected: CollectedCheck[] })
  | (CaseBase & { kind: "skip"; reason: SkipReason; why: string })
  | (CaseBase & { kind: "older"; why: string });

export interface CasesFile {
  file: string;
  testFile: string;
  version: Record<string, unknown>;
  cases: Case[];
}

export class CaseFormatError extends Error {
  override name = "CaseFormatError";
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function fields(where: string, value: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (!isObject(value)) throw new CaseFormatError(`${where}: expected a mapping`);
  const unknown = Object.keys(value).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw new CaseFormatError(`${where}: unknown field ${unknown.join(", ")} (known: ${allowed.join(", ")})`);
  return value;
}

function text(where: string, value: unknown): string {
  if (typeof value !== "string" || value === "") throw new CaseFormatError(`${where}: expected a non-empty string`);
  return value;
}

const givenKeys = ["playlists", "members", "recordings", "activity", "subscriptions", "sharing", "insights", "dashboards", "deliveries"];

function readCheck(where: string, raw: unknown): Check {
  const entry = fields(where, raw, ["at", ...checkNames]);
  const named = checkNames.filter((name) => name in entry);
  if (named.length !== 1) throw new CaseFormatError(`${where}: one check of ${checkNames.join(", ")}; got ${named.length}`);
  const at = entry.at ?? "";
  if (typeof at !== "string" && !(Array.isArray(at) && at.every((key) => typeof key === "string" || typeof key === "number"))) {
    throw new CaseFormatError(`${where}.at: a dotted path or a list of keys`);
  }
  const value = entry[named[0]!];
  if (named[0] === "same_as" && typeof value !== "string" && !Array.isArray(value)) throw new CaseFormatError(`${where}.same_as: a path in the same answer`);
  return { at, check: named[0]!, value };
}

function readStep(where: string, raw: unknown): Step {
  const step = fields(where, raw, ["send", "keep", "collect", "expect"]);
  const send = fields(`${where}.send`, step.send, ["method", "path", "query", "body"]);
  const method = text(`${where}.send.method`, send.method).toUpperCase();
  if (!["GET", "POST", "PATCH", "PUT", "DELETE", "HEAD", "OPTIONS"].includes(method))
    throw new CaseFormatError(`${where}.send.method: ${method} is not an HTTP method`);
  const path = text(`${where}.send.path`, send.path);
  if (!path.startsWith("/")) throw new CaseFormatError(`${where}.send.path: must start with /`);
  if (send.query !== undefined && !isObject(send.query)) throw new CaseFormatError(`${where}.send.query: expected a mapping`);
  const keep = step.keep === undefined ? {} : fields(`${where}.keep`, step.keep, Object.keys(step.keep as object));
  for (const [name, at] of Object.entries(keep)) text(`${where}.keep.${name}`, at);
  const collect = step.collect === undefined ? {} : fields(`${where}.collect`, step.collect, Object.keys(step.collect as object));
  const collects = Object.fromEntries(
    Object.entries(collect).map(([name, raw]) => {
      const entry = fields(`${where}.collect.${name}`, raw, ["from", "field", "where"]);
      if (entry.where !== undefined && !isObject(entry.where)) throw new CaseFormatError(`${where}.collect.${name}.where: expected a mapping`);
      const from = typeof entry.from === "string" ? entry.from : text(`${where}.collect.${name}.from`, entry.from);
      return [name, { from, field: text(`${where}.collect.${name}.field`, entry.field), where: (entry.where as Record<string, unknown> | undefined) ?? {} }];
    }),
  );
  const expect = step.expect === undefined ? {} : fields(`${where}.expect`, step.expect, ["status", "body"]);
  if (expect.status !== undefined && !Number.isInteger(expect.status)) throw new CaseFormatError(`${where}.expect.status: expected an integer`);
  if (expect.body !== undefined && !Array.isArray(expect.body)) throw new CaseFormatError(`${where}.expect.body: expected a list of checks`);
  return {
    send: { method, path, ...(send.query === undefined ? {} : { query: send.query }), ...("body" in send ? { body: send.body } : {}) },
    keep: keep as Record<string, string>,
    collect: collects,
    ...(expect.status === undefined ? {} : { status: expect.status as number }),
    body: ((expect.body as unknown[] | undefined) ?? []).map((check, index) => readCheck(`${where}.expect.body[${index}]`, check)),
  };
}

function readCollectedCheck(where: string, raw: unknown, lists: Set<string>): CollectedCheck {
  const entry = fields(where, raw, ["of", ...collectedCheckNames]);
  const named = collectedCheckNames.filter((name) => name in entry);
  if (named.length !== 1) throw new CaseFormatError(`${where}: one check of ${collectedCheckNames.join(", ")}; got ${named.length}`);
  const of = typeof entry.of === "string" ? [entry.of] : entry.of;
  if (!Array.isArray(of) || of.length === 0 || !of.every((name) => typeof name === "string" && lists.has(name)))
    throw new CaseFormatError(`${where}.of: a list a step collects, or several (collected: ${[...lists].join(", ") || "none"})`);
  return { of: of as string[], check: named[0]!, value: entry[named[0]!] };
}

function readGiven(where: string, raw: unknown): Given {
  return raw === undefined ? {} : fields(where, raw, givenKeys);
}

function readCase(file: string, raw: unknown, index: number): Case {
  const where = `${file} cases[${index}]`;
  const entry = fields(where, raw, ["name", "area", "now", "scopes", "given", "given_other_team", "steps", "collected", "skip", "why", "older_than_source"]);
  const name = text(`${where}.name`, entry.name);
  const base = { id: `${file}#${name}`, file, name, area: text(`${where} (${name}).area`, entry.area) };
  const at = `${file} ${name}`;
  const kinds = ["steps", "skip", "older_than_source"].filter((key) => key in entry);
  if (kinds.length !== 1) throw new CaseFormatError(`${at}: exactly one of steps, skip, older_than_source; got ${kinds.join(", ") || "none"}`);
  if (entry.skip !== undefined) {
    if (!skipReasons.includes(entry.skip as SkipReason))
      throw new CaseFormatError(`${at}.skip: one of ${skipReasons.join(", ")}; got ${JSON.stringify(entry.skip)}`);
    return { ...base, kind: "skip", reason: entry.skip as SkipReason, why: text(`${at}.why`, entry.why) };
  }
  if (entry.older_than_source !== undefined) return { ...base, kind: "older", why: text(`${at}.older_than_source`, entry.older_than_source) };
  if (!Array.isArray(entry.steps) || entry.steps.length === 0) throw new CaseFormatError(`${at}.steps: expected a non-empty list`);
  if (entry.scopes !== undefined && !(Array.isArray(entry.scopes) && entry.scopes.every((s) => typeof s === "string")))
    throw new CaseFormatError(`${at}.scopes: a list of scope names`);
  if (entry.now !== undefined && Number.isNaN(Date.parse(text(`${at}.now`, entry.now)))) throw new CaseFormatError(`${at}.now: not a date-time`);
  const steps = entry.steps.map((step, stepIndex) => readStep(`${at}.steps[${stepIndex}]`, step));
  const lists = new Set(steps.flatMap((step) => Object.keys(step.collect)));
  if (entry.collected !== undefined && !Array.isArray(entry.collected)) throw new CaseFormatError(`${at}.collected: expected a list of checks`);
  const collected = ((entry.collected as unknown[] | undefined) ?? []).map((check, index) => readCollectedCheck(`${at}.collected[${index}]`, check, lists));
  if (lists.size > 0 && collected.length === 0) throw new CaseFormatError(`${at}: collects ${[...lists].join(", ")} but checks none of it (collected)`);
  return {
    ...base,
    kind: "run",
    ...(entry.now === undefined ? {} : { now: entry.now as string }),
    ...(entry.scopes === undefined ? {} : { scopes: entry.scopes as string[] }),
    given: readGiven(`${at}.given`, entry.given),
    givenOtherTeam: readGiven(`${at}.given_other_team`, entry.given_other_team),
    steps,
    collected,
  };
}

export function readCasesFile(file: string, source: string): CasesFile {
  const document = fields(file, parse(source), ["test_file", "version", "cases"]);
  if (!isObject(document.version)) throw new CaseFormatError(`${file}.version: expected a mapping`);
  if (!Array.isArray(document.cases)) throw new CaseFormatError(`${file}.cases: expected a list`);
  const cases = document.cases.map((raw, index) => readCase(file, raw, index));
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new CaseFormatError(`${file}: case ${c.name} appears twice`);
    seen.add(c.id);
  }
  return { file, testFile: text(`${file}.test_file`, document.test_file), version: document.version, cases };
}

/** Every cases file in `folder`, by name. */
export function readCases(folder: URL): CasesFile[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".yaml"))
    .sort()
    .map((name) => readCasesFile(name, readFileSync(new URL(name, folder), "utf8")));
}
