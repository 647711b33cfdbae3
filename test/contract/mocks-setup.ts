// Global setup of the contract tests: Prism and the stateful mock server on free ports for
// the run, stopped after it. The server is loaded as `npm start` loads it (bundled by esbuild):
// imported here, Vite's runner in vitest's own process took rrule's ESM build, whose source
// maps name files rrule does not publish, and printed a warning for each of its 28 files.
import type { TestProject } from "vitest/node";
import { loadSource } from "../../scripts/lib/load-source.mjs";
import { freePort, startPrism } from "../../scripts/servers/prism.mjs";

const { startStatefulMock }: typeof import("../../src/mock/adapters/node-http/server.js") = await loadSource("src/mock/adapters/node-http/server.ts");

declare module "vitest" {
  export interface ProvidedContext {
    prismUrl: string;
    statefulMockUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const [prism, stateful] = await Promise.all([startPrism({ port: await freePort() }), startStatefulMock({ port: 0 })]);
  project.provide("prismUrl", prism.url);
  project.provide("statefulMockUrl", stateful.url);
  return () => Promise.all([prism.stop(), stateful.stop()]);
}
