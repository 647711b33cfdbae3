// Keeps the command within the service's rate limits, as the description's "Rate limits"
// section gives them: playlists, recordings and session lookups allow 240 requests a minute
// (one every 250 ms), and the recordings listing 12 a minute on the free plan (one every 5 s).
// A 429 is waited out as its Retry-After says, or with a backoff when it says nothing.

import { parseRetryAfter } from "../shared/retry-after.js";

export const defaultPacing = { paceMs: 250, recordingsPaceMs: 5_000 } as const;

/** The operation the free plan limits to 12 requests a minute. */
export const recordingsListing = "listRecordings";

/** Retries of one request after a 429, and the longest Retry-After waited for: past it, the 429 is reported. */
export const throttling = { retries: 3, maxWaitMs: 5 * 60_000, backoffMs: 1_000 } as const;

/** Time as the command sees it; tests pass one that only counts. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class Pacer {
  readonly #clock: Clock;
  readonly #gaps: { paceMs: number; recordingsPaceMs: number };
  #last = Number.NEGATIVE_INFINITY;
  readonly #lastOf = new Map<string, number>();

  constructor(clock: Clock, gaps: { paceMs: number; recordingsPaceMs: number }) {
    this.#clock = clock;
    this.#gaps = gaps;
  }

  /** Waits until a request to `operation` keeps to the pace, then counts it as sent. */
  async turn(operation: string): Promise<void> {
    const own = operation === recordingsListing ? this.#gaps.recordingsPaceMs : 0;
    const at = Math.max(this.#last + this.#gaps.paceMs, (this.#lastOf.get(operation) ?? Number.NEGATIVE_INFINITY) + own);
    const wait = at - this.#clock.now();
    if (wait > 0) await this.#clock.sleep(wait);
    this.#last = this.#clock.now();
    this.#lastOf.set(operation, this.#last);
  }

  /**
   * How long to wait before trying again after the `retry`-th 429 (0 for the first), or
   * undefined to report it: retries spent, or a wait past throttling.maxWaitMs.
   */
  afterThrottle(retryAfter: string | null, retry: number): number | undefined {
    if (retry >= throttling.retries) return undefined;
    const named = parseRetryAfter(retryAfter, this.#clock.now());
    const wait = named ?? Math.max(this.#gaps.paceMs, throttling.backoffMs) * 2 ** retry;
    return wait > throttling.maxWaitMs ? undefined : wait;
  }

  sleep(ms: number): Promise<void> {
    return this.#clock.sleep(ms);
  }
}
