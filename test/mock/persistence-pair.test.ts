// The --persist file and its journal (issue 33, items 2 and 3). A clean stop (SIGTERM, SIGINT,
// SIGHUP, close()) leaves the file alone holding every change; after a kill -9 the next start
// folds the journal in and says so. A journal already folded in is discarded quietly; a journal
// of another snapshot, or of none, stops the server and is left as it was. A snapshot replaced or
// removed under a running server is noticed before the next acknowledgement. Files that cannot
// be written stop the server at start (run as an unprivileged user: root writes any file).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmod, copyFile, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { loadPersisted } from "../../src/mock/persistence/persist.js";
import { create, persistFixtures, playlistNames, stopChild } from "./persist-support.js";

const { bundle, onCleanup, refusedStart, startChild, tempDir } = persistFixtures();

let bin: string;
beforeAll(async () => {
  bin = await bundle("src/mock/adapters/node-http/cli.ts");
}, 60_000);
const server = (file: string) => [process.execPath, bin, "--port", "0", "--persist", file];
/** The state the file alone holds, as a team that commits or copies it would read it. */
const fileAlone = async (file: string) => JSON.parse(await readFile(file, "utf8")) as unknown;

async function killed(child: import("node:child_process").ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

describe("a clean stop", () => {
  // Ctrl-C reaches npm and the server at once, and npm sends its own copy a few milliseconds later,
  // mid-fold: a 5 ms gap killed the process every time while the handlers were `once`.
  it("finishes when a second signal comes 5 ms after the first, five times in a row", async () => {
    for (let round = 0; round < 5; round++) {
      const dir = await tempDir();
      const file = join(dir, "state.json");
      const started = await startChild(server(file));
      for (const name of ["one", "two", "three"]) expect((await create(started.url, name)).status).toBe(201);
      const exited = new Promise<number | null>((resolve) => started.child.once("exit", resolve));
      started.child.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 5));
      started.child.kill("SIGTERM");
      expect(await exited, `round ${round}: ${started.printed()}`).toBe(0);
      expect(await readdir(dir)).toEqual(["state.json"]);
      expect(playlistNames(await fileAlone(file)).slice(-3)).toEqual(["one", "two", "three"]);
    }
  }, 90_000);

  // What a supervisor does (the whole process group), and Ctrl-C in a terminal (script(1) gives the
  // command a pseudo-terminal, whose ^C signals its foreground group: npm, its shell and the server).
  it.each([
    ["its process group is signalled", "group"],
    ["Ctrl-C is typed in its terminal", "terminal"],
  ] as const)(
    "under npm run mock:stateful, when %s, folds every acknowledged write and leaves the file alone, twice in a row",
    async (_, how) => {
      for (let round = 0; round < 2; round++) {
        const dir = await tempDir();
        const file = join(dir, "state.json");
        const command = `npm run --silent mock:stateful -- --port 0 --persist ${file}`;
        // Under npm, npm's own start and the bundling come first.
        const options = { timeoutMs: 60_000, detached: true, input: how === "terminal" };
        const { child, url, printed } = await startChild(how === "group" ? ["sh", "-c", command] : ["script", "-qfec", command, "/dev/null"], options);
        for (const name of ["one", "two", "three", "four", "five"]) expect((await create(url, name)).status).toBe(201);
        const exited = new Promise((resolve) => child.once("exit", resolve));
        if (how === "group") process.kill(-child.pid!, "SIGTERM");
        else child.stdin!.write("\x03");
        await exited;
        // npm may exit before the server under it has finished its fold: wait for the fold, bounded.
        for (let waited = 0; waited < 100 && (await readdir(dir)).length > 1; waited++) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await readdir(dir), printed()).toEqual(["state.json"]);
        expect(playlistNames(await fileAlone(file)).slice(-5)).toEqual(["one", "two", "three", "four", "five"]);
      }
    },
    240_000,
  );

  it.each(["SIGTERM", "SIGINT", "SIGHUP"] as const)("on %s folds the journal into the file and removes the journal and the lock", async (signal) => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    const started = await startChild(server(file));
    expect(started.printed()).toContain(`--persist ${file}: no such file, so a new one was made`);
    for (const name of ["one", "two", "three"]) expect((await create(started.url, name)).status).toBe(201);
    expect(await stopChild(started.child, signal)).toBe(0);
    expect(await readdir(dir)).toEqual(["state.json"]);
    expect(playlistNames(await fileAlone(file))).toEqual(expect.arrayContaining(["one", "two", "three"]));
  });

  it("on close() does the same, in-process", async () => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    const started = await startStatefulMock({ port: 0, persist: file, log: () => undefined });
    expect((await create(started.url, "in-process")).status).toBe(201);
    await started.stop();
    expect(await readdir(dir)).toEqual(["state.json"]);
    expect(playlistNames(await fileAlone(file))).toContain("in-process");
  });

  it("after a kill -9, the next start folds the journal in and says so", async () => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    const first = await startChild(server(file));
    for (const name of ["a", "b"]) expect((await create(first.url, name)).status).toBe(201);
    await killed(first.child);
    expect(playlistNames(await fileAlone(file))).not.toContain("a");
    const second = await startChild(server(file));
    expect(second.printed()).toContain(`--persist ${file}: the state loaded from the file, with 2 changes of ${file}.journal folded in`);
    expect(playlistNames(await fileAlone(file))).toEqual(expect.arrayContaining(["a", "b"]));
  });
});

