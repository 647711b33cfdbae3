import { ConnectionError, RequestAbortedError, RequestError } from "./errors.js";
import type { Logger } from "./logging.js";
import { exchangeOf } from "./read-body.js";
import { pathOf } from "./url-path.js";

/** Methods that may be sent again after a connection failure: repeating them changes nothing more. */
const idempotentMethods = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
const retryableStatuses = new Set([408, 429, 500, 502, 503, 504]);

export const backoff = { baseMs: 500, capMs: 8_000, maxRetryAfterMs: 60_000 } as const;

/**
 * Milliseconds to wait before attempt `retry + 1`: 0.5 s × 2^retry, capped at 8 s, with
 * "equal jitter" (half fixed, half random) so clients that failed together spread out.
 */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** retry);
  return ceiling / 2 + random() * (ceiling / 2);
}

/** `Retry-After` in milliseconds, from delta-seconds or an HTTP date; undefined if absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its weekday and month; this keeps Date.parse from reading "-5" as a year.
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long to wait before retrying a request that got `response`, or undefined to give up
 * and surface it. POST and PATCH are retried only when the server says it did not act:
 * 429, or 503 with Retry-After.
 */
export function retryDelayForResponse(method: string, response: Response, retry: number, random?: () => number): number | undefined {
  const { status } = response;
  if (status < 408) return undefined;
  const retryAfter = parseRetryAfter(response.headers.get("Retry-After"));
  const allowed = idempotentMethods.has(method)
    ? retryableStatuses.has(status)
    : status === 429 || (status === 503 && retryAfter !== undefined);
  if (!allowed) return undefined;
  if (retryAfter === undefined) return backoffDelay(retry, random);
  if (retryAfter > backoff.maxRetryAfterMs) return undefined;
  // Never earlier than asked, and spread out a little, so clients told the same wait do not return in lockstep.
  return retryAfter + (random ?? Math.random)() * Math.min(1_000, retryAfter * 0.1 + 100);
}

/** How long to wait before retrying after the connection failed, or undefined to give up. */
export function retryDelayForConnectionError(method: string, retry: number, random?: () => number): number | undefined {
  return idempotentMethods.has(method) ? backoffDelay(retry, random) : undefined;
}

function sleep(ms: number, signal: AbortSignal | null | undefined, method: string, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => new RequestAbortedError(method, path, "aborted while waiting to retry", { cause: signal?.reason });
    if (signal?.aborted) return reject(aborted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** What openapi-fetch resolves a call with. */
export type CallResult = { response: Response };

export interface RetryConfig {
  maxRetries: number;
  log: Logger | undefined;
}

/**
 * Makes a call of up to `maxRetries + 1` attempts, each a fresh `send()`: openapi-fetch
 * builds each attempt's Request anew, so a body is sent again in full without having been
 * copied before the first. A first attempt that needs no retry settles the call directly.
 */
export function sendWithRetries<R extends CallResult>(
  method: string,
  send: () => Promise<R>,
  maxRetries: number,
  signal: AbortSignal | null | undefined,
  log: Logger | undefined,
): Promise<R> {
  const first = send();
  if (log) return retrying(method, first, send, maxRetries, signal, log);
  if (maxRetries === 0) return first;
  return first.then(
    (result) => (result.response.status < 408 ? result : retrying(method, first, send, maxRetries, signal)),
    () => retrying(method, first, send, maxRetries, signal),
  );
}

/** The attempts of a call from `pending` on, each reported to `log`. */
async function retrying<R extends CallResult>(
  method: string,
  pending: Promise<R>,
  send: () => Promise<R>,
  maxRetries: number,
  signal: AbortSignal | null | undefined,
  log?: Logger,
): Promise<R> {
  for (let retry = 0; ; retry++) {
    const started = performance.now();
    const last = retry >= maxRetries;
    const report = (path: string, outcome: { status: number } | { error: string }, delay: number | undefined) =>
      log?.({ method, path, attempt: retry + 1, ...outcome, durationMs: Math.round(performance.now() - started), ...(delay === undefined ? {} : { retryInMs: Math.round(delay) }) });
    let delay: number | undefined;
    let path: string;
    try {
      const result = await pending;
      path = pathOf(exchangeOf(result.response)?.url ?? result.response.url);
      delay = last ? undefined : retryDelayForResponse(method, result.response, retry);
      report(path, { status: result.response.status }, delay);
      if (delay === undefined) return result;
    } catch (error) {
      // Only a failed connection is tried again: timeouts and aborts are limits the caller set.
      // What fails before any request (a bad parameter) is not an attempt.
      if (!(error instanceof RequestError)) throw error;
      path = error.path;
      delay = error instanceof ConnectionError && !last ? retryDelayForConnectionError(method, retry) : undefined;
      report(path, { error: error.name }, delay);
      if (delay === undefined) throw error;
    }
    await sleep(delay, signal, method, path);
    pending = send();
  }
}
