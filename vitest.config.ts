import { defineConfig } from "vitest/config";

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
          include: [
            "test/spec/**/*.test.ts",
            "test/client/**/*.test.ts",
            "test/shared/**/*.test.ts",
            "test/mock/**/*.test.ts",
            "test/query/**/*.test.ts",
            "test/types/**/*.test.ts",
          ],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "docs",
          include: ["test/docs/**/*.test.ts"],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          // The example apps in examples/, built and driven in Chromium.
          name: "examples",
          include: ["test/examples/**/*.test.ts"],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          // The conformance command against real servers on 127.0.0.1: the stateful mock, Prism and faulty ones.
          name: "conformance",
          include: ["test/conformance/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "contract",
          include: ["test/contract/**/*.test.ts"],
          globalSetup: ["test/contract/mocks-setup.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
