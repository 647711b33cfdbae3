import { defineConfig, type Options } from "tsup";

// Each package builds into its own folder from the one src/. No source maps: the code shipped
// is unminified ESM and CommonJS that reads as its source does (openapi/DECISIONS.md).
const library: Options = {
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: false,
  target: "es2022",
  platform: "neutral",
};
/** A bin: Node only, one ESM file with its #!/usr/bin/env node banner. */
const bin: Options = {
  format: ["esm"],
  platform: "node",
  target: "node20",
  banner: { js: "#!/usr/bin/env node" },
  sourcemap: false,
  dts: false,
  splitting: false,
};

export default defineConfig([
  {
    ...library,
    // The client: each entry stands alone, and only openapi-fetch stays outside it.
    entry: { index: "src/index.ts", types: "src/types.ts", live: "src/live.ts", query: "src/query.ts", "live-query": "src/live-query.ts" },
    outDir: "packages/client/dist",
    external: ["openapi-fetch"],
    splitting: false,
  },
  {
    ...library,
    // The mock's entries: one per profile, so the default never loads the live one's tables, the MSW
    // handlers, and the Playwright routing and fixtures (Node's, where Playwright runs: no profile, no msw).
    entry: { index: "src/mock/index.ts", live: "src/mock/live.ts", msw: "src/mock/adapters/msw.ts", playwright: "src/mock/adapters/playwright/index.ts" },
    // The types of every library entry of the mock, the two configs below included, from one
    // compile: a type build is a TypeScript program each, most of the build's time.
    dts: {
      entry: {
        index: "src/mock/index.ts",
        live: "src/mock/live.ts",
        msw: "src/mock/adapters/msw.ts",
        playwright: "src/mock/adapters/playwright/index.ts",
        storybook: "src/mock/adapters/storybook.ts",
        record: "src/record/index.ts",
      },
    },
    outDir: "packages/mock/dist",
    // Four configs write this folder at once, and a clean one's type build deletes every .d.ts there,
    // another's too when it came first: scripts/build/build.mjs empties the folder before tsup instead.
    clean: false,
    external: ["msw", "rrule", "node:fs/promises", "node:path"],
  },
  {
    ...library,
    // session-recordings-api-mock/storybook: on its own, with the MSW handlers it wraps inside it.
    entry: { storybook: "src/mock/adapters/storybook.ts" },
    outDir: "packages/mock/dist",
    clean: false,
    dts: false,
    external: ["msw"],
  },
  {
    ...library,
    // `session-recordings-api-mock/record`: Node only; the live client inside it, openapi-fetch a dependency of the mock package.
    entry: { record: "src/record/index.ts" },
    outDir: "packages/mock/dist",
    clean: false,
    dts: false,
    platform: "node",
    target: "node20",
    external: ["msw", "rrule", "openapi-fetch"],
  },
  {
    ...bin,
    // `session-recordings-api-mock`: the stateful mock server, both profiles, and `record` (src/record/mock-bin.ts dispatches).
    entry: { "mock-bin": "src/record/mock-bin.ts" },
    outDir: "packages/mock/dist",
    clean: false,
    external: ["rrule", "openapi-fetch"],
  },
  {
    ...bin,
    // `session-recordings-api-conformance`: the compiled validators and plan of generated/conformance/ are inside it, so it reads no description.
    entry: { cli: "src/conformance/cli.ts" },
    outDir: "packages/conformance/dist",
    clean: true,
    external: ["openapi-fetch"],
  },
  {
    ...bin,
    // `session-recordings-api-mcp`: the client and both mock profiles inside it (for --mock), its tools from generated/mcp/.
    entry: { "mcp-bin": "src/mcp/cli.ts" },
    outDir: "packages/mcp/dist",
    clean: true,
    external: ["@modelcontextprotocol/sdk", "ajv", "ajv-formats", "openapi-fetch", "rrule"],
  },
]);
