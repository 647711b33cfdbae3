// One line of the report: an operation called, what it answered, and its verdict against
// each description checked.
import type { Call, Outcome } from "./exchange.js";
import type { Profile } from "./plan.js";
import { check, type Verdict } from "./validate.js";

export interface Row {
  operation: string;
  /** The operation, with the page or the step when there are several. */
  label: string;
  method: string;
  /** The path requested, ids filled in; no query. */
  path: string;
  /** The answer's status; null when none came or the call was skipped. */
  status: number | null;
  /** Why nothing was checked, or what else to know. */
  note?: string;
  /** Not called: nothing to measure (an id no listing gave). Counts for no profile. */
  skipped: boolean;
  checks: Partial<Record<Profile, Verdict>>;
}

/** The path of `call`, each parameter filled in and encoded. */
const pathOf = (call: Pick<Call, "path" | "pathParams">) =>
  call.path.replace(/\{([^{}]+)\}/g, (_, name: string) => encodeURIComponent(call.pathParams[name] ?? `{${name}}`));

/** The row for `outcome` of `call`, checked against each of `profiles`. */
export function rowOf(call: Call, label: string, outcome: Outcome, profiles: readonly Profile[]): Row {
  const base = { operation: call.operation, label, method: call.method, path: pathOf(call), skipped: false };
  if ("failure" in outcome) {
    const verdict: Verdict = { ok: false, pointer: "", expected: "an answer", found: outcome.failure };
    return { ...base, status: null, note: outcome.failure, checks: Object.fromEntries(profiles.map((p) => [p, verdict])) };
  }
  const { answer, throttled } = outcome;
  if (throttled) {
    // Declared, but it measures nothing: the operation's own answer never came.
    const verdict: Verdict = { ok: false, pointer: "", expected: "an answer past the rate limit", found: "status 429 after every retry" };
    return { ...base, status: 429, note: "still rate limited after the retries", checks: Object.fromEntries(profiles.map((p) => [p, verdict])) };
  }
  // A missing scope is an answer like any other, but it measured only the refusal.
  const note = answer.status === 403 ? "the key may not call this operation" : undefined;
  return { ...base, status: answer.status, ...(note ? { note } : {}), checks: Object.fromEntries(profiles.map((p) => [p, check(p, call.operation, answer)])) };
}

/** A row for a call that could not be made. */
export function skippedRow(call: Call, label: string, note: string): Row {
  return { operation: call.operation, label, method: call.method, path: pathOf(call), status: null, note, skipped: true, checks: {} };
}

/** The JSON body of an answer, when it is one. */
export function jsonOf(outcome: Outcome): unknown {
  if (!("answer" in outcome)) return undefined;
  try {
    return JSON.parse(outcome.answer.text);
  } catch {
    return undefined;
  }
}
