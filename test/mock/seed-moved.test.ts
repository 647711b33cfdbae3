// The seeded state moved to another instant is the one seed.ts builds at that instant, exactly:
// so a mock started from the seed built once per process (scenarios.ts) cannot tell.
import { describe, expect, it } from "vitest";
import { emptyState, seedState } from "../../src/mock/state/seed.js";
import { seedMoved } from "../../src/mock/state/seed-moved.js";

const from = Date.parse("2026-11-20T10:17:43.512Z");
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
// Across a second, an hour, midnight, a week and more (story recordings fall among the generated ones), and back.
const deltas = [1, 488, 59_000, 3 * hour + 7, 14 * hour, day + 5 * hour, 7 * day, 40 * day + 13, -2 * hour, -3 * day - 1];

describe("the seeded state moved to another instant", () => {
  it("is the state built at that instant", () => {
    const seed = 7;
    const sizes = { recordings: 120, playlists: 12, subscriptions: 25 };
    const base = seedState(seed, new Date(from), sizes);
    const text = JSON.stringify(base);
    for (const delta of deltas) {
      const { state, lengthChange } = seedMoved(base, from, from + delta);
      const built = JSON.stringify(seedState(seed, new Date(from + delta), sizes));
      expect(JSON.stringify(state), `moved by ${delta} ms`).toBe(built);
      expect(text.length + lengthChange).toBe(built.length);
    }
    // The base is left as it was.
    expect(JSON.stringify(base)).toBe(text);
  });

  it("is so for the many-pages sizes and the empty scenario", () => {
    const sizes = { recordings: 1000, playlists: 60, subscriptions: 120 };
    const base = seedState(3, new Date(from), sizes);
    const delta = 20 * day + 5 * hour + 1;
    expect(JSON.stringify(seedMoved(base, from, from + delta).state)).toBe(JSON.stringify(seedState(3, new Date(from + delta), sizes)));
    const empty = emptyState(3, new Date(from));
    expect(JSON.stringify(seedMoved(empty, from, from + day).state)).toBe(JSON.stringify(emptyState(3, new Date(from + day))));
  });
});