describe("a journal that does not pair with its file", () => {
  const hash = (text: string) => createHash("sha256").update(text).digest("base64url");

  /** A file and the journal a server killed with kill -9 left beside it, holding `name`. */
  async function leftByKill(dir: string, name: string) {
    const file = join(dir, "state.json");
    const started = await startChild(server(file));
    expect((await create(started.url, name)).status).toBe(201);
    await killed(started.child);
    return file;
  }

  it("stops the server when the journal comes from another run, naming both files, and leaves them as they were", async () => {
    const file = await leftByKill(await tempDir(), "this run");
    const other = await leftByKill(await tempDir(), "another run");
    await copyFile(`${other}.journal`, `${file}.journal`);
    const before = [await readFile(file, "utf8"), await readFile(`${file}.journal`, "utf8")];
    const refused = await refusedStart(server(file));
    expect(refused.code).toBe(1);
    expect(refused.message).toContain(`--persist ${file}: ${file}.journal holds 1 change a server acknowledged, which follow another state.json`);
    expect(refused.message).toContain(`move ${file}.journal away`);
    expect([await readFile(file, "utf8"), await readFile(`${file}.journal`, "utf8")]).toEqual(before);
  });

  it("stops the server when the file the journal follows is gone, and makes no file", async () => {
    const file = await leftByKill(await tempDir(), "kept");
    await rm(file);
    const journal = await readFile(`${file}.journal`, "utf8");
    const refused = await refusedStart(server(file));
    expect(refused.message).toContain(`${file}.journal holds 1 change a server acknowledged, but ${file}, the file they follow, is not there`);
    await expect(stat(file)).rejects.toThrow("ENOENT");
    expect(await readFile(`${file}.journal`, "utf8")).toBe(journal);
  });

  it("discards quietly a journal already folded into the file (a stop or compaction killed after its rename)", async () => {
    const file = await leftByKill(await tempDir(), "folded");
    // What the stop writes before its rename: the journal's last line names the file it makes.
    const folded = JSON.stringify({ ...((await fileAlone(file)) as object), nextId: { playlist: 9000, subscription: 9000 } });
    await writeFile(`${file}.journal`, `${await readFile(`${file}.journal`, "utf8")}\n${JSON.stringify({ folded: hash(folded) })}\n`);
    await writeFile(file, folded);
    const started = await startChild(server(file));
    expect(started.printed()).toContain(`--persist ${file}: the state loaded from the file\n`);
    expect(JSON.parse(await (await fetch(`${started.url}/__mock/state`)).text())).toMatchObject({ nextId: { playlist: 9000 } });
  });
});

