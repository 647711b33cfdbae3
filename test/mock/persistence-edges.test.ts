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
