// Which documented answer a request asks for instead of the mock's own: Prism's `Prefer`
// header (code, example, delay), and the refusal of an operation the spec documents with no
// 2XX (the hard deletes), answered before anything is looked up, as the live service does.
import { badPrefer, throttled } from "./errors.js";
import { empty, json } from "./responses.js";
import type { OperationEntry } from "./spec/operations.js";

export const maxDelayMs = 10_000;

export interface Prefer {
  code?: number;
  example?: string;
  delay?: number;
}

/** Parses `Prefer: code=404, example=not_found, delay=300`; unknown preferences are ignored, as RFC 7240 asks. */
export function parsePrefer(header: string | null): Prefer {
  const prefer: Prefer = {};
  for (const part of (header ?? "").split(/[,;]/)) {
    const [key, raw] = part.split("=").map((s) => s?.trim().replace(/^"|"$/g, ""));
    if (!raw) continue;
    if (key === "code" && /^\d{3}$/.test(raw)) prefer.code = Number(raw);
    if (key === "example") prefer.example = raw;
    if (key === "delay" && /^\d+$/.test(raw)) prefer.delay = Math.min(Number(raw), maxDelayMs);
  }
  return prefer;
}

function headersFor(operation: OperationEntry, status: number): Record<string, string> {
  const allow = operation.responses[String(status)]?.headers.Allow;
  return typeof allow === "string" ? { Allow: allow } : {};
}

/** The spec's answer for a `Prefer` code or example, or undefined to let the mock answer for real. */
export function preferredAnswer(operation: OperationEntry, prefer: Prefer): Response | undefined {
  if (prefer.code === undefined && prefer.example === undefined) return undefined;
  const status = prefer.code ?? operation.success ?? operation.refused!.status;
  const declared = operation.responses[String(status)];
  if (!declared) {
    const documented = Object.keys(operation.responses).join(", ");
    return badPrefer(`Prefer: code=${status} is not a documented response of ${operation.id} (documented: ${documented}).`);
  }
  if (!declared.json) return empty(status, headersFor(operation, status));
  const names = Object.keys(declared.examples);
  const name = prefer.example ?? names[0]!;
  if (!Object.hasOwn(declared.examples, name)) {
    return badPrefer(`Prefer: example=${name} is not an example of ${operation.id}'s ${status} (examples: ${names.join(", ")}).`);
  }
  // One second rather than the example's wait, so a client under test retries at once; the detail says the same.
  if (status === 429) return throttled(1);
  return json(status, declared.examples[name], headersFor(operation, status));
}

/** The answer of an operation refused by design: its documented refusal, with the `Allow` documented there, unless `Prefer` asks for another documented status. */
export function refusal(operation: OperationEntry, refused: { status: number }, prefer: Prefer): Response {
  const other = prefer.code !== undefined && prefer.code !== refused.status ? preferredAnswer(operation, prefer) : undefined;
  return other ?? preferredAnswer(operation, { code: refused.status })!;
}
