// What a mock is made with: the options `createMock` takes (public, re-exported by ../engine.ts).
import type { ScenarioOption } from "../scenarios.js";
import type { KeyScopes } from "../spec/auth.js";
import type { StateChange } from "../state/changes.js";

export interface MockOptions {
  /** Seeds the generated records and every random choice; the same seed gives the same mock. Default 1. */
  seed?: number | undefined;
  /** Exact keys and their scopes (`"*"` for all), replacing the default rules. */
  keys?: KeyScopes | undefined;
  /** A named scenario to start in; `reset()` keeps it. */
  scenario?: ScenarioOption | undefined;
  /**
   * A state to start from instead of the seeded one (what `snapshot()`, `GET /__mock/state` or a
   * `--persist` file holds), checked as `restore()` checks it; `reset()` returns to it.
   */
  snapshot?: unknown;
  /** `throw` (default): a response that breaks the spec rejects `fetch`. `flag`: it is answered, with `x-mock-response-violations`. */
  responseViolations?: "throw" | "flag" | undefined;
  /** The clock for server-set timestamps. Default: the real one. */
  now?: (() => Date) | undefined;
  /** The page size of listings when the request sends no `limit`. Default: the description's default `limit`. */
  pageSize?: number | undefined;
  /** The state's size cap, in characters of its JSON; at it, writes that would grow the state answer 503 `state_full`. Default 128 MiB. */
  maxStateSize?: number | undefined;
  /**
   * Called after every request that changed the state, before it is answered, with what changed
   * (state/changes.ts: the records' new values, or `whole` for a new state). The values are the
   * store's own: serialise them before returning. When it returns a promise (a save), the answer
   * waits for it; if that rejects, the request answers 503 `not_saved` naming the failure, and
   * the change stays in memory.
   */
  onChange?: ((change: StateChange) => unknown) | undefined;
}
