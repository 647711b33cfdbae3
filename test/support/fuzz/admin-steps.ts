// Steps through the admin routes and the in-process restore: a state put back as it was read,
// a state corrupted at one place (class 3: it must be refused whole, naming the field, or be
// a state the store's invariants hold for), and scenario bodies right and wrong (class 4:
// anything but a valid body is a 400 that changes nothing).
import fc from "fast-check";
import { type Mock, MockStateError } from "../../../src/mock/index.js";
import { hostileJson, prototypeNames } from "./hostile.js";
import { jsonText } from "./json-text.js";

/** One change to a snapshot: the keys to walk (each an index into the keys where it stands), and what to do there. */
export interface Corruption {
  kind: "corrupt-state";
  walk: number[];
  action: "replace" | "delete" | "duplicate";
  value: unknown;
  /** Through PUT /__mock/state, or `restore()` in-process. */
  via: "admin" | "restore";
}

export interface ScenarioBody {
  kind: "admin-scenario";
  body: string;
  contentType: string;
}

export type AdminStep = { kind: "admin-roundtrip" } | Corruption | ScenarioBody;

export const corruption: fc.Arbitrary<Corruption> = fc.record({
  kind: fc.constant("corrupt-state" as const),
  walk: fc.array(fc.nat(40), { minLength: 1, maxLength: 6 }),
  action: fc.constantFrom("replace" as const, "delete" as const, "duplicate" as const),
  value: fc.oneof(hostileJson, fc.constantFrom(0, 1, -1, 2 ** 31, [], {}, null, "", [null], { id: 1 })),
  via: fc.constantFrom("admin" as const, "restore" as const),
});

/** The scenarios a body may name; many-pages is left out only because its 1,000 recordings make every snapshot slow. */
const names = ["empty", "rate-limited", "flaky", null];

export const scenarioBody: fc.Arbitrary<ScenarioBody> = fc.record({
  kind: fc.constant("admin-scenario" as const),
  body: fc.oneof(
    fc
      .record({ name: fc.constantFrom(...names), seed: fc.option(fc.nat(2 ** 32 - 1), { nil: undefined }) }, { requiredKeys: ["name"] })
      .map((b) => JSON.stringify(b)),
    fc.constantFrom(
      "{}",
      '{"name":""}',
      '{"name":"nope"}',
      '{"name":"Flaky"}',
      '{"name":"flaky","seed":-1}',
      '{"name":"flaky","seed":1.5}',
      '{"name":"flaky","seed":"3"}',
      '{"name":"flaky","seed":4294967296}',
      '{"name":"flaky","seed":1e999}',
      '{"name":null,"seed":3}',
      '{"name":"flaky","extra":1}',
      "[]",
      "null",
      '"flaky"',
      "",
      "{",
      ...prototypeNames.map((name) => `{"name":${JSON.stringify(name)}}`),
      '{"__proto__":{"name":"flaky"}}',
    ),
  ),
  contentType: fc.constantFrom("application/json", "application/json", "application/json", "text/plain", "application/x-www-form-urlencoded"),
});

export const adminStep: fc.Arbitrary<AdminStep> = fc.oneof(
  { arbitrary: fc.constant({ kind: "admin-roundtrip" as const }), weight: 1 },
  { arbitrary: corruption, weight: 3 },
  { arbitrary: scenarioBody, weight: 2 },
);

/** The snapshot with the corruption applied; undefined when the walk finds nothing to change. */
export function corrupted(state: unknown, change: Corruption): unknown {
  const copy = structuredClone(state) as Record<string, unknown>;
  let parent: Record<string, unknown> | unknown[] = copy;
  let key: string | number | undefined;
  for (const step of change.walk) {
    const holder: unknown = key === undefined ? parent : (parent as Record<string | number, unknown>)[key];
    if (holder === null || typeof holder !== "object") break;
    const keys = Array.isArray(holder) ? holder.map((_, i) => i) : Object.keys(holder);
    if (keys.length === 0) break;
    if (key !== undefined) parent = holder as Record<string, unknown>;
    key = keys[step % keys.length];
  }
  if (key === undefined) return undefined;
  const at = parent as Record<string | number, unknown>;
  if (change.action === "replace") at[key] = change.value;
  else if (change.action === "delete") {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete at[key];
  } else if (Array.isArray(parent)) parent.push(structuredClone(parent[Number(key)]));
  // An object's value under a second key: a project listed under another id, members under another playlist.
  else at[`${String(key)}_copy`] = structuredClone(at[key]);
  return copy;
}

