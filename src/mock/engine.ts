// The mock engine: a Request in, a Response out, on Fetch API types only, so it runs the same
// in Node, in browsers and behind any adapter (MSW, node:http).
import { authorize, type KeyScopes } from "./spec/auth.js";
import { isScenarioName, parsePrefer, preferredAnswer, scenarioFailure, scenarioRandom, type ScenarioName, type ScenarioOption } from "./negotiate.js";
import type { HandlerContext } from "./resources/context.js";
import { handlers } from "./resources/index.js";
import { seededRandom } from "./state/random.js";
import { checkRequest, responseViolations } from "./spec/validate-request.js";
import { bodyOf, empty, error, json, notFound, validationError } from "./responses.js";
import type { OperationEntry } from "./spec/operations.js";
import { route } from "./spec/router.js";
import { emptyState, seedState } from "./state/seed.js";
import { checkSnapshot } from "./state/snapshot.js";
import { copy, type MockState } from "./state/state.js";

export interface MockOptions {
  /** Seeds the generated records and every random choice; the same seed gives the same mock. Default 1. */
  seed?: number;
  /** Exact keys and their scopes (`"*"` for all), replacing the default rules. */
  keys?: KeyScopes;
  /** A named scenario to start in. */
  scenario?: ScenarioOption;
  /** `throw` (default): a response that breaks the spec rejects `fetch`. `flag`: it is answered, with `x-mock-response-violations`. */
  responseViolations?: "throw" | "flag";
  /** The clock for server-set timestamps. Default: the real one. */
  now?: () => Date;
  /** The page size of listings when the request sends no `limit`. Default 10, so paging shows. */
  pageSize?: number;
  /** Called after every request that changed the state. */
  onChange?: () => void;
}

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
  /** Back to the seeded state, in no scenario; clears the request log. */
  reset(): void;
  snapshot(): MockSnapshot;
  /** Adopts a snapshot; throws `MockStateError` naming the bad field of a corrupt one. */
  restore(snapshot: unknown): void;
  /** The last 200 requests, oldest first. */
  requests(): readonly MockRequestRecord[];
  /** Switches scenario (null for none); the state restarts from the scenario's seeded state. */
  setScenario(scenario: ScenarioOption | null): void;
}

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

const logSize = 200;
const seedSizes = { recordings: 120, playlists: 12, subscriptions: 25 };
const manyPagesSizes = { recordings: 1000, playlists: 60, subscriptions: 120 };

