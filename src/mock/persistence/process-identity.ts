// Which process a pid names, beyond the number, for the --persist lock (lock.ts): on
// Linux /proc tells a process's state (a zombie, killed but not yet reaped, is `Z`) and its start
// time, which a reused pid does not share; the boot id and the pid namespace say whether a pid
// written by another process can be looked up here at all. Elsewhere none of this is known.
import { readFile, readlink } from "node:fs/promises";

/** The identity a lock records, so a later reader can tell its writer from a reused pid. */
export interface ProcessIdentity {
  pid: number;
  /** Clock ticks from boot to the process's start (field 22 of /proc/<pid>/stat). */
  start?: string;
  /** /proc/sys/kernel/random/boot_id: a new one at each boot. */
  boot?: string;
  /** The pid namespace, as /proc/self/ns/pid links it (`pid:[4026531836]`): another container has another. */
  pidns?: string;
}

const quietly = <T>(read: Promise<T>) => read.catch(() => undefined);

/** The state letter and start time of a running pid, or undefined when /proc has no such process. */
export async function procStat(pid: number): Promise<{ state: string; start: string } | undefined> {
  const text = await quietly(readFile(`/proc/${pid}/stat`, "utf8"));
  if (text === undefined) return undefined;
  // The command name, in parentheses, may hold spaces and parentheses: the fields follow the last `)`.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const [state, start] = [fields[0], fields[19]];
  return state && start ? { state, start } : undefined;
}

/** This process's identity; only the pid where /proc is not there. */
export async function ownIdentity(): Promise<ProcessIdentity> {
  const [stat, boot, pidns] = await Promise.all([
    procStat(process.pid),
    quietly(readFile("/proc/sys/kernel/random/boot_id", "utf8")),
    quietly(readlink("/proc/self/ns/pid")),
  ]);
  return { pid: process.pid, start: stat?.start, boot: boot?.trim(), pidns };
}

/** Seconds since the epoch at which this machine booted (`btime` of /proc/stat), or undefined. */
export async function bootTime(): Promise<number | undefined> {
  const text = await quietly(readFile("/proc/stat", "utf8"));
  const match = text === undefined ? null : /^btime (\d+)$/m.exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * What a process of `identity`, looked up from this one, is: `running` (it, alive), `gone` (it
 * exited, or is a zombie, or its pid is another process's now), or `unseen` (another boot,
 * another pid namespace, or no /proc: this process cannot tell).
 */
export async function lookUp(identity: ProcessIdentity, own: ProcessIdentity): Promise<"running" | "gone" | "unseen"> {
  if (!identity.start || !own.start || identity.boot !== own.boot || identity.pidns !== own.pidns) return "unseen";
  const stat = await procStat(identity.pid);
  if (!stat || stat.state === "Z" || stat.state === "X" || stat.start !== identity.start) return "gone";
  return "running";
}
