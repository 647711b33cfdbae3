import { RequestAbortedError, RequestError } from "../errors.js";
import type { CallConfig } from "../options.js";
import { type AttemptLimits, sendAttempt } from "./attempt.js";
import { keepKeyOnOrigin } from "./auth.js";
import { check, checkDuration, checkWholeNumber } from "./checks.js";
import { exchangeOf, parseData } from "./read-body.js";
import { retryDelay } from "./retry-policy.js";
import { pathOf } from "./url-path.js";

/** openapi-fetch's calls, one per HTTP method, as its client names them; `HttpMethod` is derived from this list. */
export const httpMethods = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;

/** A call's init as the caller passes it: openapi-fetch's, with this client's per-call options. */
type Init = { maxRetries?: number; timeoutMs?: number; signal?: AbortSignal | null; parseAs?: string; [key: string]: unknown } | undefined;
/** What openapi-fetch resolves a call with. */
type CallResult = { data?: unknown; response: Response };
/** One of openapi-fetch's calls, its method and path chosen. */
type Send = (init: Record<string, unknown>) => Promise<CallResult>;
type FetchMethod = (...args: unknown[]) => Promise<CallResult>;

/** Puts the call pipeline around each of openapi-fetch's calls. */
export function wrapCalls(client: Record<string, unknown>, config: CallConfig): void {
  const call = createCall(config);
  for (const method of httpMethods) {
    const send = client[method] as FetchMethod;
    client[method] = (path: unknown, init: Init) => call(method, init, (sent) => send(path, sent));
  }
  const request = client.request as FetchMethod;
  client.request = (method: string, path: unknown, init: Init) => call(String(method).toUpperCase(), init, (sent) => request(method, path, sent));
}

/**
 * The per-call options checked, naming the field. A per-call `fetch` is refused: the call
 * passes its own to openapi-fetch, and one of the caller's would bypass the key's origin
 * check, retries and timeouts.
 */
function checkCall(init: NonNullable<Init>): void {
  check(init.fetch === undefined, "init.fetch", "is not accepted per call: pass fetch to createClient");
  if (init.maxRetries !== undefined) checkWholeNumber(init.maxRetries, 0, "init.maxRetries");
  if (init.timeoutMs !== undefined) checkDuration(init.timeoutMs, "init.timeoutMs");
}

/** One call, from the caller's init to its result, in the order it runs. */
function createCall(config: CallConfig) {
  const { origin, redact, log } = config;
  // Async, so that a refused option rejects the call rather than throwing from it.
  return async function call(method: string, init: Init, send: Send): Promise<CallResult> {
    // Per-call options: checked, then kept here, out of what openapi-fetch sees (it would copy them onto the Request).
    if (init) checkCall(init);
    const { maxRetries = config.maxRetries, timeoutMs = config.timeoutMs, signal, parseAs = "json", ...rest } = init ?? {};
    const limits: AttemptLimits = { timeoutMs, signal };
    const sent = {
      ...rest,
      // JSON is read as text and parsed once, below.
      parseAs: parseAs === "json" ? "text" : parseAs,
      // openapi-fetch hands each attempt's Request to this call's own fetch, which brings the call's limits.
      // The caller's signal is listened to only during each attempt, never kept by a Request.
      fetch: (request: Request) => {
        keepKeyOnOrigin(request, origin);
        return sendAttempt(config, request, { method: request.method, url: request.url, redact }, limits);
      },
    };

    // Attempts: openapi-fetch builds each one's Request anew, so a body is sent again in full without a copy made first.
    for (let retry = 0; ; retry++) {
      const started = performance.now();
      let result: CallResult | undefined;
      let failure: RequestError | undefined;
      try {
        result = await send(sent);
      } catch (error) {
        // What fails before any request (a bad parameter) is not an attempt.
        if (!(error instanceof RequestError)) throw error;
        failure = error;
      }
      const response = result?.response;

      // Retry decision: see retry-policy.ts.
      const delay = retry < maxRetries ? retryDelay(method, response ?? failure!, retry) : undefined;
      const path = failure?.path ?? pathOf(exchangeOf(response!)?.url ?? response!.url);
      log?.({
        method,
        path,
        attempt: retry + 1,
        ...(response ? { status: response.status } : { error: failure!.name }),
        durationMs: Math.round(performance.now() - started),
        ...(delay === undefined ? {} : { retryInMs: Math.round(delay) }),
      });
      if (delay !== undefined) {
        await waitToRetry(delay, signal, method, path);
        continue;
      }
      if (failure) throw failure;

      // Parse the JSON, once.
      if (parseAs === "json") parseData(result!, method);
      return result!;
    }
  };
}

/** Waits `ms`, or rejects as soon as the caller's `signal` aborts. */
function waitToRetry(ms: number, signal: AbortSignal | null | undefined, method: string, path: string): Promise<void> {
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
    else signal?.addEventListener("abort", onAbort, { once: true });
  });
}
