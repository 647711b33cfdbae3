// One server per --persist file, whatever happened to the last (issue 33, item 1). The states a
// race passes through are planted, so the test does not depend on luck: an empty lock file of a
// live holder, a lock naming a zombie (a server killed with kill -9 whose parent does not reap
// it), a lock naming a live unrelated process (a pid reused), a lock of a holder this process
// cannot look up (another container) with and without its heartbeat. Then starts released in the
// same millisecond, a bounded number of times: one server only, every time.
import { spawn } from "node:child_process";
import { readFile, stat, truncate, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { lockPersistFile, staleAfterMs } from "../../src/mock/persistence/lock.js";
import { loadPersisted } from "../../src/mock/persistence/persist.js";
import { ownIdentity, procStat } from "../../src/mock/persistence/process-identity.js";
import { create, persistFixtures, playlistNames, stopChild } from "./persist-support.js";

const { bundle, onCleanup, refusedStart, startChild, tempDir } = persistFixtures();

let bin: string;
beforeAll(async () => {
  bin = await bundle("src/mock/adapters/node-http/cli.ts");
}, 60_000);
const server = (file: string) => [process.execPath, bin, "--port", "0", "--persist", file];

/** A `sleep` child, unrelated to any mock server, killed after the test. */
function unrelatedProcess() {
  const child = spawn("sleep", ["60"], { stdio: "ignore" });
  onCleanup(async () => child.kill("SIGKILL"));
  return child.pid!;
}

const waitFor = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within 5 s`);
};

describe.runIf(process.platform === "linux")("a lock file in the states a race or a crash leaves", () => {
  it("refuses a second server while the holder's lock file is empty (a lock being written)", async () => {
    const file = join(await tempDir(), "state.json");
    const holder = await startChild(server(file));
    await truncate(`${file}.lock`);
    const second = await refusedStart(server(file));
    expect(second.code).toBe(1);
    expect(second.message).toContain(`--persist ${file}: another mock server`);
    expect(second.message).toContain("holds it");
    expect((await create(holder.url, "still the only one")).status).toBe(201);
  });

  it("starts at once after a kill -9 whose server is still a zombie, with every create it acknowledged", async () => {
    const file = join(await tempDir(), "state.json");
    // sh starts the server, then becomes `sleep`, which never reaps it: killed, the server stays a zombie.
    const script = `"${process.execPath}" "${bin}" --port 0 --persist "${file}" & echo "server pid $!"; exec sleep 60`;
    const first = await startChild(["sh", "-c", script]);
    const pid = Number(/server pid (\d+)/.exec(first.printed())![1]);
    expect((await create(first.url, "before the kill")).status).toBe(201);
    process.kill(pid, "SIGKILL");
    await waitFor(async () => (await procStat(pid))?.state === "Z", "the killed server a zombie");
    expect(JSON.parse(await readFile(`${file}.lock`, "utf8"))).toMatchObject({ pid });

    const next = await startChild(server(file));
    expect(await (await fetch(`${next.url}${"/__mock/state"}`)).text()).toContain("before the kill");
    expect(await stopChild(next.child)).toBe(0);
  });

  it("starts over a lock naming a live unrelated process (a reused pid), and names no process in what it prints", async () => {
    const dir = await tempDir();
    const pid = unrelatedProcess();
    const own = await ownIdentity();
    // The lock of an earlier version, a bare pid, written before that process started (a reboot), and one of this version naming it with another start time.
    const locks = [`${pid}\n`, `${JSON.stringify({ ...own, pid, start: "1", host: "here" })}\n`];
    for (const [index, lock] of locks.entries()) {
      const file = join(dir, `state-${index}.json`);
      await writeFile(`${file}.lock`, lock);
      const anHourAgo = new Date(Date.now() - 3600_000);
      await utimes(`${file}.lock`, anHourAgo, anHourAgo);
      const started = await startChild(server(file));
      // The pid as a number of its own: 4133 may well stand inside the port 44133.
      expect(started.printed()).not.toMatch(new RegExp(`(?<!\\d)${pid}(?!\\d)`));
      expect(JSON.parse(await readFile(`${file}.lock`, "utf8"))).toMatchObject({ pid: started.child.pid });
      expect(await stopChild(started.child)).toBe(0);
    }
    expect((await procStat(pid))?.state).not.toBe("Z");
  });

  it("waits for a holder it cannot look up while its heartbeat goes on, then refuses; takes a lock whose heartbeat stopped at once", async () => {
    const dir = await tempDir();
    const own = await ownIdentity();
    const elsewhere = `${JSON.stringify({ ...own, pid: 4242, pidns: "pid:[1]", host: "another-container" })}\n`;
    const beating = join(dir, "beating.json");
    await writeFile(`${beating}.lock`, elsewhere);
    const heartbeat = setInterval(() => {
      const now = new Date();
      void utimes(`${beating}.lock`, now, now);
    }, 500);
    onCleanup(async () => clearInterval(heartbeat));
    const started = Date.now();
    await expect(lockPersistFile(beating)).rejects.toThrow(
      /another mock server \(pid 4242 on another-container, in a process this one cannot look up.*\) holds it, by its lock/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(staleAfterMs);

    const silent = join(dir, "silent.json");
    await writeFile(`${silent}.lock`, elsewhere);
    const longAgo = new Date(Date.now() - 2 * staleAfterMs);
    await utimes(`${silent}.lock`, longAgo, longAgo);
    const lock = await lockPersistFile(silent);
    expect(JSON.parse(await readFile(`${silent}.lock`, "utf8"))).toMatchObject({ pid: process.pid });
    // The holder's heartbeat: the lock is touched while held.
    const touched = (await stat(`${silent}.lock`)).mtimeMs;
    await waitFor(async () => (await stat(`${silent}.lock`)).mtimeMs > touched, "the heartbeat");
    await lock.release();
    await expect(stat(`${silent}.lock`)).rejects.toThrow("ENOENT");
  }, 30_000);
});

describe.runIf(process.platform === "linux")("servers started in the same millisecond", () => {
  it("never both run, on a fresh file and on the stale lock a kill -9 leaves (6 tries)", async () => {
    // A start that waits for a given moment, so both reach the lock in the same millisecond.
    const dir = await tempDir();
    const entry = join(dir, "at.ts");
    const serverModule = new URL("../../src/mock/adapters/node-http/server.ts", import.meta.url).pathname;
    await writeFile(
      entry,
      `import { startStatefulMock } from ${JSON.stringify(serverModule)};
const [at, persist] = [Number(process.argv[2]), process.argv[3]];
while (Date.now() < at);
const started = await startStatefulMock({ port: 0, persist, log: () => undefined }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
console.log("listening on " + started.url);
process.once("SIGTERM", () => started.stop().then(() => process.exit(0)));`,
    );
    const atBin = await bundle(entry);
    const file = join(dir, "state.json");
    const acknowledged: string[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      // Even tries on a file no server left a lock on; odd ones on the lock of a server killed with kill -9.
      const at = String(Date.now() + 1500);
      const outcomes = await Promise.all(
        [0, 1].map(() =>
          startChild([process.execPath, atBin, at, file]).then(
            (started) => ({ started, message: "" }),
            (error: Error) => ({ started: undefined, message: error.message }),
          ),
        ),
      );
      const up = outcomes.filter((outcome) => outcome.started);
      expect(up, `try ${attempt}: ${outcomes.map((outcome) => outcome.message).join(" | ")}`).toHaveLength(1);
      expect(outcomes.find((outcome) => !outcome.started)!.message).toContain("holds it");
      const winner = up[0]!.started!;
      const name = `try ${attempt}`;
      expect((await create(winner.url, name)).status).toBe(201);
      acknowledged.push(name);
      if (attempt % 2 === 0) {
        const exited = new Promise((resolve) => winner.child.once("exit", resolve));
        winner.child.kill("SIGKILL");
        await exited;
      } else expect(await stopChild(winner.child)).toBe(0);
    }
    expect(playlistNames(await loadPersisted(file))).toEqual(expect.arrayContaining(acknowledged));
  }, 120_000);
});
