import { parseRetryAfter } from "../../shared/retry-after.js";
import { ConnectionError, RequestError } from "../errors.js";

/** Methods sent again after any passing failure: repeating them changes nothing more (RFC 9110 §9.2.2). */
const retryMethods: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** Statuses of a failure that may pass: a timeout, throttling, or the server's own trouble. */
const retryStatuses: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** Statuses with which the server turned the request away before acting on it: any method goes again. */
const notActedStatuses: ReadonlySet<number> = new Set([429]);

/** Statuses that say so only with Retry-After: a 503 that names when to return turned the request away. */
const retryAfterStatuses: ReadonlySet<number> = new Set([503]);

/** Backoff: the first wait, the longest, and the longest Retry-After honoured. */
const backoff = { baseMs: 500, capMs: 8_000, maxRetryAfterMs: 60_000 } as const;

/**
 * Milliseconds to wait before attempt `retry + 1`: 0.5 s × 2^retry, capped at 8 s, with
 * "equal jitter" (half fixed, half random) so clients that failed together spread out.
 */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** retry);
  return ceiling / 2 + random() * (ceiling / 2);
}

/** The server says it turned the request away before acting on it. */
function notActedOn(status: number, retryAfter: number | undefined): boolean {
  return notActedStatuses.has(status) || (retryAfterStatuses.has(status) && retryAfter !== undefined);
}

/**
 * How long to wait before attempt `retry + 2` of a `method` call whose attempt ended in
 * `outcome`, an answer or a failure; undefined to give up and surface it. One rule per `if`.
 */
export function retryDelay(method: string, outcome: Response | RequestError, retry: number, random: () => number = Math.random): number | undefined {
  if (outcome instanceof RequestError) {
    // A timeout or an abort is a limit the caller set; only a broken connection is tried again.
    if (!(outcome instanceof ConnectionError)) return undefined;
    // The request may have reached the server, which may have acted on it.
    if (!retryMethods.has(method)) return undefined;
    return backoffDelay(retry, random);
  }
  const { status } = outcome;
  // A success, or an answer that will not change by asking again.
  if (!retryStatuses.has(status)) return undefined;
  const retryAfter = parseRetryAfter(outcome.headers.get("Retry-After"));
  // POST and PATCH go again only when the server says it did not act on them.
  if (!retryMethods.has(method) && !notActedOn(status, retryAfter)) return undefined;
  // No wait named: back off.
  if (retryAfter === undefined) return backoffDelay(retry, random);
  // A wait longer than a caller would sit through: surfaced, with the header, for the caller to decide.
  if (retryAfter > backoff.maxRetryAfterMs) return undefined;
  // Never earlier than asked, and spread out a little, so clients told the same wait do not return in lockstep.
  return retryAfter + random() * Math.min(1_000, retryAfter * 0.1 + 100);
}