export interface AdminOutcome {
  /** What the step did, for the trace. */
  summary: string;
  problems: string[];
  requests: number;
  /** The scenario a POST /__mock/scenario switched to; undefined when it did not switch. */
  scenario?: string | null;
}

const origin = "http://mock.local";
const headerSafe = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);

/** An admin answer's own checks: never a 5xx, headers any server can send. */
async function answered(response: Response, what: string): Promise<{ status: number; text: string; problems: string[] }> {
  const text = await response.text();
  const problems: string[] = [];
  if (response.status >= 500) problems.push(`admin-5xx: ${what} answered ${response.status} ${text.slice(0, 200)}`);
  for (const [name, value] of response.headers) if (!headerSafe(value)) problems.push(`header-unsafe: ${what} ${name}`);
  return { status: response.status, text, problems };
}

/** Runs one admin step on `mock`, whose state serialised to `before` until now. */
export async function runAdminStep(mock: Mock, step: AdminStep, before: string): Promise<AdminOutcome> {
  if (step.kind === "admin-roundtrip") {
    const read = await mock.fetch(`${origin}/__mock/state`);
    const put = await answered(
      await mock.fetch(`${origin}/__mock/state`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: await read.text() }),
      "PUT /__mock/state",
    );
    const problems = put.problems;
    if (put.status !== 204) problems.push(`admin-state-roundtrip: PUT /__mock/state of its own state answered ${put.status} ${put.text.slice(0, 200)}`);
    if (mock.snapshotJson() !== before) problems.push("admin-state-roundtrip: the state differs after putting back its own snapshot");
    return { summary: "(GET /__mock/state, then PUT it back)", problems, requests: 2 };
  }
  if (step.kind === "admin-scenario") {
    const summary = `POST /__mock/scenario ${step.contentType} ${step.body}`;
    const response = await answered(
      await mock.fetch(`${origin}/__mock/scenario`, { method: "POST", headers: { "Content-Type": step.contentType }, body: step.body }),
      "POST /__mock/scenario",
    );
    const problems = response.problems;
    if (response.status === 204) return { summary, problems, requests: 1, scenario: (JSON.parse(step.body) as { name: string | null }).name };
    if (response.status !== 400 && response.status !== 415) problems.push(`admin-scenario-status: ${response.status} for ${step.body}`);
    if (mock.snapshotJson() !== before) problems.push(`admin-scenario-changed-on-refusal: ${response.status} for ${step.body}`);
    return { summary, problems, requests: 1 };
  }
  const state = corrupted(JSON.parse(before), step);
  if (state === undefined) return { summary: "(a corruption that found nothing to change)", problems: [], requests: 0 };
  const text = jsonText(state);
  const summary = `(${step.via === "admin" ? "PUT /__mock/state" : "restore()"} of the state with ${step.action} at walk ${step.walk.join(".")}${step.action === "replace" ? ` by ${jsonText(step.value).slice(0, 80)}` : ""})`;
  const problems: string[] = [];
  let refused: boolean;
  if (step.via === "admin") {
    const response = await answered(
      await mock.fetch(`${origin}/__mock/state`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: text }),
      "PUT /__mock/state",
    );
    problems.push(...response.problems);
    refused = response.status !== 204;
    if (refused && response.status !== 400) problems.push(`admin-state-status: ${response.status} ${response.text.slice(0, 200)}`);
  } else {
    try {
      mock.restore(JSON.parse(text));
      refused = false;
    } catch (problem) {
      refused = true;
      if (!(problem instanceof MockStateError)) problems.push(`restore-threw: ${(problem as Error).name}: ${(problem as Error).message.slice(0, 200)}`);
    }
  }
  if (refused && mock.snapshotJson() !== before) problems.push("restore-changed-on-refusal: a refused snapshot changed the state");
  // Adopted means kept as given: a number JSON cannot write back (1e999 parses as Infinity) must not turn into null.
  if (!refused && mock.snapshotJson() !== JSON.stringify(JSON.parse(text), (_, v) => (typeof v === "number" && !Number.isFinite(v) ? `${v}` : v)))
    problems.push("restore-adopted-differs: the state adopted is not the snapshot given");
  // An adopted snapshot is checked as any changed state is, by the store's invariants.
  return { summary, problems, requests: step.via === "admin" ? 1 : 0 };
}
