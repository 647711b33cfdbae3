// The mock engine: a request in, an answer out, on standard JavaScript and the Fetch API only,
// so it runs the same in Node, in browsers and behind any adapter (MSW, node:http). `mock.fetch`
// takes a Fetch `Request` and gives a `Response`; the node:http adapter feeds the same pipeline
// without building either (see `directEntry`).
import { admin } from "./admin.js";
import { documentedRefusal, methodNotAllowed, notFound, notSaved, prefixNotServed, requestTooLarge, stateFull } from "./errors.js";
import { fromFetch, type Incoming } from "./incoming.js";
import { type Mock, type MockRequestRecord, requestLogSize } from "./mock.js";
import { type Prefer, parsePrefer, preferredAnswer, refusal } from "./negotiate.js";
import { resolveCurrent, servedPrefixOf, underOtherPrefix } from "./project-paths.js";
import { handlers } from "./resources/index.js";
import { Answer, empty, headerJson, validationError, withoutBody } from "./responses.js";
import { isScenarioName, type ScenarioName, type ScenarioOption, scenarioFailure, scenarioNames, scenarioRandom, scenarioState } from "./scenarios.js";
import { serialisedAnswers } from "./serialised-answers.js";
import { authorize, type KeyScopes, keyHolds } from "./spec/auth.js";
import type { OperationEntry, Profile } from "./spec/operations.js";
import { checkIncoming, maxBodyBytes } from "./spec/validate-request.js";
import { responseViolations } from "./spec/validate-response.js";
import { adoptedState } from "./state/adopted-snapshots.js";
import { recordOf, type StateChange, type StatePart } from "./state/changes.js";
import { nextGeneration } from "./state/generation.js";
import { seededRandom } from "./state/random.js";
import { maxStateSize, sizeGuard } from "./state/size.js";
import { copy, type MockState } from "./state/state.js";
import { type SharedState, type WorkingState, workingState } from "./state/working-state.js";

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

export type { Mock, MockRequestRecord, MockSnapshot } from "./mock.js";

export class MockResponseViolationError extends Error {
  override name = "MockResponseViolationError";
  constructor(
    readonly operationId: string,
    readonly status: number,
    readonly violations: string[],
  ) {
    super(`The mock's ${status} answer to ${operationId} breaks the spec: ${violations.join("; ")}`);
  }
}

/** What the pipeline decided for one API request: the answer, the operation it matched, and what was wrong with the request. */
interface Outcome {
  response: Answer;
  operation?: OperationEntry | undefined;
  violations: string[];
}

const noViolations: string[] = [];
const answered = (response: Answer, operation?: OperationEntry, violations: string[] = noViolations): Outcome => ({ response, operation, violations });

/** Whether a request only reads: what it derives from the state may be remembered for the state's generation. */
const reads = (method: string) => method === "GET" || method === "HEAD";

