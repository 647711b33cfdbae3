// The command as a person runs it, in a real process (the mock package's bin, bundled from
// src/record/mock-bin.ts): `record` against the live-profile mock server writes the snapshot
// and its sidecar, sending GET only, with the key in neither; Ctrl-C ends it at once, writing
// nothing; the key is never a flag; the bin without `record` still starts the server.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StatefulMock, startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { startHostileSource } from "./hostile-source.js";

const key = "phx_process_key_never_written";
let dir: string;
let bin: string;
let source: StatefulMock;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "record-process-"));
  bin = join(dir, "mock-bin.mjs");
  await build({
    entryPoints: [fileURLToPath(new URL("../../src/record/mock-bin.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile: bin,
    logLevel: "error",
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  source = await startStatefulMock({ port: 0, profile: "live", log: () => {} });
});
afterAll(async () => {
  await source.stop();
  await rm(dir, { recursive: true, force: true });
});

interface Ran {
  child: ChildProcess;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** The bin with `args`, the key in its environment, killed after 30 s at most. */
function run(args: string[], env: Record<string, string> = { POSTHOG_PERSONAL_API_KEY: key }): Ran {
  const child = spawn(process.execPath, [bin, ...args], { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
  return { child, done };
}

const recordArgs = (out: string, ...more: string[]) => ["record", "--base-url", source.url, "--project", "28417", "--out", out, "--pace-ms", "0", ...more];

describe("session-recordings-api-mock record, as a process", () => {
  it("writes the snapshot and its sidecar, sends GET only, shows no progress off a terminal, and writes the key nowhere", async () => {
    const out = join(dir, "acme.mock.json");
    const before = source.mock.requests().length;
    const { code, stdout, stderr } = await run(recordArgs(out, "--recordings-pace-ms", "0")).done;
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^recorded \d+ recordings/);
    expect(stdout).toContain(`wrote ${out} and ${join(dir, "acme.mock.meta.json")}`);
    const files = [await readFile(out, "utf8"), await readFile(join(dir, "acme.mock.meta.json"), "utf8")];
    for (const text of [...files, stdout]) expect(text).not.toContain(key);
    expect(JSON.parse(files[0]!).anchor).toMatch(/Z$/);
    const sent = source.mock.requests().slice(before);
    expect(sent.length).toBeGreaterThan(5);
    expect(sent.filter((r) => r.method !== "GET" && r.method !== "HEAD")).toEqual([]);
  });

  it("stops at Ctrl-C mid-run at once, says so, exits 130 and writes nothing", async () => {
    const out = join(dir, "interrupted.json");
    const before = source.mock.requests().length;
    // A minute between pages of the recordings listing: the run is waiting when Ctrl-C comes.
    const { child, done } = run(recordArgs(out, "--recordings-pace-ms", "60000", "--max-recordings", "1000"));
    const deadline = Date.now() + 20_000;
    while (
      !source.mock
        .requests()
        .slice(before)
        .some((r) => r.path.includes("/session_recordings/")) &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    const interrupted = Date.now();
    child.kill("SIGINT");
    const { code, stderr } = await done;
    expect(Date.now() - interrupted).toBeLessThan(5_000);
    expect(code).toBe(130);
    expect(stderr.trim()).toBe("interrupted: nothing was written");
    expect((await readdir(dir)).filter((name) => name.startsWith("interrupted"))).toEqual([]);
  });

  it("refuses the key as a flag, and asks for it in the environment when there is no terminal", async () => {
    const asFlag = await run([...recordArgs(join(dir, "x.json")), "--api-key", key]).done;
    expect(asFlag.code).toBe(2);
    expect(asFlag.stderr.split("\n")[0]).toBe(
      "the key is never a flag (a command line shows in ps and in shell history): set POSTHOG_PERSONAL_API_KEY, or answer the prompt",
    );
    expect(asFlag.stderr).not.toContain(key);
    const none = await run(recordArgs(join(dir, "x.json")), {}).done;
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^no key: set POSTHOG_PERSONAL_API_KEY/);
  });

  it("stops a listing that never ends at its default bound, exit 1, with its memory under 300 MB", async () => {
    // Playlists of about 5 kB each, a hundred a page, forever: the default bounds end it.
    const endless = await startHostileSource({
      endless: {
        path: /\/session_recording_playlists\/$/,
        pageSize: 100,
        item: (n) => ({ id: n + 1, short_id: `endless${n}`, name: `Endless ${n}`, description: "x".repeat(5_000), type: "collection", filters: {} }),
      },
    });
    try {
      const { child, done } = run(["record", "--base-url", endless.url, "--project", "28417", "--out", join(dir, "endless.json"), "--pace-ms", "0"]);
      // The resident set's peak, as Linux keeps it; read until the process ends.
      let peakKb = 0;
      const status = `/proc/${child.pid}/status`;
      const poll = setInterval(() => {
        readFile(status, "utf8")
          .then((text) => (peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(text)?.[1] ?? 0))))
          .catch(() => undefined);
      }, 25);
      const { code, stderr } = await done;
      clearInterval(poll);
      expect(stderr.trim()).toMatch(/^reading the playlists passed the bound of \d+ (items|bytes) \(--max-(items|bytes)\)/);
      expect(code).toBe(1);
      expect(peakKb).toBeGreaterThan(0);
      expect(peakKb / 1024).toBeLessThan(300);
      expect((await readdir(dir)).filter((name) => name.startsWith("endless"))).toEqual([]);
    } finally {
      await endless.stop();
    }
  });

  it("without `record`, still starts the mock server", async () => {
    const { child, done } = run(["--port", "0", "--profile", "live"]);
    const listening = await new Promise<string>((resolve) => {
      let printed = "";
      child.stdout!.on("data", (chunk) => {
        printed += chunk;
        const found = /listening on (http:\/\/\S+)/.exec(printed);
        if (found) resolve(found[1]!);
      });
    });
    expect((await fetch(`${listening}/api/projects/`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
    child.kill("SIGTERM");
    expect((await done).code).toBe(0);
  });
});
