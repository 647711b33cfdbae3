import { ConnectionError, RequestAbortedError, RequestError, RequestTimeoutError } from "./errors.js";
import type { FetchFunction } from "./options.js";
import { bufferResponse } from "./read-body.js";
import { refuseRedirect } from "./redirects.js";

/**
 * Sends one attempt with its own timeout, combined with the caller's signal (carried by the
 * Request), and turns fetch's failures into this package's errors. The attempt ends when the
 * whole body has arrived, so the timeout and the caller's signal cover reading it too, and
 * a body that breaks off is a connection failure like any other.
 */
export function sendWithTimeout(fetch: FetchFunction, request: Request, timeoutMs: number, maxResponseBytes: number): Promise<Response> {
  const { method, url, signal: callerSignal } = request;
  if (callerSignal.aborted) {
    return Promise.reject(new RequestAbortedError(method, url, "aborted by the caller", { cause: callerSignal.reason }));
  }
  // Not AbortSignal.any: on Node 20 a combined signal that nothing else references can be
  // garbage-collected before it fires. A listener on the request's own signal keeps this alive.
  const attempt = new AbortController();
  const follow = () => attempt.abort();
  callerSignal.addEventListener("abort", follow, { once: true });
  return new Promise<Response>((resolve, reject) => {
    const fail = (error: unknown) => {
      clearTimeout(timer);
      callerSignal.removeEventListener("abort", follow);
      if (error instanceof RequestError && !attempt.signal.aborted) reject(error);
      else if (callerSignal.aborted) reject(new RequestAbortedError(method, url, "aborted by the caller", { cause: callerSignal.reason }));
      else if (attempt.signal.aborted) reject(new RequestTimeoutError(method, url, timeoutMs));
      else reject(new ConnectionError(method, url, "connection failed", { cause: error }));
    };
    const timer = setTimeout(() => attempt.abort(), timeoutMs);
    // Settles on abort even when a custom fetch ignores the signal.
    attempt.signal.addEventListener("abort", fail, { once: true });
    // The signal goes in init, as fetch would build a new Request from the pair anyway.
    // Redirects are answered, never followed: see refuseRedirect.
    fetch(request, { signal: attempt.signal, redirect: "manual" })
      .then((response) => bufferResponse(refuseRedirect(response, method, url), method, url, maxResponseBytes))
      .then((response) => {
        clearTimeout(timer);
        attempt.signal.removeEventListener("abort", fail);
        callerSignal.removeEventListener("abort", follow);
        resolve(response);
      }, fail);
  });
}
