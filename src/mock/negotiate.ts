// Which documented answer a request asks for instead of the mock's own: Prism's `Prefer`
// header (code, example, delay), and the refusal of an operation the spec documents with no
// 2XX (the hard deletes), answered before anything is looked up, as the live service does.
import { throttled } from "./errors.js";
import { type Answer, empty, json } from "./responses.js";
import type { OperationEntry } from "./spec/operations.js";
import { declaredStatus } from "./spec/validate-response.js";

export const maxDelayMs = 10_000;

export interface Prefer {
  code?: number;
  example?: string;
  delay?: number;
}

/**
 * Parses `Prefer: code=404, example=not_found, delay=300`; unknown preferences are ignored, and
 * of one given twice only the first counts, as RFC 7240 asks.
 */
const noPreference: Readonly<Prefer> = Object.freeze({});

export function parsePrefer(header: string | null): Readonly<Prefer> {
  if (header === null) return noPreference;
  const prefer: Prefer = {};
  for (const part of header.split(/[,;]/)) {
    const [key, raw] = part.split("=").map((s) => s?.trim().replace(/^"|"$/g, ""));
    if (!raw) continue;
    if (key === "code" && prefer.code === undefined && /^\d{3}$/.test(raw)) prefer.code = Number(raw);
    if (key === "example" && prefer.example === undefined) prefer.example = raw;
    if (key === "delay" && prefer.delay === undefined && /^\d+$/.test(raw)) prefer.delay = Math.min(Number(raw), maxDelayMs);
  }
  return prefer;
}

/**
 * The headers the spec documents on `status`, from their examples: `Retry-After` one second
 * rather than the example's wait, so a client under test retries at once, and
 * `WWW-Authenticate` pointing at the mock's own address.
 */
function headersFor(operation: OperationEntry, status: number, origin: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, example] of Object.entries(operation.responses[declaredStatus(operation, status) ?? ""]?.headers ?? {})) {
    if (example === null || example === undefined) continue;
    if (name === "Retry-After") headers[name] = "1";
    else if (name === "WWW-Authenticate") headers[name] = String(example).replace(/https?:\/\/[^/"]+/, origin);
    else headers[name] = String(example);
  }
  return headers;
}

/** What a `Prefer` header asks for: the spec's answer, or why the mock answers for real instead. */
export type Preferred = { response: Answer } | { ignored: string } | undefined;

/**
 * The spec's answer for a `Prefer` code or example, or undefined to let the mock answer for
 * real. A preference it cannot honour (a status or an example the operation does not
 * document) is ignored, as RFC 7240 lets a server do, and the reason comes back, for the
 * engine to send in `x-mock-prefer-ignored`: an answer the operation does not declare would
 * break the spec.
 */
export function preferredAnswer(operation: OperationEntry, prefer: Prefer, origin: string): Preferred {
  if (prefer.code === undefined && prefer.example === undefined) return undefined;
  const status = prefer.code ?? operation.success ?? operation.refused!.status;
  const key = declaredStatus(operation, status);
  const declared = key === undefined ? undefined : operation.responses[key];
  if (!declared) {
    return { ignored: `code=${status} is not a documented response of ${operation.id} (documented: ${Object.keys(operation.responses).join(", ")})` };
  }
  if (!declared.json) return { response: empty(status, headersFor(operation, status, origin)) };
  const names = Object.keys(declared.examples);
  const name = prefer.example ?? names[0]!;
  if (!Object.hasOwn(declared.examples, name)) {
    return { ignored: `example=${name} is not an example of ${operation.id}'s ${status} (examples: ${names.join(", ")})` };
  }
  // The detail of a 429 says the same wait as its Retry-After.
  if (status === 429) return { response: throttled(1) };
  return { response: json(status, declared.examples[name], headersFor(operation, status, origin)) };
}

/**
 * The answer of an operation refused by design: its documented refusal, with the path's one
 * `Allow` (the router's, which every 405 on the path sends), unless `Prefer` asks for another
 * documented status.
 */
export function refusal(operation: OperationEntry, refused: { status: number }, allow: string, prefer: Prefer, origin: string): Answer {
  const other = prefer.code !== undefined && prefer.code !== refused.status ? preferredAnswer(operation, prefer, origin) : undefined;
  if (other && "response" in other) return other.response;
  return (preferredAnswer(operation, { code: refused.status }, origin) as { response: Answer }).response.with("Allow", allow);
}
