// The state a mock holds and what it is in: the working state over the shared one it started
// from, its generation, its size, and the scenario. It starts (from the seed, a scenario or a
// snapshot), is reset to how it started, restored from a snapshot, or moved to another scenario.
import type { ScenarioOption } from "../scenarios.js";
import { scenarioState } from "../scenarios.js";
import type { Profile } from "../spec/operations.js";
import { adoptedState } from "../state/adopted-snapshots.js";
import { nextGeneration } from "../state/generation.js";
import { maxStateSize, type SizeGuard, sizeGuard } from "../state/size.js";
import type { MockState } from "../state/state.js";
import { type SharedState, type WorkingState, workingState } from "../state/working-state.js";
import type { MockOptions } from "./options.js";
import { chooseScenario, type ScenarioChoice } from "./scenario-choice.js";

/** A state whose times follow the clock (the seed's, an anchored snapshot's) is started again on `reset()` once it is this old, so its times stay near now. */
const timesKeptFor = 60_000;

export class HeldState {
  /** The state over the one it started from, shared with other mocks until written (state/working-state.ts). */
  working!: WorkingState;
  /** Changes with the state (state/generation.ts): what reads derived from it is remembered until then. */
  generation = nextGeneration();
  scenario!: ScenarioChoice;
  readonly size: SizeGuard;
  private startedLength: number | undefined;
  /** When the state's times were last set from the clock: a relative state is started again once they are stale. */
  private timesSetAt = 0;
  /** What `reset()` returns to: the state the mock started from (again, when its times were stale). */
  private created!: MockState;
  /** Whether its times follow the clock: the seed's, or an anchored snapshot's. */
  private readonly relative: boolean;

  constructor(
    private readonly profile: Profile,
    private readonly options: MockOptions,
    private readonly now: () => Date,
  ) {
    this.size = sizeGuard(options.maxStateSize ?? maxStateSize);
    this.startAsCreated();
    this.relative = options.snapshot === undefined || this.working.base.anchor !== undefined;
  }

  /** A request changed the state: what reads derived from it is stale. */
  written(): void {
    this.generation = nextGeneration();
  }

  setScenario(next: ScenarioOption | null | undefined): void {
    this.start(next);
  }

  /** Adopts a snapshot, checked unless its JSON was checked before (state/adopted-snapshots.ts); a relative one (with an `anchor`) has its times moved to now (state/rebase.ts). */
  restore(snapshot: unknown): void {
    const at = this.now();
    this.use(adoptedState(snapshot, this.profile.stateValidators, at), at);
  }

  /** What a test wrote is undone, in proportion to what it wrote; a restore or a scenario switch since, or stale times, start over. */
  reset(): void {
    if (this.working.base === this.created && !(this.relative && this.now().getTime() - this.timesSetAt >= timesKeptFor)) {
      this.working.undo();
      this.generation = nextGeneration();
      this.size.replaced(this.startedLength);
      this.start(this.options.scenario, false);
    } else this.startAsCreated();
  }

  private startAsCreated(): void {
    this.start(this.options.scenario, this.options.snapshot === undefined);
    if (this.options.snapshot !== undefined) this.restore(this.options.snapshot);
    this.created = this.working.base;
  }

  /** The scenario (or none) and its randoms; its seeded state too, unless a snapshot is to follow. */
  private start(next: ScenarioOption | null | undefined, seeded = true): void {
    const choice = chooseScenario(next, this.options.seed ?? 1);
    this.scenario = choice;
    if (seeded) {
      const at = this.now();
      this.use(scenarioState(choice.name, choice.seed, at), at);
    }
  }

  /** Starts over from a shared state. */
  private use(shared: SharedState, at: Date): void {
    this.working = workingState(shared.state);
    this.startedLength = shared.length;
    this.timesSetAt = at.getTime();
    this.generation = nextGeneration();
    this.size.replaced(shared.length);
  }
}
