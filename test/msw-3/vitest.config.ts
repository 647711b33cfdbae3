// The MSW adapter's tests on msw 3 (`npm run test:node-matrix`, Node 22 and 24: msw 3 needs
// Node >= 22.12): the root's own MSW test files, with `msw` and `msw/node` taken from this
// folder's install rather than the root's msw 2, and the browser worker path of worker.test.ts.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = createRequire(import.meta.url);
export const mswUnderTest = (specifier: string) => here.resolve(specifier);

export default defineConfig({
  root: fileURLToPath(new URL("../../", import.meta.url)),
  resolve: {
    alias: [
      { find: /^msw$/, replacement: mswUnderTest("msw") },
      { find: /^msw\/node$/, replacement: mswUnderTest("msw/node") },
    ],
  },
  test: {
    include: ["test/mock/msw.test.ts", "test/mock/msw-live.test.ts", "test/msw-3/*.test.ts"],
    testTimeout: 120_000,
  },
});
