import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", types: "src/types.ts", live: "src/live.ts", mock: "src/mock/index.ts", "mock-msw": "src/mock/adapters/msw.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  platform: "neutral",
  external: ["openapi-fetch", "msw"],
  // Each entry stands alone: the client entry shares no chunk with the mock.
  splitting: false,
});
