// The timers of the time limits are cleared as each attempt ends: a script whose calls
// are done must exit at once, not hold on until the last limit (60 s by default) would pass.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let dir: string;
let clientPath: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "client-exit-"));
  clientPath = join(dir, "client.mjs");
  await build({
    entryPoints: [fileURLToPath(new URL("../../src/index.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile: clientPath,
    logLevel: "error",
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs `body` as an ES module next to the bundled client; resolves with how long the process lived. */
async function lifetime(body: string): Promise<{ ms: number; stdout: string }> {
  const script = join(dir, `script-${Math.random().toString(36).slice(2)}.mjs`);
  await writeFile(script, `import { createClient } from "./client.mjs";\n${body}`);
  const started = performance.now();
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, [script], { timeout: 20_000 }, (error, out) => (error ? reject(error) : resolve(out))),
  );
  return { ms: performance.now() - started, stdout };
}

describe("the time limits", () => {
  it("lets a process whose calls are done exit at once", async () => {
    const { ms, stdout } = await lifetime(`
      const fetch = async () => new Response('{"results": []}', { headers: { "Content-Type": "application/json" } });
      const api = createClient({ baseUrl: "https://us.posthog.com", apiKey: "phx_exit_test", fetch });
      const { response } = await api.GET("/api/projects/");
      console.log(response.status);
    `);
    expect(stdout.trim()).toBe("200");
    expect(ms).toBeLessThan(10_000);
  });

  it("still holds the process open for a pending call until its time limit", async () => {
    const { ms, stdout } = await lifetime(`
      const api = createClient({ baseUrl: "https://us.posthog.com", apiKey: "phx_exit_test", fetch: () => new Promise(() => {}), timeoutMs: 300, maxRetries: 0 });
      const error = await api.GET("/api/projects/").catch((e) => e);
      console.log(error.name);
    `);
    expect(stdout.trim()).toBe("RequestTimeoutError");
    expect(ms).toBeGreaterThan(300);
  });
});
