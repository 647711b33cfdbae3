// What a mock is, whichever entry made it: the interface the entries, the adapters and the admin
// routes hold, apart from the engine that makes one, so the admin routes (which the engine
// answers) and the engine need not import each other.
import type { ScenarioOption } from "./scenarios.js";
import type { MockState } from "./state/state.js";

export interface MockRequestRecord {
  at: string;
  method: string;
  path: string;
  status: number;
  violations: string[];
  responseViolations: string[];
}

export type MockSnapshot = MockState;

export interface Mock {
  /** Answers a request as the API would: usable as the client's `fetch` option. */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /**
   * Back to the state the mock was created with (its `snapshot` option, else the seeded state of
   * its `scenario` option), in that scenario; clears the request log. A later `setScenario` or
   * `restore` is undone, as MSW's `resetHandlers()` returns to the initial handlers.
   */
  reset(): void;
  snapshot(): MockSnapshot;
  /** The snapshot as JSON text, serialised once with no copy first: for saving it, or GET /__mock/state. */
  snapshotJson(): string;
  /** Adopts a snapshot; throws `MockStateError` naming the bad field of a corrupt one. */
  restore(snapshot: unknown): void;
  /** The last 200 requests, oldest first: a window, so the log's memory stays the same however long the mock runs. */
  requests(): readonly MockRequestRecord[];
  /** Switches scenario (null for none); the state restarts from the scenario's seeded state. */
  setScenario(scenario: ScenarioOption | null): void;
  /** Whether a URL's path is one this mock answers, by any method (the API's operations and `/__mock/`): adapters pass the rest on. */
  owns(url: string | URL): boolean;
}

/** How many requests the log keeps: the last ones, a window, so its memory stays the same however long the mock runs. */
export const requestLogSize = 200;