describe("a journal a failed save cut short", () => {
  it("loads the changes before the cut, when a compaction's folded line follows it", async () => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    const started = await startStatefulMock({ port: 0, persist: file, log: () => undefined });
    onCleanup(() => started.stop());
    expect((await create(started.url, "whole line")).status).toBe(201);
    // The files as a kill -9 would leave them, after a save that failed half-way and a compaction that stopped before its rename.
    const copy = join(dir, "copy.json");
    await copyFile(file, copy);
    const journal = await readFile(`${file}.journal`, "utf8");
    await writeFile(`${copy}.journal`, `${journal}{"whole":false,"nextId":{"pla\n${JSON.stringify({ folded: "another snapshot" })}\n`);
    expect(playlistNames(await loadPersisted(copy))).toContain("whole line");
    // Cut short anywhere else, it is not a journal the server wrote: the start stops rather than guess.
    await writeFile(`${copy}.journal`, `${journal}{"whole":false,"nextId":{"pla\n${journal.split("\n")[1]}\n`);
    await expect(loadPersisted(copy)).rejects.toThrow(`${copy}.journal line 3`);
  });
});

describe("a file replaced or removed under a running server", () => {
  it.each([
    ["copied over", (file: string, other: string) => copyFile(other, file)],
    ["renamed over", (file: string, other: string) => rename(other, file)],
    ["removed", (file: string) => rm(file)],
  ])("is noticed at the next write (%s), which answers 503 naming it; what the server acknowledged is kept beside", async (_, replace) => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    const logged: string[] = [];
    const started = await startStatefulMock({ port: 0, persist: file, log: (line) => logged.push(line) });
    onCleanup(() => started.stop());
    expect((await create(started.url, "acknowledged")).status).toBe(201);
    const other = join(dir, "other.json");
    await writeFile(other, JSON.stringify(started.mock.snapshot()).replace("acknowledged", "someone else's"));
    await replace(file, other);
    const after = await create(started.url, "after");
    expect(after.status).toBe(503);
    expect(await after.json()).toMatchObject({ code: "not_saved", detail: expect.stringContaining(`${file} was replaced, changed or removed`) });
    expect((await create(started.url, "later")).status).toBe(503);
    // Named so no other server shares it: the pid, a token of this process's own, the lock's generation.
    const kept = /is in (\S+\.server-\S+\.json)\./.exec(logged.join("\n"))?.[1] ?? "no file named";
    expect(kept).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.server-${process.pid}-[0-9a-f]{8}-1\\.json$`));
    expect(playlistNames(await fileAlone(kept))).toContain("acknowledged");
    await started.stop();
    // The journal holds what was acknowledged, and pairs with no file there now: the next start says so, and changes nothing.
    const journal = await readFile(`${file}.journal`, "utf8");
    await expect(startStatefulMock({ port: 0, persist: file, log: () => undefined })).rejects.toThrow(`${file}.journal holds 1 change a server acknowledged`);
    expect(await readFile(`${file}.journal`, "utf8")).toBe(journal);
  });
});

// root may write a 0444 file: the check runs as nobody, through setpriv, when the tests run as root.
const asRoot = process.getuid?.() === 0;
const setpriv = asRoot && spawnSync("setpriv", ["--version"]).status === 0;
describe.runIf(process.platform === "linux" && (!asRoot || setpriv))("files that cannot be written", () => {
  const unprivileged = (command: string[]) => (asRoot ? ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", ...command] : command);

  it.each(["state.json", "state.json.journal"])("stop the server at start when %s is read-only, and are left as they were", async (readOnly) => {
    const dir = await tempDir();
    await chmod(dir, 0o777);
    const file = join(dir, "state.json");
    const first = await startChild(unprivileged(server(file)));
    expect((await create(first.url, "before")).status).toBe(201);
    // A kill -9 leaves the journal beside the file.
    await killed(first.child);
    await chmod(join(dir, readOnly), 0o444);
    const before = await readFile(join(dir, readOnly), "utf8");
    const refused = await refusedStart(unprivileged(server(file)));
    expect(refused.code).toBe(1);
    expect(refused.message).toContain(`--persist ${file}: cannot write it: EACCES`);
    expect(await readFile(join(dir, readOnly), "utf8")).toBe(before);
    expect((await stat(join(dir, readOnly))).mode & 0o777).toBe(0o444);
  });
});
