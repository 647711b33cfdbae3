// --persist at its edges (issue 58): the lock path is checked as the file and the journal are,
// and read within a bound; a file whose mode changes, or a journal removed, under a running
// server stops its acknowledgements (503 naming the file) with every change it acknowledged kept
// beside; and a start names a state such a server left beside the file. Real servers on
// 127.0.0.1, each start bounded in time.
import { execFileSync } from "node:child_process";
import { chmod, readdir, readFile, rm, symlink, truncate, utimes, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { create, persistFixtures, playlistNames } from "./persist-support.js";

const { onCleanup, tempDir } = persistFixtures();

/** `promise`, or a rejection once `ms` pass: a start that hangs fails the test rather than holding it. */
const within = <T>(promise: Promise<T>, ms = 15_000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms))]);

/** Starts a server on `file`, stopped after the test; what it logged. */
async function serve(file: string) {
  const logged: string[] = [];
  const server = await within(startStatefulMock({ port: 0, persist: file, log: (line) => logged.push(line) }));
  onCleanup(() => server.stop().catch(() => undefined));
  return { server, logged };
}

describe("the lock path", () => {
  it("is refused at start when it is a FIFO, a socket, a device or a symlink to one, naming it, and the start leaves nothing", async () => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    const lock = `${file}.lock`;
    const kinds: [string, () => Promise<unknown>, string][] = [
      ["a FIFO (named pipe)", async () => execFileSync("mkfifo", [lock]), "a FIFO (named pipe)"],
      ["a symlink to /dev/zero", () => symlink("/dev/zero", lock), "a character device"],
      [
        "a socket",
        () =>
          new Promise<void>((resolve) => {
            const socket = createServer().listen(lock, () => resolve());
            onCleanup(() => new Promise((closed) => socket.close(closed)));
          }),
        "a socket",
      ],
    ];
    for (const [what, make, kind] of kinds) {
      await make();
      await expect(within(startStatefulMock({ port: 0, persist: file, log: () => undefined })), what).rejects.toThrow(
        `--persist ${file}: cannot write it: ENOTREG: ${lock} is ${kind}, not a regular file`,
      );
      expect(await readdir(dir), what).toEqual(["state.json.lock"]);
      await rm(lock);
    }
  });

  it("is read no further than a small bound: a lock of 1 GiB left by no server is taken over, not read whole", async () => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    await writeFile(`${file}.lock`, "");
    await truncate(`${file}.lock`, 2 ** 30);
    // Untouched for a minute: a stale lock of no server this one can look up.
    const old = new Date(Date.now() - 60_000);
    await utimes(`${file}.lock`, old, old);
    const { server } = await serve(file);
    expect((await create(server.url, "after a huge lock")).status).toBe(201);
    expect((await readFile(`${file}.lock`, "utf8")).length).toBeLessThan(4096);
  });
});

describe("a file that changes under a running server", () => {
  it("stops acknowledging once the file's mode would make the next start refuse it (chmod 0444, root included), keeping what it acknowledged", async () => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    const { server } = await serve(file);
    expect((await create(server.url, "before the chmod")).status).toBe(201);
    // A mode the next start still takes changes nothing.
    await chmod(file, 0o664);
    expect((await create(server.url, "after a chmod that keeps it writable")).status).toBe(201);
    await chmod(file, 0o444);
    const refused = await create(server.url, "after the chmod");
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain(`${file} changed its mode to 0444, so the next start would refuse it`);
    await server.stop();
    // Once its owner gives the write bit back, the next start has every change acknowledged, and names the state kept beside.
    await chmod(file, 0o644);
    const { server: next, logged } = await serve(file);
    expect(playlistNames(next.mock.snapshot())).toEqual(expect.arrayContaining(["before the chmod", "after a chmod that keeps it writable"]));
    const [side] = (await readdir(dir)).filter((name) => name.startsWith("state.json.server-"));
    expect(logged.join("\n")).toContain(`${join(dir, side!)} beside it holds the state of a server that lost the file`);
  });

  it("stops acknowledging once the journal is removed, and the next start names the state that holds what it acknowledged", async () => {
    const dir = await tempDir();
    const file = join(dir, "state.json");
    const { server } = await serve(file);
    expect((await create(server.url, "in the journal alone")).status).toBe(201);
    await rm(`${file}.journal`);
    const refused = await create(server.url, "after the removal");
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain(`${file}.journal was replaced, changed or removed`);
    await server.stop();
    const sides = (await readdir(dir)).filter((name) => name.startsWith("state.json.server-"));
    expect(sides).toHaveLength(1);
    const side = join(dir, sides[0]!);
    expect(playlistNames(JSON.parse(await readFile(side, "utf8")))).toContain("in the journal alone");
    const { logged } = await serve(file);
    expect(logged.join("\n")).toContain(`${side} beside it holds the state of a server that lost the file`);
  });
});
