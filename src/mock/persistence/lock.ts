// One server per --persist file, whatever happened to the last (issue 33, item 1; the choice and
// its limits are in openapi/DECISIONS.md). Two marks, taken in this order:
// - On Linux, an abstract Unix socket named from the file's real path, bound for the server's
//   life. The kernel lets one socket hold a name and frees it when its process dies, before the
//   process is reaped, so of two servers starting at once one only gets it, and a server killed
//   with kill -9 never blocks the next, zombie or not. Its reach is one network namespace.
// - `<file>.lock`, written whole to a temporary file and then linked into place (never created
//   empty and filled after), naming the holder: pid, start time, boot id, pid namespace, host. A
//   lock whose holder is gone (exited, a zombie, its pid reused: process-identity.ts) is taken
//   over at once. One whose holder cannot be looked up from here (another container or machine
//   sharing the folder, or no /proc) is judged by its heartbeat: the holder touches it every
//   second, and one untouched for 5 s is taken over.
// Each takeover raises the lock's generation, which the journal carries (persist.ts). A holder
// vouches for itself only within its lease: 3 s (the takeover's 5 s less two heartbeats) after its
// last heartbeat, on the monotonic clock, which runs on while the process is stopped; past it, it
// looks at the lock again before it writes or acknowledges anything (issue 44, item 2).
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { type FileHandle, link, open, rename, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { hostname } from "node:os";
import { performance } from "node:perf_hooks";
import { regularFile, regularFileIfThere, temporaryOf } from "./files.js";
import { bootTime, lookUp, ownIdentity, type ProcessIdentity, procStat } from "./process-identity.js";

export interface PersistLock {
  readonly path: string;
  /** This holder's generation: one more than the lock it took over, 1 on a file no lock was on. */
  readonly generation: number;
  /** The generation of the lock this one took over (undefined: none, or one of an earlier version). */
  readonly previous: number | undefined;
  /** Whether the last heartbeat is recent enough that no other server can have taken the lock over (see leaseOf). Synchronous, so nothing runs between it and the call it guards. */
  leased(): boolean;
  /** Past the lease: whether the lock is still this holder's (its inode and generation), renewing the lease if so. */
  renew(): Promise<boolean>;
  /** Whether the lock is still this server's: false when it was removed, or taken over after this server stalled past the heartbeat's limit. */
  held(): Promise<boolean>;
  /** Stops the heartbeat and removes the lock if it is still this server's (unless `keepLock`: its generation stays for the next start to compare): the file is free for the next server. */
  release(options?: { keepLock?: boolean }): Promise<void>;
}

export const heartbeatMs = 1000;
/** A lock whose holder cannot be looked up, untouched this long, is taken over. */
export const staleAfterMs = 5000;

/** The heartbeat and the takeover's limit; shorter ones are for tests only (server.ts's internal option). */
export interface LockTiming {
  heartbeatMs: number;
  staleAfterMs: number;
}

/**
 * How long after its last heartbeat a holder takes the lock as its own: the takeover's limit less
 * two heartbeats, a margin for the clocks of two machines on one folder (a taker judges the lock's
 * mtime by its wall clock) and for the time between a check and the call it guards.
 */
export const leaseOf = (timing: LockTiming) => timing.staleAfterMs - 2 * timing.heartbeatMs;

type LockRecord = ProcessIdentity & { host?: string; generation?: number };

/** A lock file as found: what it names (a record, a bare pid from before this format, or nothing readable) and when it was last touched. */
interface FoundLock {
  record: LockRecord | undefined;
  /** The bare pid a lock of an earlier version holds. */
  legacyPid: number | undefined;
  mtimeMs: number;
}

const guardName = (file: string) => `\0session-recordings-api-mock:${createHash("sha256").update(file).digest("hex")}`;

/** The abstract socket of `file`, bound; undefined off Linux or where sockets cannot be made. Rejects with EADDRINUSE when another process holds it. */
function bindGuard(file: string): Promise<Server | undefined> {
  if (process.platform !== "linux") return Promise.resolve(undefined);
  const server = createServer((socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? reject(error) : resolve(undefined)));
    server.listen({ path: guardName(file) }, () => resolve(server.unref()));
  });
}

