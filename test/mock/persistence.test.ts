// --persist: a 2XX to a change means it is on disk. The real server in a child process is
// killed with SIGKILL under a load of creates, and every create it acknowledged must be in the
// file; leftover temporary files go at the next start; a file that cannot be written stops the
// server at start; a save that fails answers 503, never a 2XX. The saver itself: concurrent
// changes share one save, and each change waits for a save that began after it.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { holdPersistFile, loadPersisted, openPersistence } from "../../src/mock/persistence/persist.js";

const root = new URL("../../", import.meta.url);
const playlists = "/api/environments/28417/session_recording_playlists/";
const headers = { Authorization: "Bearer phx_persist", "Content-Type": "application/json" };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), "mock-persist-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** scripts/servers/mock-server.mjs in a child process; resolves with its URL, or rejects with what it printed when it exits first. */
function startChild(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["scripts/servers/mock-server.mjs", "--port", "0", ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  cleanups.push(async () => void child.kill("SIGKILL"));
  let printed = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the mock did not start within 60 s: ${printed}`)), 60_000);
    child.stdout!.on("data", (chunk) => {
      printed += chunk;
      const url = /listening on (\S+)/.exec(printed)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    });
    child.stderr!.on("data", (chunk) => {
      printed += chunk;
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(printed), { code }));
    });
  });
}

const create = (url: string, name: string) => fetch(`${url}${playlists}`, { method: "POST", headers, body: JSON.stringify({ name }) });

type Saved = { projects: Record<string, { playlists: { id: number; short_id: string; name: string }[] }> };
/** The playlists a restart would load: the file with its journal applied. */
const savedPlaylists = async (file: string) => ((await loadPersisted(file)) as Saved).projects["28417"]!.playlists;

describe("kill -9 under load", () => {
  it("keeps every create the server acknowledged, and the next start removes the temporary files", async () => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    const { child, url } = await startChild(["--persist", file]);
    const total = 300;
    const concurrency = 16;
    const killAfter = 120;
    const acknowledged: { id: number; short_id: string; name: string }[] = [];
    let failed = 0;
    let next = 0;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // A bounded pool of writers; the kill lands while they still have creates in flight.
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const name = `load-${next++}`;
          try {
            const response = await create(url, name);
            if (response.status === 201) {
              acknowledged.push(await response.json());
              if (acknowledged.length === killAfter) child.kill("SIGKILL");
            } else failed++;
          } catch {
            failed++;
          }
        }
      }),
    );
    await exited;
    expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);
    expect(failed, "the kill came before the load ended").toBeGreaterThan(0);

    const saved = new Map((await savedPlaylists(file)).map((p) => [p.short_id, p]));
    const lost = acknowledged.filter((p) => saved.get(p.short_id)?.id !== p.id || saved.get(p.short_id)?.name !== p.name);
    expect(lost, "acknowledged creates missing from the file").toEqual([]);

    // A temporary file a killed server left (planted, so there is one whatever the kill hit) goes at the next start; the state loads.
    await writeFile(join(dir, "state.json.4242.tmp"), "{ half a state");
    await writeFile(join(dir, "state.json.journal.4242.tmp"), "{ half a journal");
    await writeFile(join(dir, "other.json.4242.tmp"), "not ours");
    const again = await startChild(["--persist", file]);
    expect((await readdir(dir)).sort()).toEqual(["other.json.4242.tmp", "state.json", "state.json.journal", "state.json.lock"]);
    const last = acknowledged[acknowledged.length - 1]!;
    const read = await fetch(`${again.url}${playlists}${last.short_id}/`, { headers });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: last.id, name: last.name });
  }, 120_000);
});

/** Stops a child with SIGTERM, as Ctrl-C would: it saves its last change and frees the file. */
function stopChild(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  return exited;
}

describe("one server per --persist file", () => {
  it("refuses a second server while the first lives, touching none of its files; after a kill -9 the next one starts", async () => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    const first = await startChild(["--persist", file]);
    // The holder's own temporary file, as if a save of it were under way: the second must leave it be.
    const inFlight = join(dir, `state.json.${first.child.pid}.tmp`);
    await writeFile(inFlight, "the holder's save");
    const acknowledged: string[] = [];
    const writer = (async () => {
      for (let i = 0; i < 40; i++) {
        const response = await create(first.url, `during-${i}`);
        if (response.status === 201) acknowledged.push(((await response.json()) as { short_id: string }).short_id);
      }
    })();
    const second = await startChild(["--persist", file]).then(
      () => undefined,
      (error: Error & { code?: number }) => error,
    );
    await writer;
    expect(second?.code).toBe(1);
    expect(second?.message).toContain(`--persist ${file}: another mock server (pid ${first.child.pid}) holds it`);
    expect(await readFile(inFlight, "utf8")).toBe("the holder's save");
    await rm(inFlight);
    expect(acknowledged).toHaveLength(40);
    const saved = new Set((await savedPlaylists(file)).map((p) => p.short_id));
    expect(acknowledged.filter((id) => !saved.has(id))).toEqual([]);

    // A crash leaves the lock behind, naming a pid that is gone: the next server takes the file over, with every create.
    const exited = new Promise((resolve) => first.child.once("exit", resolve));
    first.child.kill("SIGKILL");
    await exited;
    expect(JSON.parse(await readFile(`${file}.lock`, "utf8"))).toMatchObject({ pid: first.child.pid });
    const third = await startChild(["--persist", file]);
    const read = await fetch(`${third.url}${playlists}${acknowledged.at(-1)}/`, { headers });
    expect(read.status).toBe(200);
    await stopChild(third.child);
    expect(await readdir(dir)).not.toContain("state.json.lock");
  }, 120_000);
});

describe("--persist through a symlink", () => {
  it("writes to the link's target, beside it, and leaves the link a link", async () => {
    const dir = await tempDir();
    await mkdir(join(dir, "real"));
    const target = join(dir, "real", "state.json");
    const link = join(dir, "state.json");
    // A link to a file not made yet, then to the file the first server made.
    await symlink(target, link);
    for (const name of ["first", "second"]) {
      const { child, url } = await startChild(["--persist", link]);
      expect((await create(url, name)).status).toBe(201);
      await stopChild(child);
      expect((await lstat(link)).isSymbolicLink()).toBe(true);
      expect(await readlink(link)).toBe(target);
    }
    expect((await readdir(dir)).sort()).toEqual(["real", "state.json"]);
    // A clean stop folded the journal into the file and removed it.
    expect(await readdir(join(dir, "real"))).toEqual(["state.json"]);
    expect((await savedPlaylists(target)).map((p) => p.name)).toEqual(expect.arrayContaining(["first", "second"]));
  }, 120_000);
});

describe("a --persist file that cannot be used", () => {
  it("stops the server at start, naming the file and the reason", async () => {
    const dir = await tempDir();
    const missingFolder = join(dir, "no-such-folder", "state.json");
    const failure = await startChild(["--persist", missingFolder]).then(
      () => undefined,
      (error: Error & { code?: number }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.message).toContain(`--persist ${missingFolder}: cannot write it: ENOENT`);
    // A folder where the file should be, and a file where its folder should be.
    await expect(startStatefulMock({ port: 0, persist: dir, log: () => undefined })).rejects.toThrow(
      `--persist ${dir}: cannot write it: EISDIR: ${dir} is a directory, not a regular file`,
    );
    await writeFile(join(dir, "plain"), "");
    await expect(startStatefulMock({ port: 0, persist: join(dir, "plain", "state.json"), log: () => undefined })).rejects.toThrow(
      /cannot (read|write) it: ENOTDIR/,
    );
  }, 120_000);
});

describe("a --persist path that is not a regular file, or has no write bit", () => {
  it("is refused at once, naming what it is, and leaves no lock", async () => {
    const dir = await tempDir();
    const fifo = join(dir, "state.fifo");
    execFileSync("mkfifo", [fifo]);
    await expect(startStatefulMock({ port: 0, persist: fifo, log: () => undefined })).rejects.toThrow(
      `--persist ${fifo}: cannot write it: ENOTREG: ${fifo} is a FIFO (named pipe), not a regular file`,
    );
    await expect(startStatefulMock({ port: 0, persist: "/dev/null", log: () => undefined })).rejects.toThrow(
      "--persist /dev/null: cannot write it: ENOTREG: /dev/null is a character device, not a regular file",
    );
    expect((await readdir(dir)).sort()).toEqual(["state.fifo"]);
  });

  // Root passes access(W_OK) on any file: the promise is about the file, so it holds for root too (the usual user in containers and CI).
  it.each(["state.json", "state.json.journal"])("is refused when %s has no write bit, for every user, and left as it was", async (readOnly) => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    const first = await startStatefulMock({ port: 0, persist: file, log: () => undefined });
    await first.mock.fetch(
      new Request(`${first.url}/api/environments/28417/session_recording_playlists/`, {
        method: "POST",
        headers: { authorization: "Bearer phx_x", "content-type": "application/json" },
        body: '{"name":"kept"}',
      }),
    );
    await first.stop();
    if (readOnly.endsWith(".journal")) await writeFile(join(dir, readOnly), "");
    await chmod(join(dir, readOnly), 0o444);
    const before = await readFile(join(dir, readOnly), "utf8");
    await expect(startStatefulMock({ port: 0, persist: file, log: () => undefined })).rejects.toThrow(
      `--persist ${file}: cannot write it: EACCES: permission denied, ${join(dir, readOnly)} has no write permission for anyone`,
    );
    expect(await readFile(join(dir, readOnly), "utf8")).toBe(before);
    expect((await stat(join(dir, readOnly))).mode & 0o777).toBe(0o444);
    expect((await readdir(dir)).sort()).toEqual(["state.json", ...(readOnly.endsWith(".journal") ? ["state.json.journal"] : [])]);
  });
});

describe("a save that fails", () => {
  it("answers 503 not_saved to every change, never a 2XX, and the next save that succeeds carries the changes", async () => {
    const dir = await tempDir();
    const folder = join(dir, "state");
    await mkdir(folder);
    const file = join(folder, "state.json");
    const logged: string[] = [];
    const server = await startStatefulMock({ port: 0, persist: file, log: (line) => logged.push(line) });
    cleanups.push(() => server.stop());
    expect((await create(server.url, "before")).status).toBe(201);

    // The folder goes away under the running server: every save fails.
    await rename(folder, join(dir, "away"));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => create(server.url, `during-${i}`)));
    answers.push(await fetch(`${server.url}/__mock/scenario`, { method: "POST", headers, body: '{"name": null}' }));
    answers.push(await fetch(`${server.url}${playlists}`, { method: "POST", headers, body: JSON.stringify({ name: "last" }) }));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ type: "server_error", code: "not_saved", detail: expect.stringContaining(`--persist ${file}`) });
    }
    expect(logged.some((line) => line.includes(`--persist ${file}: cannot save the state`))).toBe(true);
    // Reads still answer.
    expect((await fetch(`${server.url}${playlists}`, { headers })).status).toBe(200);

    await rename(join(dir, "away"), folder);
    const after = await create(server.url, "after");
    expect(after.status).toBe(201);
    const names = (await savedPlaylists(file)).map((p) => p.name);
    // The scenario switch (back to the seed, so "before" is gone) and the creates after it, all unsaved until now.
    expect(names).toEqual(expect.arrayContaining(["last", "after"]));
    expect(names).not.toContain("before");
  }, 60_000);
});

describe("the saver", () => {
  /** A change that only sets the next ids, which loadPersisted applies to the state saved. */
  const change = (playlist: number) => ({ whole: false as const, nextId: { playlist, subscription: 1 }, records: [] });
  const nextPlaylistId = async (file: string) => ((await loadPersisted(file)) as { nextId: { playlist: number } }).nextId.playlist;

  it("gives changes made in one turn one journal write, and a change made during a write the next one, which holds it", async () => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    const { lock } = await holdPersistFile(file);
    const persistence = await openPersistence(file, lock, () => JSON.stringify({ projects: {}, nextId: { playlist: 0, subscription: 1 } }));
    cleanups.push(() => persistence.close());
    let version = 0;
    const checks: Promise<void>[] = [];
    const changeOne = () => {
      const mine = ++version;
      checks.push(persistence.save(change(mine)).then(async () => expect(await nextPlaylistId(file)).toBeGreaterThanOrEqual(mine)));
    };
    for (let i = 0; i < 10; i++) changeOne();
    await checks[0];
    expect(persistence.counts).toEqual({ saves: 1, changes: 10, compactions: 0 });
    // Made while a save runs: they wait for the one after it.
    changeOne();
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 5; i++) changeOne();
    await Promise.all(checks);
    expect(persistence.counts.changes).toBe(16);
    expect(persistence.counts.saves).toBeLessThanOrEqual(3);
    expect(await nextPlaylistId(file)).toBe(16);
    expect((await readdir(dir)).sort()).toEqual(["state.json", "state.json.journal", "state.json.lock"]);
  });

  it("rejects the changes of a failed save, naming the file, and rewrites the file whole at the next change", async () => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    const { lock } = await holdPersistFile(file);
    let fail = false;
    const persistence = await openPersistence(file, lock, () => {
      if (fail) throw new Error("cannot serialise");
      return JSON.stringify({ projects: {}, nextId: { playlist: 7, subscription: 1 } });
    });
    cleanups.push(() => persistence.close());
    fail = true;
    await expect(persistence.save({ whole: true })).rejects.toThrow(`--persist ${file}: cannot save the state: cannot serialise`);
    fail = false;
    await expect(persistence.save(change(8))).resolves.toBeUndefined();
    expect(persistence.counts).toEqual({ saves: 1, changes: 1, compactions: 1 });
    // Rewritten whole, so the journal is empty again and the file says what the state says.
    expect(await nextPlaylistId(file)).toBe(7);
  });

  it("rewrites the file whole once the journal passes its limit, and loads a journal whose last line a crash cut short", async () => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    const { lock } = await holdPersistFile(file);
    let next = 1;
    const persistence = await openPersistence(file, lock, () => JSON.stringify({ projects: {}, nextId: { playlist: next, subscription: 1 } }), {
      journalLimit: 500,
    });
    cleanups.push(() => persistence.close());
    for (; next <= 20; next++) await persistence.save(change(next));
    expect(persistence.counts.compactions).toBeGreaterThan(0);
    expect((await readFile(`${file}.journal`, "utf8")).length).toBeLessThanOrEqual(600);
    expect(await nextPlaylistId(file)).toBe(20);

    // A last line cut short by a crash was never acknowledged: the lines before it load.
    await persistence.save(change(21));
    await writeFile(`${file}.journal`, `${await readFile(`${file}.journal`, "utf8")}{"whole":false,"nextId":{"pla`);
    expect(await nextPlaylistId(file)).toBe(21);
  });
});
