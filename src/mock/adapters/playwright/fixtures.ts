// Fixtures for Playwright's `test.extend`: an option fixture for the mock's options (set per file or
// describe with `test.use`), and a test-scoped `mock`, routed on the test's context before the test
// body runs, so every test has its own state however many run in parallel.
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { Mock, MockOptions, MockSnapshot } from "../../engine.js";
import type { ScenarioOption } from "../../scenarios.js";
import type { KeyScopes } from "../../spec/auth.js";
import { type PlaywrightRoutable, routeMock } from "./route.js";

export interface MockFixtureOptions {
  seed?: number | undefined;
  scenario?: ScenarioOption | undefined;
  /** A state to start from: a snapshot, or the path of a JSON file holding one (relative to the Playwright config's folder). */
  snapshot?: MockSnapshot | string | undefined;
  keys?: KeyScopes | undefined;
}

export interface MockFixtures {
  /** The mock's options for the tests it applies to: `test.use({ mockOptions: { scenario: "empty" } })`. */
  mockOptions: MockFixtureOptions;
  /** This test's own mock, already answering the context's API requests. */
  mock: Mock;
}

export interface MockFixturesConfig {
  /** `createMock` from `session-recordings-api-mock` or `session-recordings-api-mock/live`: the profile the tests get. */
  createMock: (options?: MockOptions) => Mock;
  /** The origin the app sends API requests to. */
  baseUrl: string;
  /** Path globs to route under it; default `["/api/**"]`. */
  paths?: readonly string[] | undefined;
}

/** What the fixtures use of Playwright's `BrowserContext`. */
interface ContextLike extends PlaywrightRoutable {
  on(event: "serviceworker", listener: (worker: { url(): string }) => void): unknown;
  off(event: "serviceworker", listener: (worker: { url(): string }) => void): unknown;
  serviceWorkers(): { url(): string }[];
}
/** What the fixtures use of Playwright's `TestInfo`. */
interface TestInfoLike {
  status?: string | undefined;
  expectedStatus: string;
  config: { configFile?: string | undefined; rootDir: string };
  attach(name: string, options: { body: string; contentType: string }): Promise<void>;
}

type MockFixture = (
  fixtures: { context: ContextLike; mockOptions: MockFixtureOptions },
  use: (mock: Mock) => Promise<void>,
  testInfo: TestInfoLike,
) => Promise<void>;

/** Snapshot files read once per worker, by absolute path. */
const snapshotFiles = new Map<string, Promise<unknown>>();

async function snapshotOf(snapshot: MockFixtureOptions["snapshot"], testInfo: TestInfoLike): Promise<unknown> {
  if (typeof snapshot !== "string") return snapshot;
  const base = testInfo.config.configFile ? dirname(testInfo.config.configFile) : testInfo.config.rootDir;
  const file = resolve(base, snapshot);
  let read = snapshotFiles.get(file);
  if (!read) {
    read = readFile(file, "utf8").then((text) => JSON.parse(text) as unknown);
    snapshotFiles.set(file, read);
  }
  try {
    return await read;
  } catch (error) {
    snapshotFiles.delete(file);
    throw new Error(`mockOptions.snapshot: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * `test.extend<MockFixtures>(mockFixtures({ createMock, baseUrl }))`. The adapter imports no
 * profile: the `createMock` passed in decides it, so a suite carries only the one it uses.
 */
export function mockFixtures({ createMock, baseUrl, paths }: MockFixturesConfig): {
  mockOptions: [MockFixtureOptions, { option: boolean }];
  mock: [MockFixture, { auto: boolean }];
} {
  // One mock per worker and set of options, reset() for each test: back to the state it was
  // created with, its log cleared. From a 1,000-playlist snapshot that costs under half of
  // creating it again (15 against 34 ms, scripts/bench/bench-mock-per-test.mjs); on the seed, the same.
  const made = new Map<string, Mock>();
  const snapshotIds = new WeakMap<object, number>();
  let snapshotCount = 0;
  async function mockFor(options: MockFixtureOptions, testInfo: TestInfoLike): Promise<Mock> {
    const { seed, scenario, keys, snapshot } = options;
    // A snapshot object is told apart by identity (as it was when first used), a file by its path.
    let snapshotKey: unknown = snapshot;
    if (typeof snapshot === "object" && snapshot !== null) {
      if (!snapshotIds.has(snapshot)) snapshotIds.set(snapshot, snapshotCount++);
      snapshotKey = { object: snapshotIds.get(snapshot) };
    }
    const key = JSON.stringify([seed, scenario, keys, snapshotKey]);
    const mock = made.get(key);
    if (mock) {
      mock.reset();
      return mock;
    }
    const created = createMock({ seed, scenario, keys, snapshot: await snapshotOf(snapshot, testInfo) });
    made.set(key, created);
    return created;
  }
  return {
    mockOptions: [{}, { option: true }],
    mock: [
      async ({ context, mockOptions }, use, testInfo) => {
        const mock = await mockFor(mockOptions, testInfo);
        const errors: unknown[] = [];
        const workers: string[] = [];
        const onWorker = (worker: { url(): string }) => workers.push(worker.url());
        context.on("serviceworker", onWorker);
        const misrouted: string[] = [];
        const routing = await routeMock(context, mock, { baseUrl, paths, onError: (error) => errors.push(error), onMisrouted: (url) => misrouted.push(url) });
        try {
          await use(mock);
        } finally {
          context.off("serviceworker", onWorker);
          await routing.dispose();
        }
        if (testInfo.status !== testInfo.expectedStatus) {
          await testInfo.attach("session-recordings-mock.json", {
            body: JSON.stringify({ requests: mock.requests() }, null, 2),
            contentType: "application/json",
          });
        }
        const registered = [...new Set([...workers, ...context.serviceWorkers().map((worker) => worker.url())])];
        if (registered.length > 0) {
          throw new Error(
            `A service worker was registered (${registered.join(", ")}), and it answers the page's requests before the mock's routing can: ` +
              `set \`use: { serviceWorkers: "block" }\` in playwright.config (or in test.use), or build the app without its development mock.`,
          );
        }
        if (misrouted.length > 0) {
          const sent = new URL(misrouted[0]!);
          const more = misrouted.length > 1 ? ` (and ${misrouted.length - 1} more)` : "";
          throw new Error(
            `The page sent ${sent.origin}${sent.pathname}${more}, but the mock routes ${new URL(baseUrl).origin}, the fixture's baseUrl: ` +
              "the same machine, spelt another way, is another origin to the browser and to the routing. Make the app and baseUrl name the same host.",
          );
        }
        if (errors.length > 0) throw errors[0];
      },
      { auto: true },
    ],
  };
}
