// Killing a child a test started and everything under it. A test that starts a server through npm
// or a shell holds npm's process only: killing that alone, when the test fails midway, leaves the
// shell and the server running with nobody to stop them. The tree is read from /proc (Linux, where
// the suite runs); the children stay in the test run's process group, so a Ctrl-C reaches them too.
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { afterEach } from "vitest";

/** Each running process's parent, from /proc/<pid>/stat. */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // Exited while the list was read.
    }
    // The command name, in parentheses, may hold spaces and parentheses: the fields follow the last `)`.
    parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
  }
  return parentOf;
}

/** Sends SIGKILL to `child` and every process under it that still runs. */
export function killTree(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const parentOf = parents();
  const tree = [child.pid];
  for (let i = 0; i < tree.length; i++) for (const [pid, parent] of parentOf) if (parent === tree[i]) tree.push(pid);
  for (const pid of tree) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

/**
 * Registers, in the calling test file, a kill after each test of what is left of the children
 * handed to the function it returns, with all they started: a test that failed midway leaves nothing.
 */
export function killedAfterEachTest(): <T extends ChildProcess>(child: T) => T {
  const started: ChildProcess[] = [];
  afterEach(() => {
    for (const child of started.splice(0)) killTree(child);
  });
  return (child) => {
    started.push(child);
    return child;
  };
}
