// session-recordings-api-mock/storybook: the stateful mock in msw-storybook-addon's worker, one
// state per story. The mock's handlers are the worker's initial ones (the lowest priority, which
// the addon's per-story resetHandlers() keeps), and a project-level beforeEach gives each story a
// fresh Mock built from its parameters. An answer still pending when its story ends fails at once,
// as a cancelled request would, so a late one never reaches the next story. Nothing here imports
// Storybook or the addon: their types meet these functions structurally.
import type { HttpHandler } from "msw";
import type { SetupWorker } from "msw/browser";
import type { Mock, MockOptions } from "../engine.js";
import type { ScenarioOption } from "../scenarios.js";
import { mockHandlers } from "./msw.js";

/** The story parameter this adapter reads: `parameters.sessionRecordingsMock`. */
export const parameterName = "sessionRecordingsMock";

/** A snapshot as a story gives it: the object (an imported JSON file), or a lazy import of one. */
export type StorySnapshot = unknown | (() => Promise<unknown>);

/** What a story asks of the mock, in `parameters.sessionRecordingsMock`. Every field is optional: none gives the seeded state. */
export interface SessionRecordingsMockParameter<Api = undefined> {
  /** The seed of the generated records and random choices. Default: the `mockOptions`' seed, else 1. */
  seed?: number | undefined;
  /** A named scenario to start in (`empty`, `many-pages`, `rate-limited`, `flaky`). */
  scenario?: ScenarioOption | undefined;
  /** A saved state to start from: what `mock.snapshot()` or `GET /__mock/state` gave, or `() => import("./state.json")`. */
  snapshot?: StorySnapshot;
  /**
   * Seeds the state before the story renders, through the typed client (`api`, on this story's
   * mock; undefined unless `storybookMock` was given `createClient`) or the mock itself. Its
   * requests are in `mock.requests()` before the story's own.
   */
  arrange?: ((context: { api: Api; mock: Mock }) => unknown) | undefined;
}

/** The client options `arrange`'s `api` is made with: `createClient` from `session-recordings-api` takes them. */
export interface ArrangeClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch: (input: Request, init?: RequestInit) => Promise<Response>;
  maxRetries: number;
}

export interface StorybookMockOptions<Api = undefined> {
  /** `createMock` from `session-recordings-api-mock` or `…/live`: the profile every story's mock answers as. */
  createMock: (options?: MockOptions) => Mock;
  /** Options every story's mock is created with (`keys`, `responseViolations`, `seed`, …); a story's parameters win. */
  mockOptions?: MockOptions | undefined;
  /** The origin the app sends API requests to. Default: the preview's own origin (`location.origin`). */
  baseUrl?: string | undefined;
  /**
   * The worker script's URL, passed to `worker.start()`. Default `./mockServiceWorker.js`: relative to
   * the preview, so a Storybook served under a sub-path (`/storybook/`) finds the script beside its iframe.html.
   */
  serviceWorkerUrl?: string | undefined;
  /** `createClient` from `session-recordings-api`: `arrange` then gets a typed client on the story's mock. */
  createClient?: ((options: ArrangeClientOptions) => Api) | undefined;
  /** The key `arrange`'s client sends. Default `phx_storybook`. */
  apiKey?: string | undefined;
}

/** The story context fields read here; Storybook's StoryContext has them. */
interface StoryContextLike {
  parameters: Record<string, unknown>;
}

export interface StorybookMock<Api = undefined> {
  /** For `addonMsw(setup)` or `mswLoader(setup)`: starts MSW's worker with the mock's handlers as its initial ones. */
  setup(): Promise<SetupWorker>;
  /** The mock's handlers for a worker you start yourself (msw-storybook-addon 2's `initialize(options, handlers)`). */
  handlers(): HttpHandler[];
  /** The project-level `beforeEach`: a fresh mock from the story's parameters, then its `arrange`. */
  beforeEach(context: StoryContextLike): Promise<() => void>;
  /**
   * Answers a request from the story's mock, as the worker's handlers do: for a story's own handler
   * that changes a request (a `Prefer: delay=…` header, say) and passes it on. Once its story has
   * ended, the answer is a network error.
   */
  fetch(request: Request): Promise<Response>;
  /** The story's mock, for `play` functions: `requests()`, `snapshot()`, `setScenario()`. */
  readonly mock: Mock;
  /** Typed parameters for a story: `parameters: sessionRecordings.parameters({ scenario: "empty" })`. */
  parameters(parameter: SessionRecordingsMockParameter<Api>): { [parameterName]: SessionRecordingsMockParameter<Api> };
}

/** A module from `import("./state.json")` holds the snapshot as its default export; a snapshot has no `default` part. */
const unwrapModule = (value: unknown): unknown => (typeof value === "object" && value !== null && "default" in value ? value.default : value);

/** One story's life: `ended` settles (with no answer) when `end()` is called. */
function storyLife(): { ended: Promise<undefined>; end(): void } {
  let end = () => {};
  const ended = new Promise<undefined>((resolve) => {
    end = () => resolve(undefined);
  });
  return { ended, end };
}

export function storybookMock<Api = undefined>(options: StorybookMockOptions<Api>): StorybookMock<Api> {
  let current: Mock = options.createMock(options.mockOptions);
  // Ended when a story starts and when it ends: an answer pending for an older story is dropped.
  let life = storyLife();
  const nextLife = () => {
    life.end();
    life = storyLife();
  };
  const origin = () => options.baseUrl ?? globalThis.location.origin;

  const forCurrentStory = {
    async fetch(request: Request): Promise<Response> {
      const response = await Promise.race([current.fetch(request), life.ended]);
      // A network error, as if the request had been cancelled: its story is gone.
      return response ?? Response.error();
    },
  };

  async function mockFor(parameter: SessionRecordingsMockParameter<Api>): Promise<Mock> {
    const given = typeof parameter.snapshot === "function" ? await (parameter.snapshot as () => Promise<unknown>)() : parameter.snapshot;
    const snapshot = unwrapModule(given);
    return options.createMock({
      ...options.mockOptions,
      ...(parameter.seed === undefined ? {} : { seed: parameter.seed }),
      ...(parameter.scenario === undefined ? {} : { scenario: parameter.scenario }),
      ...(snapshot === undefined ? {} : { snapshot }),
    });
  }

  return {
    async setup() {
      const { setupWorker } = await import("msw/browser");
      const worker = setupWorker(...mockHandlers(forCurrentStory, { baseUrl: origin() }));
      await worker.start({ quiet: true, onUnhandledRequest: "bypass", serviceWorker: { url: options.serviceWorkerUrl ?? "./mockServiceWorker.js" } });
      return worker;
    },
    handlers: () => mockHandlers(forCurrentStory, { baseUrl: origin() }),
    fetch: (request) => forCurrentStory.fetch(request),
    async beforeEach(context) {
      const parameter = (context.parameters[parameterName] ?? {}) as SessionRecordingsMockParameter<Api>;
      const mock = await mockFor(parameter);
      current = mock;
      nextLife();
      if (parameter.arrange) {
        const api = options.createClient?.({
          baseUrl: origin(),
          apiKey: options.apiKey ?? "phx_storybook",
          fetch: (input, init) => mock.fetch(input, init),
          maxRetries: 0,
        }) as Api;
        await parameter.arrange({ api, mock });
      }
      // Storybook calls this when the story ends; by then another may have started and own the life.
      const own = life;
      return () => {
        if (life === own) nextLife();
      };
    },
    get mock() {
      return current;
    },
    parameters: (parameter) => ({ [parameterName]: parameter }),
  };
}
