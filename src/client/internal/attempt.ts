import { ConnectionError, RequestAbortedError, RequestError, RequestTimeoutError } from "../errors.js";
import type { FetchFunction } from "../options.js";
import { type Exchange, readBody } from "./read-body.js";
import { refuseRedirect } from "./redirects.js";

/** What every attempt of one client shares. */
export interface AttemptContext {
  fetch: FetchFunction;
  maxResponseBytes: number;
  /** The fetch is the platform's, which reads `init.signal` on every call. */
  readsSignal: boolean;
}

/** What every attempt of one call shares: its time limit, and the caller's signal if it has one. */
export interface AttemptLimits {
  timeoutMs: number;
  signal: AbortSignal | null | undefined;
}

const controllerKey = Symbol("attempt controller");
type AttemptInit = RequestInit & { [controllerKey]?: AbortController };

/**
 * The attempt's signal, made only when fetch reads it: an AbortSignal costs more to create
 * than the rest of the attempt, and a fetch that never reads it (a test double, an
 * in-process handler) needs none. One shared getter, enumerable, so a custom fetch that
 * spreads `init` into its own still passes it on.
 */
const lazySignal: PropertyDescriptor = {
  enumerable: true,
  get(this: AttemptInit) {
    this[controllerKey] ??= new AbortController();
    return this[controllerKey].signal;
  },
};

/**
 * Sends one attempt within `timeoutMs`, following the caller's signal if there is one, and
 * turns every failure into this package's errors. The attempt ends when the whole body has
 * arrived, so the timeout and the caller's signal cover reading it too, and a body that
 * breaks off is a connection failure like any other. It settles on a timeout or an abort
 * even when a custom fetch ignores the signal.
 */
export function sendAttempt(context: AttemptContext, request: Request, exchange: Exchange, limits: AttemptLimits): Promise<Response> {
  const { method, url } = exchange;
  const { timeoutMs, signal: callerSignal } = limits;
  const aborted = () => new RequestAbortedError(method, url, "aborted by the caller", { cause: callerSignal?.reason });
  if (callerSignal?.aborted) return Promise.reject(aborted());
  return new Promise<Response>((resolve, reject) => {
    // Redirects are answered, never followed: see refuseRedirect.
    const init: AttemptInit = { redirect: "manual" };
    // The platform's fetch reads the signal anyway, and undici takes a plain one faster than a getter.
    if (context.readsSignal) {
      init[controllerKey] = new AbortController();
      init.signal = init[controllerKey].signal;
    } else Object.defineProperty(init, "signal", lazySignal);
    let settled = false;
    const settle = (error: unknown, response?: Response) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onAbort);
      if (response) resolve(response);
      else reject(error instanceof RequestError ? error : new ConnectionError(method, url, "connection failed", { cause: error }));
    };
    // Made here if fetch has not read the signal yet, so that reading it later finds it aborted.
    const stop = (error: RequestError) => {
      init[controllerKey] ??= new AbortController();
      init[controllerKey].abort(error.cause);
      settle(error);
    };
    const onAbort = () => stop(aborted());
    const timer = setTimeout(() => stop(new RequestTimeoutError(method, url, timeoutMs)), timeoutMs);
    // A first listener costs a fresh signal more than the rest of the attempt: none without a caller's signal.
    callerSignal?.addEventListener("abort", onAbort);
    let sent: Promise<Response>;
    try {
      sent = context.fetch(request, init);
    } catch (error) {
      sent = Promise.reject(error);
    }
    sent
      .then((response) =>
        // A custom fetch that ignored the abort may answer still: its body is released unread.
        settled ? void response.body?.cancel().catch(() => undefined) : readBody(refuseRedirect(response, method, url), exchange, context.maxResponseBytes),
      )
      .then((response) => settle(undefined, response), settle);
  });
}
