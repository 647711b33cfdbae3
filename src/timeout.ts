import { ConnectionError, RequestAbortedError, RequestTimeoutError } from "./errors.js";
import type { FetchFunction } from "./options.js";

/**
 * Sends one attempt with its own timeout, combined with the caller's signal (carried by the
 * Request), and turns fetch's failures into this package's errors. The timeout covers the
 * wait for response headers; the caller's signal also covers reading the body.
 */
export async function sendWithTimeout(fetch: FetchFunction, request: Request, timeoutMs: number, path: string): Promise<Response> {
  const { method, signal: callerSignal } = request;
  if (callerSignal.aborted) throw new RequestAbortedError(method, path, "aborted by the caller", { cause: callerSignal.reason });

  // Not AbortSignal.any: on Node 20 a combined signal that nothing else references can be
  // garbage-collected before it fires. A listener on the request's own signal keeps this alive.
  const attempt = new AbortController();
  callerSignal.addEventListener("abort", () => attempt.abort(callerSignal.reason), { once: true });
  const timer = setTimeout(() => attempt.abort(), timeoutMs);
  // Also settles when a custom fetch ignores the signal.
  const aborted = new Promise<never>((_, reject) => {
    attempt.signal.addEventListener("abort", () => reject(attempt.signal.reason), { once: true });
  });
  const sent = fetch(new Request(request, { signal: attempt.signal }));
  sent.catch(() => undefined);
  try {
    return await Promise.race([sent, aborted]);
  } catch (error) {
    if (callerSignal.aborted) throw new RequestAbortedError(method, path, "aborted by the caller", { cause: callerSignal.reason });
    if (attempt.signal.aborted) throw new RequestTimeoutError(method, path, timeoutMs);
    throw new ConnectionError(method, path, "connection failed", { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
