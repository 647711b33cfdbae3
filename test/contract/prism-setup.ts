// Global setup of the contract tests: Prism on a free port for the run, stopped after it.
import type { TestProject } from "vitest/node";
import { freePort, startPrism } from "../../scripts/prism.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    prismUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const prism = await startPrism({ port: await freePort() });
  project.provide("prismUrl", prism.url);
  return () => prism.stop();
}
