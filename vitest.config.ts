import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** The unit-level files: `npm run test:fast` runs them but the slow ones. */
export const unitTests = [
  "test/spec/**/*.test.ts",
  "test/client/**/*.test.ts",
  "test/mock/**/*.test.ts",
  "test/query/**/*.test.ts",
  "test/shared/**/*.test.ts",
  "test/types/**/*.test.ts",
  "test/record/**/*.test.ts",
  "test/posthog/**/*.test.ts",
  "test/clients/**/*.test.ts",
  "test/mcp/**/*.test.ts",
];
// The unit-level files that take seconds each (servers and kill -9, the fuzz, redocly's lint and
// the release gate's diffs, code generators, whole rebuilds, bodies of megabytes), and those that need more than `npm ci`: in
// `npm test`, left out of `npm run test:fast`.
export const slowUnitTests = [
  "test/mock/server.test.ts",
  "test/mock/persistence*.test.ts",
  "test/mock/admin-long-strings.test.ts",
  "test/mock/admin-limits.test.ts",
  "test/record/planted-encodings.test.ts",
  "test/spec/lint.test.ts",
  "test/mock/fuzz.test.ts",
  "test/mock/description-edit.test.ts",
  "test/mock/playwright.test.ts",
  "test/spec/release-gate.test.ts",
  "test/spec/generators.test.ts",
  "test/spec/drift.test.ts",
  "test/spec/docs.test.ts",
  "test/spec/pack.test.ts",
  "test/types/quickstart-project.test.ts",
  // It compiles the guide's Playwright blocks against the e2e example's install, which a fresh
  // clone lacks until `npm test`'s prerequisite (.ci/run) makes it: the fast lane needs `npm ci` only.
  "test/types/strict-consumer.test.ts",
  "test/record/record-live-mock.test.ts",
  "test/record/record-process.test.ts",
  "test/mcp/stdio.test.ts",
];

// In every project, each worker runs its files in one module registry: importing the description,
// the mock, the client and playwright-core afresh for each file took half the unit tests' time. A
// file that changes the environment, timers or TZ restores them itself; each closes what it starts.
const isolate = false;

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // A worker a core: vitest's default leaves one idle, and most files here wait on servers,
    // sockets and Chromium rather than compute (on 2 cores, 124 s instead of 180 s).
    maxWorkers: "100%",
    projects: [
      {
        test: {
          name: "unit",
          isolate,
          include: unitTests,
          exclude: slowUnitTests,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "slow",
          isolate,
          include: slowUnitTests,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "docs",
          isolate,
          include: ["test/docs/**/*.test.ts"],
          testTimeout: 120_000,
        },
      },
      {
        // The guide's Vitest setup (examples/mock-vitest.ts) as a project registers it, with a
        // test that uses its exports; the packages' names resolve to their sources.
        resolve: {
          alias: {
            "session-recordings-api-mock/msw": fileURLToPath(new URL("src/mock/adapters/msw.ts", import.meta.url)),
            "session-recordings-api-mock": fileURLToPath(new URL("src/mock/index.ts", import.meta.url)),
            "session-recordings-api": fileURLToPath(new URL("src/index.ts", import.meta.url)),
          },
        },
        test: {
          name: "readme-vitest",
          isolate,
          include: ["examples/mock-vitest.example.test.ts"],
          setupFiles: ["examples/mock-vitest.ts"],
        },
      },
      {
        test: {
          // The example apps in examples/, built and driven in Chromium.
          name: "examples",
          isolate,
          include: ["test/examples/**/*.test.ts"],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          // The conformance command against real servers on 127.0.0.1: the stateful mock, Prism and faulty ones.
          name: "conformance",
          isolate,
          include: ["test/conformance/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "contract",
          isolate,
          include: ["test/contract/**/*.test.ts"],
          globalSetup: ["test/contract/mocks-setup.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
