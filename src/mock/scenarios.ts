// Named scenarios for the UI states a frontend must handle: each picks the state the mock
// starts from and the failures it injects before the real answer, reproducibly by seed.
import { serverError, throttled } from "./errors.js";
import type { Answer } from "./responses.js";
import { between, type Random, seededRandom } from "./state/random.js";
import { emptyState, seedState } from "./state/seed.js";
import { seedMoved } from "./state/seed-moved.js";
import type { MockState } from "./state/state.js";
import { deepFreeze, type SharedState } from "./state/working-state.js";

export const scenarioNames = ["empty", "many-pages", "rate-limited", "flaky"] as const;
export type ScenarioName = (typeof scenarioNames)[number];
export type ScenarioOption = ScenarioName | { name: ScenarioName; seed?: number };

const seedSizes = { recordings: 120, playlists: 12, subscriptions: 25 };
const manyPagesSizes = { recordings: 1000, playlists: 60, subscriptions: 120 };

export function isScenarioName(name: unknown): name is ScenarioName {
  return typeof name === "string" && (scenarioNames as readonly string[]).includes(name);
}

function builtState(scenario: ScenarioName | undefined, seed: number, now: Date): MockState {
  if (scenario === "empty") return emptyState(seed, now);
  return seedState(seed, now, scenario === "many-pages" ? manyPagesSizes : seedSizes);
}

interface Built extends SharedState {
  at: number;
  /** The same state at the last other instant asked for, made from this one. */
  moved?: SharedState & { at: number };
}

/** The seeded states built lately, by scenario and seed: a suite starts mocks from a few. */
const built = new Map<string, Built>();
const builtKept = 8;

/**
 * The state a scenario (or none) starts from at `now`, frozen whole and shared by every mock
 * that starts from it (state/working-state.ts): built once per scenario and seed, and for
 * another instant moved from that one (state/seed-moved.ts), which builds the same state.
 */
export function scenarioState(scenario: ScenarioName | undefined, seed: number, now: Date): SharedState {
  const key = `${scenario ?? ""} ${seed}`;
  const at = now.getTime();
  let found = built.get(key);
  if (!found) {
    const state = deepFreeze(builtState(scenario, seed, now));
    found = { at, state, length: JSON.stringify(state).length };
    built.set(key, found);
    if (built.size > builtKept) built.delete(built.keys().next().value!);
  }
  if (found.at === at) return found;
  if (found.moved?.at !== at) {
    const { state, lengthChange } = seedMoved(found.state, found.at, at);
    found.moved = { at, state, length: found.length + lengthChange };
  }
  return found.moved;
}

/** A failure the scenario injects before the real answer, or undefined. */
export function scenarioFailure(scenario: ScenarioName | undefined, random: Random): Answer | undefined {
  if (scenario === "rate-limited") return throttled(between(random, 1, 5));
  if (scenario === "flaky" && random() < 0.3) {
    const status = [500, 502, 503][between(random, 0, 2)]!;
    return serverError(status, status === 503 ? { "Retry-After": "1" } : {});
  }
  return undefined;
}

export function scenarioRandom(seed: number): Random {
  return seededRandom(seed ^ 0x5eed);
}
