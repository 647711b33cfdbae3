// Every operation's code samples (x-codeSamples, written at bundle time) compile against the
// package and work: each TypeScript sample and each curl line, run against the stateful mock,
// gets the operation's documented answer.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { operationsOf } from "../../scripts/lib/spec.mjs";
import { startStatefulMock } from "../../scripts/mock-server.mjs";
import { liveBundlePath } from "../../scripts/overlay.mjs";
import { liveOperations, seedOperations } from "../spec/seed.js";
import { operations } from "../support/spec.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../", import.meta.url));
const workDir = `${root}.cache/code-samples/`;
const samples = operations.map((entry) => {
  const bySample = Object.fromEntries((entry.operation["x-codeSamples"] ?? []).map((s: { lang: string; source: string }) => [s.lang, s.source]));
  const statuses = Object.keys(entry.operation.responses).map(Number);
  return {
    id: entry.operation.operationId as string,
    operation: `${entry.method} ${entry.path}`,
    ts: bySample.TypeScript as string,
    curl: bySample.curl as string,
    status: statuses.find((s) => s < 300) ?? 405,
  };
});

/** The live description's TypeScript samples, which import the live entry. */
const liveSamples = operationsOf(parse(readFileSync(liveBundlePath, "utf8"))).map((entry) => ({
  id: `live-${entry.operation.operationId as string}`,
  ts: (entry.operation["x-codeSamples"] as { lang: string; source: string }[]).find((s) => s.lang === "TypeScript")!.source,
}));

let mock: Awaited<ReturnType<typeof startStatefulMock>>;
beforeAll(async () => {
  mock = await startStatefulMock({ port: 0 });
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
}, 30_000);
afterAll(async () => {
  await mock?.stop();
  await rm(workDir, { recursive: true, force: true });
});
beforeEach(() => fetch(`${mock.url}/__mock/reset`, { method: "POST", headers: { "Content-Type": "application/json" } }));

describe("code samples", () => {
  it("has a TypeScript sample and a curl line for every operation the contract lists, each in its own file", () => {
    const contract = [...seedOperations, ...liveOperations].map((o) => `${o.method} ${o.path}`).sort();
    expect(samples.map((s) => s.operation).sort()).toEqual(contract);
    expect(new Set(samples.map((s) => s.id)).size, "two operations would write the same sample file").toBe(samples.length);
    for (const sample of samples) {
      expect(sample.ts, sample.id).toContain('from "session-recordings-api"');
      expect(sample.curl, sample.id).toMatch(/^curl /);
    }
  });

  it("type-checks every TypeScript sample against the package, the live description's against the live entry", async () => {
    expect(liveSamples.length).toBeGreaterThan(0);
    for (const sample of liveSamples) expect(sample.ts, sample.id).toContain('from "session-recordings-api/live"');
    for (const sample of [...samples, ...liveSamples]) await writeFile(`${workDir}${sample.id}.ts`, sample.ts);
    await writeFile(`${workDir}tsconfig.json`, JSON.stringify({ extends: "../../tsconfig.json", include: ["*.ts"], compilerOptions: { baseUrl: "../.." } }));
    const tsc = await run(process.execPath, [`${root}node_modules/typescript/bin/tsc`, "-p", workDir], { cwd: root }).catch((error) => error);
    expect(`${tsc.stdout ?? ""}${tsc.stderr ?? ""}`).toBe("");
  }, 120_000);

  it.each(samples.map((s) => [s.id, s] as const))("runs the curl line of %s against the stateful mock", async (_, sample) => {
    const command = sample.curl.replaceAll("https://us.posthog.com", mock.url);
    const { stdout } = await run("sh", ["-c", `${command} --silent --show-error --output /dev/null --write-out '%{http_code}'`], {
      env: { ...process.env, POSTHOG_API_KEY: "phx_docs_samples" },
    });
    expect(Number(stdout)).toBe(sample.status);
  });

  it.each(samples.map((s) => [s.id, s] as const))("runs the TypeScript sample of %s against the stateful mock", async (_, sample) => {
    const file = `${workDir}${sample.id}.run.mjs`;
    await build({
      stdin: { contents: sample.ts.replaceAll("https://us.posthog.com", mock.url), resolveDir: root, loader: "ts" },
      alias: { "session-recordings-api": `${root}src/index.ts` },
      bundle: true,
      format: "esm",
      platform: "node",
      outfile: file,
      logLevel: "error",
    });
    const statuses: number[] = [];
    const realFetch = globalThis.fetch;
    vi.stubGlobal("fetch", async (...args: Parameters<typeof fetch>) => {
      const response = await realFetch(...args);
      statuses.push(response.status);
      return response;
    });
    vi.stubEnv("POSTHOG_API_KEY", "phx_docs_samples");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await import(`${pathToFileURL(file).href}?${Date.now()}`);
    } finally {
      vi.unstubAllGlobals();
      vi.unstubAllEnvs();
      log.mockRestore();
    }
    expect(statuses).toEqual([sample.status]);
  });
});
