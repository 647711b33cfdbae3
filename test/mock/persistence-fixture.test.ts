// A committed fixture under --persist, and --snapshot (issue 44, item 5). The file stays byte for
// byte as committed until the first change the server acknowledges, start after start; a change
// is written in the file's own time frame (its anchor kept, times moved back by what the start
// moved them), in the journal and in the file a stop writes, dates included. A --snapshot file is
// loaded, served and never written, read-only or not, and a reset goes back to it; with --persist
// it is refused. In process, on 127.0.0.1.
import { chmod, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type StatefulMockOptions, startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { createMock } from "../../src/mock/live.js";
import { loadPersisted } from "../../src/mock/persistence/persist.js";
import { rebaseTimes } from "../../src/mock/state/rebase.js";
import type { MockState, Playlist } from "../../src/mock/state/state.js";
import { headers, persistFixtures, playlists } from "./persist-support.js";

const { onCleanup, tempDir } = persistFixtures();

// A recording's frame: its anchor a few days and hours before now, so neither times nor dates move by whole days.
const anchor = new Date(Date.now() - 3.6 * 86_400_000).toISOString();
const window = { date_from: "2026-11-01", date_to: "2026-11-15" };

/** A live-profile state anchored in the past, one playlist with a window of dates, written as `record` writes it. */
async function committedFixture(dir: string) {
  const { version, ...rest } = createMock({ now: () => new Date(anchor) }).snapshot() as MockState;
  const state: MockState = { version, anchor, ...rest };
  // Its times in the form `record` writes them (a move by nothing, as record's own).
  rebaseTimes(state, new Date(anchor));
  const first = state.projects["28417"]!.playlists[0]!;
  first.filters = { ...(first.filters as object), ...window };
  const file = join(dir, "acme.mock.json");
  const text = `${JSON.stringify(state, null, 2)}\n`;
  await writeFile(file, text);
  return { file, text, windowed: first.short_id };
}

/** A create the live profile takes (it asks for a type). */
const create = (url: string, name: string) => fetch(`${url}${playlists}`, { method: "POST", headers, body: JSON.stringify({ name, type: "collection" }) });

/** A live-profile server, stopped after the test if the test did not stop it. */
async function started(options: StatefulMockOptions) {
  const server = await startStatefulMock({ port: 0, profile: "live", log: () => undefined, ...options });
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= server.stop());
  onCleanup(stop);
  return { ...server, stop };
}

const playlistOf = (state: MockState, shortId: string) => state.projects["28417"]!.playlists.find((p) => p.short_id === shortId);

describe("a committed fixture under --persist", () => {
  it("stays byte for byte as committed through starts that only read, start after start", async () => {
    const dir = await tempDir();
    const { file, text } = await committedFixture(dir);
    for (let round = 0; round < 2; round++) {
      const server = await started({ persist: file });
      expect((await fetch(`${server.url}${playlists}`, { headers })).status).toBe(200);
      await server.stop();
      expect(await readFile(file, "utf8"), `start ${round + 1}`).toBe(text);
      expect(await readdir(dir)).toEqual(["acme.mock.json"]);
    }
  });

  it("takes a change in its own frame: the journal a restart reads and the file a stop writes keep its anchor, its dates and its form", async () => {
    const dir = await tempDir();
    const { file, text } = await committedFixture(dir);
    const server = await started({ persist: file });
    // The start moved every time by (its now − the anchor), in whole seconds; the file's frame moves them back.
    const moved = Math.round((Date.parse(server.mock.snapshot().anchor!) - Date.parse(anchor)) / 1000) * 1000;
    expect(moved).toBeGreaterThan(0);
    const answer = await create(server.url, "made under --persist");
    expect(answer.status).toBe(201);
    const made = (await answer.json()) as Playlist;
    // In the form the server wrote it (its fraction of a second as it was).
    const inFileFrame = `${new Date(Date.parse(made.created_at!) - moved).toISOString().slice(0, 19)}${made.created_at!.slice(19)}`;

    // Acknowledged, so on disk: in the journal, which a restart after a kill -9 applies to the untouched file.
    expect(await readFile(file, "utf8")).toBe(text);
    const journaled = (await loadPersisted(file)) as MockState;
    expect(journaled.anchor).toBe(anchor);
    expect(playlistOf(journaled, made.short_id)).toMatchObject({ created_at: inFileFrame, last_modified_at: inFileFrame });

    await server.stop();
    const written = await readFile(file, "utf8");
    const saved = JSON.parse(written) as MockState;
    expect(written).toBe(`${JSON.stringify(saved, null, 2)}\n`);
    expect(saved.anchor).toBe(anchor);
    expect(playlistOf(saved, made.short_id)).toMatchObject({ created_at: inFileFrame, last_modified_at: inFileFrame });
    // Every other record as it was committed, the window of dates included: the file less the create is the committed file.
    expect(saved.projects["28417"]!.playlists[0]!.filters).toMatchObject(window);
    const project = saved.projects["28417"]!;
    project.playlists = project.playlists.filter((p) => p.short_id !== made.short_id);
    delete project.members[made.short_id];
    saved.nextId.playlist--;
    expect(`${JSON.stringify(saved, null, 2)}\n`).toBe(text);
  });
});