/** One entry of the request log as kept: its time as a number, written out only when the log is read. */
type LogEntry = Omit<MockRequestRecord, "at"> & { at: number };

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
  const { table, route } = profile;
  // A profile that serves its paths under one prefix names it to a caller of another (the seed's).
  const onePrefix = table.pathAliases.length === 0 ? servedPrefixOf(table.operations) : undefined;
  // The option of 0.2, when one entry held both profiles: refused rather than ignored.
  const asked = (options as { profile?: unknown }).profile;
  if (asked !== undefined && asked !== profile.name) {
    throw new TypeError(
      `profile ${JSON.stringify(asked)}: this entry answers as the ${profile.name} profile; the live service's is \`import { createMock } from "session-recordings-api-mock/live"\``,
    );
  }
  const seed = options.seed ?? 1;
  const now = options.now ?? (() => new Date());
  const pageSize = options.pageSize;
  const flagViolations = options.responseViolations === "flag";
  let scenario: ScenarioName | undefined;
  // The state over the one it started from, shared with other mocks until written (state/working-state.ts).
  let working!: WorkingState;
  let startedLength: number | undefined;
  // When the state's times were last set from the clock: a relative state (the seed's, an anchored snapshot's) is started again once they are stale.
  let timesSetAt = 0;
  // Changes with the state (state/generation.ts): what reads derived from it is remembered until then.
  let generation = nextGeneration();
  const serialised = serialisedAnswers();
  let random = seededRandom(seed);
  let failures = scenarioRandom(seed);
  // A ring of the last `requestLogSize` requests: `logNext` is where the next one goes.
  let log: LogEntry[] = [];
  let logNext = 0;
  const size = sizeGuard(options.maxStateSize ?? maxStateSize);

  /** Starts over from a shared state. */
  function use(shared: SharedState, at: Date) {
    working = workingState(shared.state);
    startedLength = shared.length;
    timesSetAt = at.getTime();
    generation = nextGeneration();
    size.replaced(shared.length);
  }
  /** The scenario (or none) and its randoms; its seeded state too, unless a snapshot is to follow. */
  function start(next: ScenarioOption | null | undefined, seeded = true) {
    const name = next === null || next === undefined ? undefined : typeof next === "string" ? next : next.name;
    if (name !== undefined && !isScenarioName(name)) throw new TypeError(`scenario must be one of ${scenarioNames.join(", ")}; got ${JSON.stringify(name)}`);
    const scenarioSeed = typeof next === "object" && next?.seed !== undefined ? next.seed : seed;
    scenario = name;
    if (seeded) {
      const at = now();
      use(scenarioState(name, scenarioSeed, at), at);
    }
    random = seededRandom(scenarioSeed);
    failures = scenarioRandom(scenarioSeed);
  }
  /** Adopts a snapshot, checked unless its JSON was checked before (state/adopted-snapshots.ts); a relative one (with an `anchor`) has its times moved to now (state/rebase.ts). */
  function adopt(snapshot: unknown) {
    const at = now();
    use(adoptedState(snapshot, profile.stateValidators, at), at);
  }
  // What `reset()` returns to: the state the mock started from (again, when its times were stale).
  let created!: MockState;
  function startAsCreated() {
    start(options.scenario, options.snapshot === undefined);
    if (options.snapshot !== undefined) adopt(options.snapshot);
    created = working.base;
  }
  startAsCreated();
  /** A state whose times follow the clock (the seed's, an anchored snapshot's) is started again on `reset()` once it is this old, so its times stay near now. */
  const timesKeptFor = 60_000;
  const relative = options.snapshot === undefined || working.base.anchor !== undefined;

  function record(entry: LogEntry) {
    log[logNext] = entry;
    logNext = (logNext + 1) % requestLogSize;
  }

  /** The answer to a request that changed the state, once `onChange` has taken the change. */
  async function committed(response: Answer, change: StateChange): Promise<Answer> {
    try {
      await options.onChange?.(change);
      return response;
    } catch (problem) {
      return notSaved(problem instanceof Error ? problem.message : String(problem));
    }
  }

  /**
   * An API request through the pipeline, in the service's order: route, authenticate and
   * authorize, throttle (the scenarios' failures), refuse the method, check the request,
   * negotiate, handle. HEAD is answered as GET; OPTIONS, which a browser sends without
   * credentials, from the path alone.
   */
  async function answer(request: Incoming): Promise<Outcome> {
    const url = request.url;
    const matched = route(request.method === "HEAD" ? "GET" : request.method, url.pathname);
    if (matched.kind === "not-found") {
      const elsewhere = onePrefix !== undefined && underOtherPrefix(route, onePrefix, request.method === "HEAD" ? "GET" : request.method, url.pathname);
      return answered(elsewhere ? prefixNotServed(onePrefix) : notFound());
    }
    if (request.method === "OPTIONS") return answered(empty(204, { Allow: matched.allow }));
    const operation = matched.kind === "method-not-allowed" ? undefined : matched.operation;

    const refused = authorize(request.header("authorization"), operation, options.keys, url.origin, table.writeGrantsRead);
    if (refused) return answered(refused, operation);

    const failure = scenarioFailure(scenario, failures);
    if (failure) return answered(failure, operation);

    if (matched.kind === "method-not-allowed") return answered(methodNotAllowed(request.method, matched.allow));
    const prefer = parsePrefer(request.header("prefer"));
    if (matched.operation.refused) return answered(refusal(matched.operation, matched.operation.refused, matched.allow, prefer, url.origin), operation);
    // A path segment that cannot be decoded names no record.
    if (matched.kind === "bad-path") return answered(notFound(), operation, [`path ${matched.param}: malformed percent-escape`]);
    return answerOperation(request, matched.operation, matched.params, prefer);
  }

  // What every handler's context holds the same: made once.
  const full = () => size.full(() => JSON.stringify(working.state));
  const fullAnswer = () => stateFull(options.maxStateSize ?? maxStateSize);

  /** An operation's request, once the caller may make it: checked, then negotiated or handled. */
  async function answerOperation(request: Incoming, operation: OperationEntry, params: Record<string, string>, prefer: Readonly<Prefer>): Promise<Outcome> {
    const url = request.url;
    const checked = await checkIncoming(operation, request, resolveCurrent(table, working.state, params));
    if (!checked.ok) {
      if ("tooLarge" in checked) return answered(requestTooLarge(maxBodyBytes), operation);
      const violations = checked.violations.map((v) => `${v.location} ${v.attr ?? ""}: ${v.detail}`.replace(/\s+:/, ":"));
      // A path id that cannot be one names no record: 404, as the spec declares and the service's routing answers.
      if (checked.violations[0]!.location === "path") return answered(notFound(), operation, violations);
      if (checked.refusal) return answered(documentedRefusal(operation, checked.refusal), operation, violations);
      return answered(validationError(checked.violations, table.errorRendering), operation, violations);
    }

    if (prefer.delay) await new Promise((resolve) => setTimeout(resolve, prefer.delay));
    const preferred = preferredAnswer(operation, prefer, url.origin);
    if (preferred && "response" in preferred) return answered(preferred.response, operation);

    const touched: { part: StatePart; key: string }[] = [];
    const projectId = String(checked.request.path.project_id);
    const response = handlers[operation.id as keyof typeof handlers]({
      operation,
      table,
      state: working.state,
      generation: reads(request.method) ? generation : undefined,
      request: checked.request,
      url,
      now: now(),
      random,
      pageSize,
      holds: (scope) => keyHolds(request.header("authorization"), scope, options.keys, table.writeGrantsRead),
      write(part, key, value) {
        working.write(projectId, part, key, value);
        touched.push({ part, key });
      },
      full,
      fullAnswer,
    });
    let answer = response;
    if (touched.length > 0) {
      generation = nextGeneration();
      const change = changeOf(projectId, touched);
      if (!change.whole) size.grew(JSON.stringify(change.records).length);
      answer = await committed(response, change);
    }
    // A preference the mock could not honour is said, not silently dropped.
    if (preferred && "ignored" in preferred) answer = answer.with("x-mock-prefer-ignored", headerJson(preferred.ignored));
    return answered(answer, operation);
  }

  /** The records a request touched, with their values now, and the frame their times are in. */
  function changeOf(projectId: string, touched: { part: StatePart; key: string }[]): StateChange {
    const { state } = working;
    const project = state.projects[projectId]!;
    const records = touched.map(({ part, key }) => ({ project: projectId, part, key, value: recordOf(project, part, key) }));
    return { whole: false, nextId: state.nextId, records, ...(state.anchor === undefined ? {} : { anchor: state.anchor }) };
  }

  /**
   * An answer and what the spec's check says of it. A read's JSON answer alike to one sent lately
   * in this generation takes that one's text and verdict (serialised-answers.ts): the same text
   * always gets the same verdict.
   */
  function checkedAnswer(operation: OperationEntry, method: string, response: Answer): { response: Answer; problems: string[] } {
    const value = response.body?.value;
    const remembered = reads(method) && value !== undefined;
    if (remembered) {
      const found = serialised.find(operation.id, generation, response.status, value);
      if (found) return { response: new Answer(response.status, response.headers, { value, text: found.text }), problems: found.problems };
    }
    const problems = responseViolations(operation, response.status, value, response.body?.text);
    if (remembered) serialised.keep(operation.id, generation, response.status, value, response.body!.text, problems);
    return { response, problems };
  }

  /** An API request through the pipeline, its answer checked against the spec and logged. */
  async function exchange(request: Incoming): Promise<Answer> {
    const { url } = request;
    let { response, operation, violations } = await answer(request);
    let problems = noViolations;
    // A 413 is answered before the body is read, so there is nothing of the operation's to check it against.
    if (operation) ({ response, problems } = checkedAnswer(operation, request.method, response));
    record({ at: now().getTime(), method: request.method, path: url.pathname + url.search, status: response.status, violations, responseViolations: problems });
    if (problems.length > 0) {
      if (!flagViolations) throw new MockResponseViolationError(operation!.id, response.status, [...problems]);
      response = response.with("x-mock-response-violations", headerJson(problems).slice(0, 4000));
    }
    return request.method === "HEAD" ? withoutBody(response) : response;
  }

  const mock: Mock = {
    async fetch(input, init) {
      const request = input instanceof Request && init === undefined ? input : new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname.startsWith("/__mock/")) return (await admin(mock, request, url, (response) => committed(response, { whole: true }))).toResponse();
      return (await exchange(fromFetch(request, url))).toResponse();
    },
    reset() {
      // What a test wrote is undone, in proportion to what it wrote; a restore or a scenario switch since, or stale times, start over.
      if (working.base === created && !(relative && now().getTime() - timesSetAt >= timesKeptFor)) {
        working.undo();
        generation = nextGeneration();
        size.replaced(startedLength);
        start(options.scenario, false);
      } else startAsCreated();
      log = [];
      logNext = 0;
    },
    snapshot: () => copy(working.state),
    snapshotJson: () => JSON.stringify(working.state),
    restore(snapshot) {
      adopt(snapshot);
    },
    // Copies: the log's lists may be shared (no violations, a remembered verdict).
    requests: () =>
      [...log.slice(logNext), ...log.slice(0, logNext)].map(({ at, violations, responseViolations, ...entry }) => ({
        at: new Date(at).toISOString(),
        ...entry,
        violations: [...violations],
        responseViolations: [...responseViolations],
      })),
    setScenario(next) {
      start(next);
    },
    owns(url) {
      const { pathname } = new URL(url, "http://mock.invalid");
      return pathname.startsWith("/__mock/") || route("GET", pathname).kind !== "not-found";
    },
  };
  directEntries.set(mock, exchange);
  liveStates.set(mock, () => working.state);
  return mock;
}
