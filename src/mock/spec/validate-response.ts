// Checks the mock's own answers against the spec before they leave: the status must be one the
// operation declares (exactly, or by its range such as `5XX`), and the body must match that
// response's schema.
import type { OperationEntry } from "./operations.js";
import type { MockValidator } from "./validators.js";

/** The operation's declared response for `status`: its own, else its range's. */
export function declaredStatus(operation: OperationEntry, status: number): string | undefined {
  const range = `${String(status)[0]}XX`;
  return String(status) in operation.responses ? String(status) : range in operation.responses ? range : undefined;
}

/**
 * What each validator said of the JSON texts it checked last. The same text against the same
 * schema always gets the same verdict, and a mock sends the same records again and again, so a
 * text seen lately is judged by its remembered verdict: every answer is still checked. A text is
 * found by comparing (a different length is told at once, a different text at its first
 * difference), which costs less than hashing it. Each validator keeps its last few; all of them
 * hold at most `verdictChars` characters, and start over past that. It finds what
 * ../serialised-answers.ts's memory by identity cannot, such as the live profile's listings, whose
 * items are built anew on every read (issue 62: scripts/bench/bench-answer-memories.mjs).
 */
const verdicts = new Map<MockValidator, { text: string; problems: string[] }[]>();
const verdictsEach = 8;
const verdictChars = 4 * 1024 * 1024;
let heldChars = 0;

function judged(validator: MockValidator, body: unknown, text: string | undefined): string[] {
  const recent = verdicts.get(validator);
  if (text !== undefined && recent) for (const verdict of recent) if (verdict.text === text) return verdict.problems;
  const problems = validator(body) ? [] : (validator.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`);
  if (text === undefined || text.length > verdictChars) return problems;
  if (heldChars + text.length > verdictChars) {
    verdicts.clear();
    heldChars = 0;
  }
  const kept = verdicts.get(validator) ?? [];
  verdicts.set(validator, kept);
  if (kept.length === verdictsEach) heldChars -= kept.pop()!.text.length;
  kept.unshift({ text, problems });
  heldChars += text.length;
  return problems;
}

/**
 * Failures of a response against the spec: an undeclared status, or a body its schema refuses.
 * `text` is the body as sent (the JSON of `body`), by which a verdict is remembered.
 */
export function responseViolations(operation: OperationEntry, status: number, body: unknown, text?: string): string[] {
  const key = declaredStatus(operation, status);
  if (key === undefined) return [`status ${status} is not a documented response of ${operation.id}`];
  const declared = operation.responses[key]!;
  const validator = declared.json ? operation.validate.responses[key] : undefined;
  if (!validator) return body === undefined ? [] : [`status ${status} of ${operation.id} has no body in the spec, but one was sent`];
  return judged(validator, body, text);
}
