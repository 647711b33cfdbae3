// The recorder's fetch: GET and HEAD only, refused before anything is sent, so no code path of
// the recorder can change the account it reads; and paced to the service's rate limits
// (src/conformance/pacing.ts: 250 ms between requests, 5 s between pages of the recordings
// listing, which the free plan allows 12 times a minute).
import type { FetchFunction } from "../live.js";
import type { Pacer } from "../conformance/pacing.js";

export class NotReadOnlyError extends Error {
  override name = "NotReadOnlyError";
}

const readMethods = new Set(["GET", "HEAD"]);
const recordingsListing = /\/session_recordings\/?$/;

/** `fetch` (the platform's by default) allowing only reads, each waiting its turn with `pacer`. */
export function readOnlyFetch(pacer: Pacer, fetch: FetchFunction = (input, init) => globalThis.fetch(input, init)): FetchFunction {
  return async (input, init) => {
    const method = input.method.toUpperCase();
    if (!readMethods.has(method)) throw new NotReadOnlyError(`the recorder sends GET and HEAD only; it was about to send ${method}`);
    const path = new URL(input.url).pathname;
    await pacer.turn(recordingsListing.test(path) ? "listRecordings" : "other");
    return fetch(input, init);
  };
}
