import { ConnectionError, RequestAbortedError, RequestError } from "../errors.js";
import type { Logger } from "../logging.js";
import { exchangeOf } from "./read-body.js";
import { pathOf } from "./url-path.js";

/** Methods that may be sent again after a connection failure: repeating them changes nothing more. */
const idempotent = /^(GET|HEAD|OPTIONS|PUT|DELETE)$/;
const retryableStatuses = [408, 429, 500, 502, 503, 504];

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
 * How long to wait before attempt `retry + 2` of a call that got `response`, or a connection
 * failure when there is none; undefined to give up and surface it. POST and PATCH are
 * retried only when the server says it did not act: 429, or 503 with Retry-After.
 */
export function retryDelay(method: string, response: Response | undefined, retry: number, random: () => number = Math.random): number | undefined {
  const repeatable = idempotent.test(method);
  if (!response) return repeatable ? backoffDelay(retry, random) : undefined;
  const { status } = response;
  const retryAfter = status < 408 ? undefined : parseRetryAfter(response.headers.get("Retry-After"));
  if (!(repeatable ? retryableStatuses.includes(status) : status === 429 || (status === 503 && retryAfter !== undefined))) return undefined;
  if (retryAfter === undefined) return backoffDelay(retry, random);
  // Never earlier than asked, and spread out a little, so clients told the same wait do not return in lockstep.
  return retryAfter > backoff.maxRetryAfterMs ? undefined : retryAfter + random() * Math.min(1_000, retryAfter * 0.1 + 100);
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | null | undefined, method: string, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RequestAbortedError(method, path, "aborted while waiting to retry", { cause: signal!.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort);
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
 * copied before the first. Each attempt is reported to `log`.
 */
export async function sendWithRetries<R extends CallResult>(
  method: string,
  send: () => Promise<R>,
  maxRetries: number,
  signal: AbortSignal | null | undefined,
  log: Logger | undefined,
): Promise<R> {
  for (let retry = 0; ; retry++) {
    const started = performance.now();
    let result: R | undefined;
    let failure: RequestError | undefined;
    try {
      result = await send();
    } catch (error) {
      // What fails before any request (a bad parameter) is not an attempt.
      if (!(error instanceof RequestError)) throw error;
      failure = error;
    }
    const response = result?.response;
    // Of failures, only a broken connection is tried again: timeouts and aborts are limits the caller set.
    const delay = retry < maxRetries && (response || failure instanceof ConnectionError) ? retryDelay(method, response, retry) : undefined;
    const path = failure?.path ?? pathOf(exchangeOf(response!)?.url ?? response!.url);
    log?.({
      method,
      path,
      attempt: retry + 1,
      ...(response ? { status: response.status } : { error: failure!.name }),
      durationMs: Math.round(performance.now() - started),
      ...(delay === undefined ? {} : { retryInMs: Math.round(delay) }),
    });
    if (delay === undefined) {
      if (failure) throw failure;
      return result!;
    }
    await sleep(delay, signal, method, path);
  }
}
