// A source whose listings never end stops the run at each bound (pages, items, bytes, time),
// with exit 1 and one line naming the listing and the bound, and nothing written.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/record/main.js";
import { type HostileSource, startHostileSource } from "./hostile-source.js";

let dir: string;
let playlists: HostileSource;
let projects: HostileSource;

/** A made-up playlist of about 1 kB. */
const playlist = (n: number) => ({ id: n + 1, short_id: `endless${n}`, name: `Endless ${n}`, description: "x".repeat(900), type: "collection", filters: {} });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "record-bounds-"));
  playlists = await startHostileSource({ endless: { path: /\/session_recording_playlists\/$/, pageSize: 10, item: playlist } });
  projects = await startHostileSource({
    endless: { path: /^\/api\/projects\/$/, pageSize: 10, item: (n) => ({ id: 900_000 + n, name: `Project ${n}`, timezone: "UTC" }) },
  });
});
afterAll(async () => {
  await playlists.stop();
  await projects.stop();
  await rm(dir, { recursive: true, force: true });
});

async function record(source: HostileSource, extra: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(
    ["--base-url", source.url, "--project", "28417", "--out", join(dir, "out.json"), "--pace-ms", "0", "--recordings-pace-ms", "0", ...extra],
    { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), env: { POSTHOG_PERSONAL_API_KEY: "phx_bounds" }, progress: false },
  );
  return { code, stdout, stderr };
}

describe("a source whose next page never ends", () => {
  it.each([
    ["pages", () => playlists, ["--max-pages", "30"], /^reading the playlists passed the bound of 30 pages \(--max-pages\)/],
    ["items", () => playlists, ["--max-items", "95"], /^reading the playlists passed the bound of 95 items \(--max-items\)/],
    ["bytes", () => playlists, ["--max-bytes", "40000"], /^reading the playlists passed the bound of 40000 bytes \(--max-bytes\)/],
    ["pages of projects", () => projects, ["--max-pages", "12"], /^reading the projects passed the bound of 12 pages \(--max-pages\)/],
    ["time", () => playlists, ["--max-time-ms", "300", "--pace-ms", "20"], /^reading the playlists passed the bound of 300 ms \(--max-time-ms\)/],
  ])("stops at the bound of %s: one line naming the listing and the bound, exit 1, nothing written", async (_, sourceOf, flags, line) => {
    const source = sourceOf();
    const before = source.served();
    const { code, stdout, stderr } = await record(source, flags);
    expect(stderr.trimEnd().split("\n")).toEqual([expect.stringMatching(line)]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(await readdir(dir)).toEqual([]);
    // The run ended: no request after its end.
    const after = source.served();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(source.served()).toBe(after);
    expect(after - before).toBeLessThan(200);
  });

  it("refuses a bound that is not a whole number, naming the flag", async () => {
    const { code, stderr } = await record(playlists, ["--max-pages", "0"]);
    expect(code).toBe(2);
    expect(stderr.split("\n")[0]).toBe('--max-pages must be a whole number from 1 to 9007199254740991, got "0"');
  });
});
