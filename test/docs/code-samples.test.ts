// Every operation's code samples (x-codeSamples, written at bundle time) compile against the
// package and work: each TypeScript sample and each curl line, run against the stateful mock,
// gets the operation's documented answer. The live description's samples do the same through
// session-recordings-api/live against the stateful mock's live profile: the contract of every
// live operation, with each answer checked against the live description by the mock.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { liveBundlePath } from "../../scripts/build/overlay.mjs";
import { operationsOf } from "../../scripts/lib/spec.mjs";
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
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

/** The live description's samples, which import the live entry. */
const liveSamples = operationsOf(parse(readFileSync(liveBundlePath, "utf8"))).map((entry) => {
  const bySample = Object.fromEntries((entry.operation["x-codeSamples"] as { lang: string; source: string }[]).map((s) => [s.lang, s.source]));
  const statuses = Object.keys(entry.operation.responses).map(Number);
  return {
    id: `live-${entry.operation.operationId as string}`,
    ts: bySample.TypeScript as string,
    curl: bySample.curl as string,
    status: statuses.find((s) => s < 300) ?? 405,
  };
});

/** Every sample with the profile of the mock it runs against. */
const allSamples: (readonly [string, "seed" | "live", { id: string; ts: string; curl: string; status: number }])[] = [
  ...samples.map((s) => [s.id, "seed", s] as const),
  ...liveSamples.map((s) => [s.id, "live", s] as const),
];

let mock: Awaited<ReturnType<typeof startStatefulMock>>;
let liveMock: Awaited<ReturnType<typeof startStatefulMock>>;
beforeAll(async () => {
  mock = await startStatefulMock({ port: 0 });
  liveMock = await startStatefulMock({ port: 0, profile: "live" });
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
}, 30_000);
afterAll(async () => {
  await mock?.stop();
  await liveMock?.stop();
  await rm(workDir, { recursive: true, force: true });
});
beforeEach(async () => {
  for (const server of [mock, liveMock]) await fetch(`${server.url}/__mock/reset`, { method: "POST", headers: { "Content-Type": "application/json" } });
});

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

  it.each(allSamples)("runs the curl line of %s against the stateful mock (%s)", async (_, profile, sample) => {
    const server = profile === "live" ? liveMock : mock;
    const command = sample.curl.replaceAll("https://us.posthog.com", server.url);
    const { stdout } = await run("sh", ["-c", `${command} --silent --show-error --dump-header - --output /dev/null --write-out '%{http_code}'`], {
      env: { ...process.env, POSTHOG_PERSONAL_API_KEY: "phx_docs_samples" },
    });
    expect(stdout).not.toMatch(/^x-mock-response-violations:/im);
    expect(Number(stdout.trim().split("\n").at(-1))).toBe(sample.status);
  });

  it.each(allSamples)("runs the TypeScript sample of %s against the stateful mock (%s)", async (_, profile, sample) => {
    const server = profile === "live" ? liveMock : mock;
    const file = `${workDir}${sample.id}.run.mjs`;
    await build({
      stdin: { contents: sample.ts.replaceAll("https://us.posthog.com", server.url), resolveDir: root, loader: "ts" },
      alias: { "session-recordings-api/live": `${root}src/live.ts`, "session-recordings-api": `${root}src/index.ts` },
      bundle: true,
      format: "esm",
      platform: "node",
      outfile: file,
      logLevel: "error",
    });
    const statuses: number[] = [];
    const flagged: string[] = [];
    const realFetch = globalThis.fetch;
    vi.stubGlobal("fetch", async (...args: Parameters<typeof fetch>) => {
      const response = await realFetch(...args);
      statuses.push(response.status);
      const violations = response.headers.get("x-mock-response-violations");
      if (violations) flagged.push(violations);
      return response;
    });
    vi.stubEnv("POSTHOG_PERSONAL_API_KEY", "phx_docs_samples");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await import(`${pathToFileURL(file).href}?${Date.now()}`);
    } finally {
      vi.unstubAllGlobals();
      vi.unstubAllEnvs();
      log.mockRestore();
    }
    expect(flagged).toEqual([]);
    expect(statuses).toEqual([sample.status]);
  });
});
