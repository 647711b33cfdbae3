import { ConnectionError, RequestAbortedError } from "./errors.js";
import type { Logger } from "./logging.js";
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

function sleep(ms: number, signal: AbortSignal | null, method: string, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => new RequestAbortedError(method, url, "aborted while waiting to retry", { cause: signal?.reason });
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

export type Attempt = (request: Request) => Promise<Response>;

/**
 * Sends `request` through `attempt` up to `maxRetries + 1` times. Each attempt gets its own
 * copy of the request, so a body is sent again in full. Retried responses are drained so
 * their connections are freed.
 */
export async function sendWithRetries(request: Request, attempt: Attempt, maxRetries: number, log?: Logger): Promise<Response> {
  const { method, url } = request;
  for (let retry = 0; ; retry++) {
    const last = retry >= maxRetries;
    // A bodiless Request can be sent any number of times; one with a body only once.
    const copy = last || request.body === null ? request : request.clone();
    let delay: number | undefined;
    const started = log && Date.now();
    const report = (outcome: { status?: number; error?: string }) =>
      log?.({ method, path: pathOf(url), attempt: retry + 1, ...outcome, durationMs: Date.now() - started!, ...(delay === undefined ? {} : { retryInMs: Math.round(delay) }) });
    try {
      const response = await attempt(copy);
      delay = last ? undefined : retryDelayForResponse(method, response, retry);
      report({ status: response.status });
      if (delay === undefined) return response;
      await response.body?.cancel().catch(() => undefined);
    } catch (error) {
      // Timeouts and aborts end the call: the caller set those limits.
      delay = error instanceof ConnectionError && !last ? retryDelayForConnectionError(method, retry) : undefined;
      report({ error: error instanceof Error ? error.name : "Error" });
      if (delay === undefined) throw error;
    }
    await sleep(delay, request.signal, method, url);
  }
}
