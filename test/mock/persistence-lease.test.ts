// A paused holder of a --persist file (issue 44, item 2). Two servers in namespaces of their own
// (pid and network: two containers on one folder, where neither the socket nor /proc tells one of
// the other, so the lock's heartbeat decides): A writes, A is stopped with SIGSTOP mid-save, B
// takes the file over and acknowledges writes, A gets SIGCONT. Every write either acknowledged
// must load at the next start; the one way it may not, a rename of A's in the gap its lease check
// leaves (DECISIONS.md), must make that start refuse, naming the files, never load less. Skipped,
// saying why, where `unshare` is refused (no root, or a container that forbids namespaces).
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { persistFixtures, playlistNames, type Started, stopChild } from "./persist-support.js";

const { bundle, startChild, tempDir } = persistFixtures();
const namespaces = ["unshare", "-n", "-p", "-f", "--mount-proc"];
const refused = process.platform !== "linux" ? "not Linux" : spawnSync(namespaces[0]!, [...namespaces.slice(1), "true"], { encoding: "utf8" });
const unshareRefused =
  typeof refused === "string" ? refused : refused.status === 0 ? undefined : `unshare: ${(refused.stderr || refused.error?.message || "").trim()}`;
if (unshareRefused) console.warn(`persistence-lease.test.ts skipped: two servers in namespaces of their own cannot be started here (${unshareRefused})`);

// A takeover after 0.5 s without a heartbeat, so a round takes about a second and a half.
const timing = ["50", "500"];
const rounds = 3;

/** The answers a driver printed: name, status and the wall time it printed it at. */
const answers = (started: Started) =>
  [...started.printed().matchAll(/^answer (\S+) (\d+) (\d+)$/gm)].map(([, name, status, at]) => ({ name: name!, status: Number(status), at: Number(at) }));

const waitFor = async (check: () => boolean, what: string, started: Started[]) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error(`${what}: not within 2 s. ${started.map((one) => one.printed().slice(-600)).join("\n---\n")}`);
};

/** The pid, in this namespace, of the server `unshare -f` started (its only child). */
const serverPid = async (started: Started) => Number((await readFile(`/proc/${started.child.pid}/task/${started.child.pid}/children`, "utf8")).trim());

let driver: string;
beforeAll(async () => {
  if (!unshareRefused) driver = await bundle("test/mock/lease-driver.ts");
}, 60_000);

describe.runIf(!unshareRefused)("a holder paused while another server takes its file over", () => {
  it(`acknowledges nothing once it may have lost the file, and the next start loads every write either acknowledged (${rounds} rounds)`, async () => {
    const refusals: string[] = [];
    for (let round = 0; round < rounds; round++) {
      const file = join(await tempDir(), "state.json");
      const server = (label: string) => startChild([...namespaces, process.execPath, driver, file, label, ...timing], { input: true, timeoutMs: 5000 });
      const a = await server("a");
      a.child.stdin!.write("go\n");
      await waitFor(() => answers(a).length >= 3, "A's first writes", [a]);
      const aPid = await serverPid(a);
      process.kill(aPid, "SIGSTOP");
      const b = await server("b");
      b.child.stdin!.write("go\n");
      await waitFor(() => answers(b).filter((answer) => answer.status === 201).length >= 3, "B's writes", [a, b]);
      const resumedAt = Date.now();
      process.kill(aPid, "SIGCONT");
      await waitFor(() => answers(a).some((answer) => answer.at >= resumedAt && answer.status === 503), "A's refusal after SIGCONT", [a, b]);
      const bSoFar = answers(b).length;
      await waitFor(() => answers(b).length >= bSoFar + 3, "B's writes after A resumed", [a, b]);
      for (const started of [a, b]) started.child.stdin!.write("stop\n");
      await Promise.all([a, b].map((started) => stopChild(started.child, "SIGCONT")));

      // Once A answered 503, it answers nothing else: it never saves again.
      const afterResume = answers(a).filter((answer) => answer.at >= resumedAt);
      const firstRefusal = afterResume.findIndex((answer) => answer.status === 503);
      expect(afterResume.slice(firstRefusal).every((answer) => answer.status === 503)).toBe(true);
      // By its lease, or by the files B wrote, whichever it checks first.
      expect(a.printed()).toMatch(/while this server held it, so it saves no more/);
      const acknowledged = [...answers(a), ...answers(b)].filter((answer) => answer.status === 201).map((answer) => answer.name);
      const next = await startStatefulMock({ port: 0, persist: file, log: () => undefined }).catch((error: Error) => error);
      if (next instanceof Error) {
        expect(next.message).toMatch(/written by a server of generation 1, after its lock .* had passed to generation 1/);
        refusals.push(`round ${round}: ${next.message}`);
        continue;
      }
      const loaded = playlistNames(next.mock.snapshot());
      await next.stop();
      expect(acknowledged.filter((name) => !loaded.includes(name))).toEqual([]);
    }
    // The gap a check leaves before its rename: possible, rare, and said, never a silent loss.
    if (refusals.length) console.warn(`the start refused a pair A renamed in the gap after its check:\n${refusals.join("\n")}`);
  }, 15_000);
});