/** The most of a lock file read: a lock this server writes is a line of about 200 bytes. */
export const lockReadBytes = 4096;

/**
 * A lock file as found; undefined when there is none. Opened without waiting for a writer and
 * read up to lockReadBytes, so a FIFO, a device or a huge file at its path (or a symlink to one)
 * neither hangs the start nor fills its memory: what is not a regular file is refused, named.
 */
async function readLock(path: string): Promise<FoundLock | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  let text: string;
  let mtimeMs: number;
  try {
    const found = regularFile(path, await handle.stat());
    const buffer = Buffer.alloc(lockReadBytes);
    const { bytesRead } = await handle.read(buffer, 0, lockReadBytes, 0);
    text = buffer.subarray(0, bytesRead).toString("utf8");
    mtimeMs = found.mtimeMs;
  } finally {
    await handle.close();
  }
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { record: undefined, legacyPid: Number(trimmed), mtimeMs };
  try {
    const record = JSON.parse(trimmed) as LockRecord;
    if (Number.isSafeInteger(record?.pid)) return { record, legacyPid: undefined, mtimeMs };
  } catch {
    // Not a lock this server wrote: judged by its age below.
  }
  return { record: undefined, legacyPid: undefined, mtimeMs };
}

/** Whether a pid runs on this machine, where /proc is not there: signal 0 checks without sending (EPERM: it runs, as another user). */
function signalReaches(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the holder a lock names runs (`running`), is gone (`gone`), or cannot be looked up from here (`unseen`: its heartbeat decides). */
async function judge(found: FoundLock, own: ProcessIdentity): Promise<"running" | "gone" | "unseen"> {
  const { record, legacyPid } = found;
  if (record) {
    const seen = await lookUp(record, own);
    if (seen !== "unseen" || own.start || record.host !== hostname()) return seen;
    return signalReaches(record.pid) ? "unseen" : "gone";
  }
  if (legacyPid === undefined) return "unseen";
  // A lock of an earlier version names a bare pid: it is its writer's only if that process started before the lock was written.
  if (!own.start) return signalReaches(legacyPid) ? "running" : "gone";
  const [holder, booted] = await Promise.all([procStat(legacyPid), bootTime()]);
  if (!holder || holder.state === "Z" || holder.state === "X") return "gone";
  // Clock ticks are 1/100 s on every Linux Node runs on (USER_HZ); a second of slack covers the rounding.
  const startedMs = booted === undefined ? 0 : (booted + Number(holder.start) / 100) * 1000;
  return startedMs > found.mtimeMs + 1000 ? "gone" : "running";
}

const held = (file: string, path: string, holder: string) =>
  new Error(`--persist ${file}: another mock server (${holder}) holds it, by its lock ${path}; stop that server, or pick another file.`);

/** The holder to name when the socket says a server on this machine holds the file: the pid its lock names, if that process runs. */
async function holderHere(file: string, path: string, own: ProcessIdentity): Promise<Error> {
  const found = await readLock(path).catch(() => undefined);
  const pid = found?.record?.pid ?? found?.legacyPid;
  if (found && pid !== undefined && (await judge(found, own)) === "running") return held(file, path, `pid ${pid}`);
  return new Error(
    `--persist ${file}: another mock server on this machine holds it (its lock ${path} names no process this one can look up: that server is starting or stopping, or runs in another container); stop that server, or pick another file.`,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const lockText = (own: ProcessIdentity, generation: number) => `${JSON.stringify({ ...own, host: hostname(), generation })}\n`;

/** Puts this server's lock in place at `path`; throws when a live server holds it. Returns the generation of the lock it replaced, if any. */
async function take(file: string, path: string, own: ProcessIdentity, { heartbeatMs, staleAfterMs }: LockTiming) {
  const temporary = temporaryOf(path);
  /** The generation of the lock found there, as the temporary file (written whole before it is linked or renamed) counts from. */
  let previous: number | undefined;
  await writeFile(temporary, lockText(own, 1));
  try {
    const deadline = Date.now() + staleAfterMs + heartbeatMs;
    for (;;) {
      try {
        await link(temporary, path);
        return previous;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const found = await readLock(path);
      if (!found) continue;
      const verdict = await judge(found, own);
      const pid = found.record?.pid ?? found.legacyPid;
      if (verdict === "running") throw held(file, path, `pid ${pid}`);
      const untouchedMs = Date.now() - found.mtimeMs;
      if (verdict === "gone" || untouchedMs > staleAfterMs) {
        previous = found.record?.generation;
        await writeFile(temporary, lockText(own, (previous ?? 0) + 1));
        // Untouched still, right before the rename (a holder back from a pause touches it first):
        // over the stale lock in one step. Under the socket no other server here is doing the same.
        const now = await stat(path).catch(() => undefined);
        if (now?.mtimeMs !== found.mtimeMs) continue;
        await rename(temporary, path);
        return previous;
      }
      if (Date.now() > deadline) {
        const where = found.record ? `pid ${pid} on ${found.record.host ?? "another machine"}, ` : "";
        throw held(
          file,
          path,
          `${where}in a process this one cannot look up, such as another container sharing the folder; it touched the lock ${Math.round(untouchedMs / 1000)} s ago, and one untouched for ${staleAfterMs / 1000} s is taken over`,
        );
      }
      // A holder this server cannot look up: its heartbeat, or its silence, decides.
      await sleep(250);
    }
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * Takes the lock of `file` (its real path, see files.ts) for this process; throws,
 * naming the file and the holder, when a live server holds it. Waits up to 6 s for a holder it
 * cannot look up (see above) before it decides.
 */
export async function lockPersistFile(file: string, timing: LockTiming = { heartbeatMs, staleAfterMs }): Promise<PersistLock> {
  const path = `${file}.lock`;
  // Checked as the file and the journal are: a FIFO, a socket or a device there (or a symlink to one) is refused, named.
  await regularFileIfThere(path);
  const own = await ownIdentity();
  const guard = await bindGuard(file).catch(async () => {
    throw await holderHere(file, path, own);
  });
  let handle: FileHandle;
  let identity: { dev: number; ino: number };
  let previous: number | undefined;
  let renewedAt = performance.now();
  try {
    previous = await take(file, path, own, timing);
    handle = await open(path, "r");
    identity = await handle.stat();
  } catch (error) {
    guard?.close();
    throw error;
  }
  const generation = (previous ?? 0) + 1;
  const lease = leaseOf(timing);
  const leased = () => performance.now() - renewedAt < lease;
  /** Touches the lock through its own handle, so a lock taken over is never touched by its former holder. */
  const touch = () => {
    const now = new Date();
    return handle.utimes(now, now);
  };
  const isMine = async () => {
    const now = await stat(path).catch(() => undefined);
    return now?.ino === identity.ino && now.dev === identity.dev;
  };
  const renew = async () => {
    const at = performance.now();
    const found = await readLock(path).catch(() => undefined);
    if (found?.record?.generation !== generation || !(await isMine())) return false;
    const touched = await touch().then(
      () => true,
      () => false,
    );
    // A taker checks the lock's time right before its rename: a takeover not in place now finds it touched.
    if (!touched || !(await isMine())) return false;
    renewedAt = at;
    return true;
  };
  const heartbeat = setInterval(() => {
    // After a stall past the lease, the lock may be another server's: looked at before it is touched.
    if (!leased()) return void renew();
    const at = performance.now();
    // A touch that lands within the lease lands before any takeover could: it vouches from when it began.
    touch().then(
      () => {
        if (leased()) renewedAt = at;
      },
      () => undefined,
    );
  }, timing.heartbeatMs).unref();
  let released: Promise<void> | undefined;
  return {
    path,
    generation,
    previous,
    leased,
    renew,
    held: isMine,
    release: ({ keepLock = false } = {}) => {
      released ??= (async () => {
        clearInterval(heartbeat);
        if (!keepLock && (await isMine())) await rm(path, { force: true });
        await handle.close();
        guard?.close();
      })();
      return released;
    },
  };
}
