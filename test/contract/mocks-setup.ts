// Global setup of the contract tests: Prism and the stateful mock server on free ports for
// the run, stopped after it.
import type { TestProject } from "vitest/node";
import { freePort, startPrism } from "../../scripts/lib/prism.mjs";
import { startStatefulMock } from "../../src/mock/adapters/server.js";

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
