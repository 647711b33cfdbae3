// A scenario as chosen (by the options, `setScenario` or `/__mock/scenario`): its name, checked,
// the seed its state and randoms follow, and those randoms.

import { isScenarioName, type ScenarioName, type ScenarioOption, scenarioNames, scenarioRandom } from "../scenarios.js";
import type { Random } from "../state/random.js";
import { seededRandom } from "../state/random.js";

export interface ScenarioChoice {
  name: ScenarioName | undefined;
  seed: number;
  /** The handlers' random choices. */
  random: Random;
  /** The scenario's failures (scenarios.ts), drawn apart from the handlers' so they do not shift them. */
  failures: Random;
}

/** The scenario `next` names (none for null or undefined), seeded by its own seed or the mock's. */
export function chooseScenario(next: ScenarioOption | null | undefined, mockSeed: number): ScenarioChoice {
  const name = next === null || next === undefined ? undefined : typeof next === "string" ? next : next.name;
  if (name !== undefined && !isScenarioName(name)) throw new TypeError(`scenario must be one of ${scenarioNames.join(", ")}; got ${JSON.stringify(name)}`);
  const seed = typeof next === "object" && next?.seed !== undefined ? next.seed : mockSeed;
  return { name, seed, random: seededRandom(seed), failures: scenarioRandom(seed) };
}
