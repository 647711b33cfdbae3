import { defineConfig } from "tsup";

export default defineConfig([
  {
    entry: {
      index: "src/index.ts",
      types: "src/types.ts",
      live: "src/live.ts",
      query: "src/query.ts",
      "live-query": "src/live-query.ts",
      mock: "src/mock/index.ts",
      "mock-msw": "src/mock/adapters/msw.ts",
    },
    format: ["esm", "cjs"],
    dts: true,
    // The bin below builds beside these at the same time: cleaning must not remove it.
    clean: ["!cli.js", "!cli.js.map"],
    sourcemap: true,
    target: "es2022",
    platform: "neutral",
    external: ["openapi-fetch", "msw"],
    // Each entry stands alone: the client entry shares no chunk with the mock.
    splitting: false,
  },
  {
    // The bin, `session-recordings-api conformance`: Node only, one ESM file. The compiled
    // validators and plan of generated/conformance/ are bundled in, so it reads no description.
    entry: { cli: "src/conformance/cli.ts" },
    format: ["esm"],
    platform: "node",
    target: "node20",
    banner: { js: "#!/usr/bin/env node" },
    sourcemap: true,
    clean: false,
    dts: false,
    external: ["openapi-fetch"],
    splitting: false,
  },
]);