describe("--snapshot", () => {
  it("loads and serves the file, never writes it (read-only is fine), says that writes live in memory, and is what a reset goes back to", async () => {
    const dir = await tempDir();
    const { file, text, windowed } = await committedFixture(dir);
    await chmod(file, 0o444);
    const logged: string[] = [];
    const server = await started({ snapshot: file, log: (line) => logged.push(line) });
    expect(logged).toEqual([`--snapshot ${file}: the state loaded from the file, which is never written: changes live in memory until the server stops`]);
    // Served as any relative state is: 3.6 days after its anchor, its dates 3 days later.
    const served = (await (await fetch(`${server.url}${playlists}${windowed}/`, { headers })).json()) as Playlist;
    expect(served.filters).toMatchObject({ date_from: "2026-11-04", date_to: "2026-11-18" });
    const answer = await create(server.url, "in memory only");
    expect(answer.status).toBe(201);
    const made = (await answer.json()) as Playlist;
    expect((await fetch(`${server.url}${playlists}${made.short_id}/`, { headers })).status).toBe(200);
    // A reset goes back to the file, not to the seed.
    expect((await fetch(`${server.url}/__mock/reset`, { method: "POST", headers })).status).toBe(204);
    expect((await fetch(`${server.url}${playlists}${made.short_id}/`, { headers })).status).toBe(404);
    expect(((await (await fetch(`${server.url}${playlists}${windowed}/`, { headers })).json()) as Playlist).filters).toMatchObject({ date_from: "2026-11-04" });
    await server.stop();
    expect(await readFile(file, "utf8")).toBe(text);
    expect(await readdir(dir)).toEqual(["acme.mock.json"]);
  });

  it("is refused with --persist, and names the file when it cannot be read or is not a state", async () => {
    const dir = await tempDir();
    const { file } = await committedFixture(dir);
    const other = join(dir, "other.json");
    await expect(startStatefulMock({ port: 0, snapshot: file, persist: other, log: () => undefined })).rejects.toThrow(
      "--snapshot and --persist cannot go together",
    );
    const missing = join(dir, "missing.json");
    await expect(startStatefulMock({ port: 0, snapshot: missing, log: () => undefined })).rejects.toThrow(
      `--snapshot ${missing}: cannot read it: no such file`,
    );
    await expect(startStatefulMock({ port: 0, snapshot: dir, log: () => undefined })).rejects.toThrow(`--snapshot ${dir}: cannot read it: EISDIR`);
    const broken = join(dir, "broken.json");
    await writeFile(broken, '{"version": 1, "secret": ');
    await expect(startStatefulMock({ port: 0, snapshot: broken, log: () => undefined })).rejects.toThrow(
      `--snapshot ${broken}: not a saved mock state (not JSON)`,
    );
    await writeFile(broken, '{"version": 2}');
    await expect(startStatefulMock({ port: 0, snapshot: broken, log: () => undefined })).rejects.toThrow(
      `--snapshot ${broken}: not a saved mock state (snapshot.version must be 1`,
    );
    expect((await readdir(dir)).sort()).toEqual(["acme.mock.json", "broken.json"]);
  });
});
