import { RequestAbortedError, RequestError } from "../errors.js";
import type { Logger } from "../logging.js";
import { exchangeOf } from "./read-body.js";
import { retryDelay } from "./retry-policy.js";
import { pathOf } from "./url-path.js";

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
    if (delay === undefined) {
      if (failure) throw failure;
      return result!;
    }
    await sleep(delay, signal, method, path);
  }
}
