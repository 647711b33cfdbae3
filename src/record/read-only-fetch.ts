// The recorder's fetch: GET and HEAD only, refused before anything is sent, so no code path of
// the recorder can change the account it reads; and paced to the service's rate limits
// (src/conformance/pacing.ts: 250 ms between requests, 5 s between pages of the recordings
// listing, which the free plan allows 12 times a minute).

import type { Pacer } from "../conformance/pacing.js";
import type { FetchFunction } from "../live.js";
import { type RunBudget, resourceOf } from "./bounds.js";

export class NotReadOnlyError extends Error {
  override name = "NotReadOnlyError";
}

const readMethods = new Set(["GET", "HEAD"]);
const recordingsListing = /\/session_recordings\/?$/;

/** `waiting`, or the signal's reason as soon as it aborts: a wait for the pace ends with Ctrl-C. */
function untilAborted(waiting: Promise<void>, signal: AbortSignal | null | undefined): Promise<void> {
  if (!signal) return waiting;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    waiting.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** `fetch` (the platform's by default) allowing only reads, each waiting its turn with `pacer`, counted against `budget` (pages and bytes). */
export function readOnlyFetch(pacer: Pacer, fetch: FetchFunction = (input, init) => globalThis.fetch(input, init), budget?: RunBudget): FetchFunction {
  return async (input, init) => {
    const method = input.method.toUpperCase();
    if (!readMethods.has(method)) throw new NotReadOnlyError(`the recorder sends GET and HEAD only; it was about to send ${method}`);
    const path = new URL(input.url).pathname;
    budget?.page(resourceOf(path));
    await untilAborted(pacer.turn(recordingsListing.test(path) ? "listRecordings" : "other"), init?.signal ?? input.signal);
    const response = await fetch(input, init);
    return budget ? budget.counted(response, resourceOf(path)) : response;
  };
}
