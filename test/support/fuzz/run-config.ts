// What one run of the fuzz starts from: the mock's seed, keys, starting state, clock and page
// size; and the sequence of steps it runs.
import fc from "fast-check";
import type { KeyScopes } from "../../../src/mock/index.js";
import { adminStep } from "./admin-steps.js";
import { anyRequest, describedScopes, lifecycle, type Step } from "./requests.js";
import type { RunConfig } from "./run-steps.js";

export const stepsPerRun = 90;

/** A keys table: one key with every scope, one with every read scope, and others with some, under ordinary and hostile names. */
const keysTable: fc.Arbitrary<KeyScopes> = fc
  .tuple(fc.subarray([...describedScopes, "*"]), fc.constantFrom("phx_some", "constructor", "__proto__", "toString", "plain-key"))
  .map(([scopes, name]) => ({
    phx_admin: "*",
    phx_reader: describedScopes.filter((s) => s.endsWith(":read")),
    [name]: scopes,
    phx_none: [],
  }));

export const config: fc.Arbitrary<RunConfig> = fc.record({
  seed: fc.integer({ min: 1, max: 10_000 }),
  keys: fc.option(keysTable, { nil: undefined }),
  // Mostly a small store, so a snapshot after every request stays cheap; the whole seeded one now and then.
  start: fc.oneof(
    { arbitrary: fc.record({ recordings: fc.nat(8), playlists: fc.nat(4), subscriptions: fc.nat(4) }), weight: 20 },
    { arbitrary: fc.constant("empty" as const), weight: 4 },
    { arbitrary: fc.constant("seeded" as const), weight: 1 },
  ),
  clockStart: fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
  tickMs: fc.constantFrom(0, 1_000, 3_600_000, 3 * 86_400_000),
  pageSize: fc.constantFrom(1, 3, 10),
});

export const anyStep: fc.Arbitrary<Step[]> = fc.oneof(
  // Resets and scenarios regenerate the seeded state, the costliest step: a few a run.
  { arbitrary: anyRequest.map((s) => [s]), weight: 80 },
  { arbitrary: lifecycle, weight: 8 },
  {
    arbitrary: fc
      .record({
        kind: fc.constant("scenario" as const),
        name: fc.constantFrom("flaky" as const, "rate-limited" as const, "empty" as const, null),
        seed: fc.nat(1000),
      })
      .map((s) => [s]),
    weight: 1,
  },
  { arbitrary: fc.constant<Step[]>([{ kind: "reset" }]), weight: 1 },
  { arbitrary: adminStep.map((s) => [s]), weight: 3 },
);

/**
 * A run's steps: a fixed number, so every run sends about as many requests; each may shrink to
 * nothing (the first branch, with cross-shrinking), so a failure shrinks to the steps it needs.
 */
export const sequences: fc.Arbitrary<Step[]> = fc
  .array(fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant<Step[]>([]), weight: 1 }, { arbitrary: anyStep, weight: 60 }), {
    minLength: stepsPerRun,
    maxLength: stepsPerRun,
  })
  .map((steps) => steps.flat());
