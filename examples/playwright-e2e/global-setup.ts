// Builds the React Query example for production (no mock inside: the app calls the API at its own
// origin) into a folder of this run, and serves it statically on a free port of 127.0.0.1. The
// address and a folder the parallel tests meet in reach the workers through the environment.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildExample } from "../react-query/build.mjs";
import { serveStatic } from "./serve-static.js";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const work = await mkdtemp(join(tmpdir(), "playwright-e2e-"));
  const site = join(work, "site");
  await buildExample(site, { production: true });
  const server = await serveStatic(site);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MEETING_DIR = work;
  return async () => {
    await server.close();
    await rm(work, { recursive: true, force: true });
  };
}
