// The mock engine: a request in, an answer out, on standard JavaScript and the Fetch API only,
// so it runs the same in Node, in browsers and behind any adapter (MSW, node:http). `mock.fetch`
// takes a Fetch `Request` and gives a `Response`; the node:http adapter feeds the same pipeline
// without building either (see `directEntry`). Its parts are in engine/: the state it holds
// (held-state.ts), the scenario it is in (scenario-choice.ts), the pipeline (pipeline.ts) and
// the request log (request-log.ts); the admin routes are admin.ts.
import { admin } from "./admin.js";
import { HeldState } from "./engine/held-state.js";
import type { MockOptions } from "./engine/options.js";
import { committed, pipeline } from "./engine/pipeline.js";
import { RequestLog } from "./engine/request-log.js";
import { fromFetch, type Incoming } from "./incoming.js";
import type { Mock } from "./mock.js";
import type { Answer } from "./responses.js";
import type { Profile } from "./spec/operations.js";
import { copy, type MockState } from "./state/state.js";

export type { MockOptions } from "./engine/options.js";
export { MockResponseViolationError } from "./engine/pipeline.js";
export type { Mock, MockRequestRecord, MockSnapshot } from "./mock.js";

/**
 * The engine's own entry, for the node:http adapter only (internal, not part of `Mock`): the
 * pipeline `mock.fetch` runs, on an `Incoming` and answering an `Answer`, so no Fetch object is
 * built. API routes only; the admin routes go through `mock.fetch`.
 */
export type DirectEntry = (request: Incoming) => Promise<Answer>;
const directEntries = new WeakMap<Mock, DirectEntry>();

/** @internal The engine's own entry of a mock `createMockOf` made; undefined for any other `Mock`, which adapters call through `fetch`. */
export const directEntry = (mock: Mock): DirectEntry | undefined => directEntries.get(mock);

const liveStates = new WeakMap<Mock, () => Readonly<MockState>>();

/**
 * @internal The state of a mock `createMockOf` made as it is now, not copied: for a caller that
 * reads it whole at once without changing it (the server's --persist writes, where `snapshot()`'s
 * copy cost more than the write). Undefined for any other `Mock`.
 */
export const liveState = (mock: Mock): Readonly<MockState> | undefined => liveStates.get(mock)?.();

/**
 * A mock answering as `profile`. Each entry point passes its own, so the default entry never
 * loads the live profile's tables: both start from the same state for a seed.
 */
export function createMockOf(profile: Profile, options: MockOptions = {}): Mock {
  // The option of 0.2, when one entry held both profiles: refused rather than ignored.
  const asked = (options as { profile?: unknown }).profile;
  if (asked !== undefined && asked !== profile.name) {
    throw new TypeError(
      `profile ${JSON.stringify(asked)}: this entry answers as the ${profile.name} profile; the live service's is \`import { createMock } from "session-recordings-api-mock/live"\``,
    );
  }
  const held = new HeldState(profile, options, options.now ?? (() => new Date()));
  const log = new RequestLog();
  const exchange = pipeline(profile, held, options, log);

  const mock: Mock = {
    async fetch(input, init) {
      const request = input instanceof Request && init === undefined ? input : new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname.startsWith("/__mock/"))
        return (await admin(mock, request, url, (response) => committed(options, response, { whole: true }))).toResponse();
      return (await exchange(fromFetch(request, url))).toResponse();
    },
    reset() {
      held.reset();
      log.clear();
    },
    snapshot: () => copy(held.working.state),
    snapshotJson: () => JSON.stringify(held.working.state),
    restore(snapshot) {
      held.restore(snapshot);
    },
    requests: () => log.read(),
    setScenario(next) {
      held.setScenario(next);
    },
    owns(url) {
      const { pathname } = new URL(url, "http://mock.invalid");
      return pathname.startsWith("/__mock/") || profile.route("GET", pathname).kind !== "not-found";
    },
  };
  directEntries.set(mock, exchange);
  liveStates.set(mock, () => held.working.state);
  return mock;
}
