// Checks one answer against one description: is its status declared, is its body what that
// status declares (JSON, or none), and does the JSON hold to the schema, with the validators
// compiled ahead of time by scripts/build/compile-conformance.mjs.
import * as live from "../../generated/conformance/live-validators.js";
import * as seed from "../../generated/conformance/seed-validators.js";
import type { ValidationError } from "../shared/validation-error.js";
import { bodyKind, describeBody } from "./body-kind.js";
import { type Difference, firstDifference } from "./difference.js";
import { declaredAnswers, type Profile } from "./plan.js";

/** A validator compiled ahead of time. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

const validators: Record<Profile, Record<string, CompiledValidator>> = {
  seed: seed as unknown as Record<string, CompiledValidator>,
  live: live as unknown as Record<string, CompiledValidator>,
};

/** What the server answered: its status, Content-Type and body text. */
export interface Answer {
  status: number;
  contentType: string | null;
  text: string;
}

/** An answer holds to a description, or differs from it at `difference`. */
export type Verdict = { ok: true } | ({ ok: false } & Difference);

/** The declared status an answer's status falls under: itself, its range (`4XX`) or `default`. */
function declaredStatus(statuses: Record<string, unknown>, status: number): string | undefined {
  return [String(status), `${String(status)[0]}XX`, "default"].find((key) => Object.hasOwn(statuses, key));
}

/** Checks `answer` to `operation` against `profile`'s description. */
export function check(profile: Profile, operation: string, answer: Answer): Verdict {
  const declared = declaredAnswers(profile, operation);
  // An operation a description lacks is a request a server that follows it refuses: 404 for a
  // path it has not, or another 4XX where one of its own templates takes the path (`summary_quota`
  // as a subscription's id).
  if (!declared)
    return answer.status >= 400 && answer.status < 500
      ? { ok: true }
      : { ok: false, pointer: "", expected: `a refusal (4XX): the ${profile} description lacks ${operation}`, found: `status ${answer.status}` };
  const status = declaredStatus(declared.statuses, answer.status);
  const body = bodyKind(answer.text, answer.contentType);
  // A failure is declared (`5XX`) but shows nothing of the operation, so it never passes a check.
  if (answer.status >= 500)
    return { ok: false, pointer: "", expected: "the operation's answer, not a server failure", found: `status ${answer.status} with ${describeBody(body)}` };
  if (!status)
    return {
      ok: false,
      pointer: "",
      expected: `a declared status (${Object.keys(declared.statuses).join(", ")})`,
      found: `status ${answer.status} with ${describeBody(body)}`,
    };
  if (!declared.statuses[status]!.json)
    return body.kind === "empty" ? { ok: true } : { ok: false, pointer: "", expected: "no body", found: describeBody(body) };
  if (body.kind !== "json" || !body.declaredJson) return { ok: false, pointer: "", expected: "a JSON body (application/json)", found: describeBody(body) };
  const validate = validators[profile][`${operation}_${status}`]!;
  return validate(body.value) ? { ok: true } : { ok: false, ...firstDifference(validate.errors, body.value) };
}