export function createMock(options: MockOptions = {}): Mock {
  const seed = options.seed ?? 1;
  const now = options.now ?? (() => new Date());
  const pageSize = options.pageSize ?? 10;
  const flagViolations = options.responseViolations === "flag";
  let scenario: ScenarioName | undefined;
  let scenarioSeed = seed;
  let state: MockState;
  let random = seededRandom(seed);
  let failures = scenarioRandom(seed);
  let log: MockRequestRecord[] = [];

  function start(next: ScenarioOption | null | undefined) {
    const name = next === null || next === undefined ? undefined : typeof next === "string" ? next : next.name;
    if (name !== undefined && !isScenarioName(name)) throw new TypeError(`scenario must be one of empty, many-pages, rate-limited, flaky; got ${JSON.stringify(name)}`);
    scenario = name;
    scenarioSeed = typeof next === "object" && next?.seed !== undefined ? next.seed : seed;
    const at = now();
    state = name === "empty" ? emptyState(scenarioSeed, at) : seedState(scenarioSeed, at, name === "many-pages" ? manyPagesSizes : seedSizes);
    random = seededRandom(scenarioSeed);
    failures = scenarioRandom(scenarioSeed);
  }
  start(options.scenario);

  function record(entry: MockRequestRecord) {
    log.push(entry);
    if (log.length > logSize) log = log.slice(-logSize);
  }

  async function admin(request: Request, url: URL): Promise<Response> {
    const action = `${request.method} ${url.pathname}`;
    if (action === "POST /__mock/reset") {
      api.reset();
      options.onChange?.();
      return empty(204);
    }
    if (action === "GET /__mock/state") return json(200, api.snapshot());
    if (action === "GET /__mock/requests") return json(200, log);
    if (action === "PUT /__mock/state" || action === "POST /__mock/scenario") {
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return error(400, "validation_error", "parse_error", "The body must be JSON.");
      }
      try {
        if (action === "PUT /__mock/state") api.restore(body);
        else api.setScenario((body as { name?: ScenarioName | null; seed?: number })?.name ? (body as { name: ScenarioName; seed?: number }) : null);
      } catch (problem) {
        return error(400, "validation_error", "invalid", (problem as Error).message, action === "PUT /__mock/state" ? "state" : "name");
      }
      options.onChange?.();
      return empty(204);
    }
    return error(404, "invalid_request", "not_found", "Admin routes: POST /__mock/reset, GET|PUT /__mock/state, GET /__mock/requests, POST /__mock/scenario.");
  }

  async function answer(request: Request, url: URL, violations: string[]): Promise<{ response: Response; operation?: OperationEntry }> {
    const matched = route(request.method, url.pathname);
    if (matched.kind === "not-found") return { response: notFound() };
    if (matched.kind === "method-not-allowed") {
      return { response: error(405, "invalid_request", "method_not_allowed", `Method "${request.method}" not allowed.`, null, { Allow: matched.allow }) };
    }
    if (matched.kind === "bad-path") {
      violations.push(`path ${matched.param}: malformed percent-escape`);
      return { response: error(400, "validation_error", "invalid", "The path holds a malformed percent-escape.", matched.param) };
    }
    const { operation, params } = matched;
    const refused = authorize(request.headers.get("authorization"), operation.scopes, options.keys);
    if (refused) return { response: refused, operation };
    // The refused hard deletes answer without looking anything up (live).
    if (operation.responses["405"] && operation.success === 405) {
      const prefer = parsePrefer(request.headers.get("prefer"));
      const preferred = prefer.code && prefer.code !== 405 ? preferredAnswer(operation, prefer) : undefined;
      return { response: preferred ?? preferredAnswer(operation, { code: 405 })!, operation };
    }
    const checked = await checkRequest(operation, request, url, params);
    if (!checked.ok) {
      if ("tooLarge" in checked) return { response: error(413, "invalid_request", "request_too_large", "The request body is larger than 1 MB."), operation };
      violations.push(...checked.violations.map((v) => `${v.location} ${v.attr ?? ""}: ${v.detail}`.replace(/\s+:/, ":")));
      return { response: validationError(checked.violations), operation };
    }
    const failure = scenarioFailure(scenario, failures);
    if (failure) return { response: failure, operation };
    const prefer = parsePrefer(request.headers.get("prefer"));
    if (prefer.delay) await new Promise((resolve) => setTimeout(resolve, prefer.delay));
    const preferred = preferredAnswer(operation, prefer);
    if (preferred) return { response: preferred, operation };
    const project = state.projects[String(checked.request.path.project_id)];
    if ("project_id" in checked.request.path && !project) return { response: notFound(), operation };
    let changed = false;
    const context: HandlerContext = {
      state,
      project: project!,
      request: checked.request,
      url,
      now: now(),
      random,
      pageSize,
      changed: () => (changed = true),
    };
    const handler = handlers[operation.id];
    const response = handler ? handler(context) : error(501, "server_error", "not_implemented", `The mock has no behaviour for ${operation.id}.`);
    if (changed) options.onChange?.();
    return { response, operation };
  }

  const api: Mock = {
    async fetch(input, init) {
      const request = input instanceof Request && init === undefined ? input : new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname.startsWith("/__mock/")) return admin(request, url);
      const violations: string[] = [];
      const { response, operation } = await answer(request, url, violations);
      const problems = operation && response.status !== 413 ? responseViolations(operation, response.status, bodyOf.has(response) ? bodyOf.get(response) : undefined) : [];
      record({ at: now().toISOString(), method: request.method, path: url.pathname + url.search, status: response.status, violations, responseViolations: problems });
      if (problems.length === 0) return response;
      if (!flagViolations) throw new MockResponseViolationError(operation!.id, response.status, problems);
      response.headers.set("x-mock-response-violations", JSON.stringify(problems).slice(0, 4000));
      return response;
    },
    reset() {
      start(undefined);
      log = [];
    },
    snapshot: () => copy(state),
    restore(snapshot) {
      state = copy(checkSnapshot(snapshot));
    },
    requests: () => log.slice(),
    setScenario(next) {
      start(next);
    },
  };
  return api;
}
