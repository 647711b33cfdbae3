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
import { createHash } from "node:crypto";
import { type FileHandle, link, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { hostname } from "node:os";
import { bootTime, lookUp, ownIdentity, type ProcessIdentity, procStat } from "./process-identity.js";

export interface PersistLock {
  readonly path: string;
  /** Whether the lock is still this server's: false when it was removed, or taken over after this server stalled past the heartbeat's limit. */
  held(): Promise<boolean>;
  /** Stops the heartbeat and removes the lock if it is still this server's: the file is free for the next server. */
  release(): Promise<void>;
}

export const heartbeatMs = 1000;
/** A lock whose holder cannot be looked up, untouched this long, is taken over. */
export const staleAfterMs = 5000;

type LockRecord = ProcessIdentity & { host?: string };

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

async function readLock(path: string): Promise<FoundLock | undefined> {
  let text: string;
  let mtimeMs: number;
  try {
    [text, { mtimeMs }] = await Promise.all([readFile(path, "utf8"), stat(path)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
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

/** Puts this server's lock in place at `path`; throws when a live server holds it. */
async function take(file: string, path: string, own: ProcessIdentity) {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ ...own, host: hostname() })}\n`);
  try {
    const deadline = Date.now() + staleAfterMs + heartbeatMs;
    for (;;) {
      try {
        await link(temporary, path);
        return;
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
        // Over the stale lock in one step. Under the socket no other server here is doing the same.
        await rename(temporary, path);
        return;
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
 * Takes the lock of `file` (its real path, see persist-files.ts) for this process; throws,
 * naming the file and the holder, when a live server holds it. Waits up to 6 s for a holder it
 * cannot look up (see above) before it decides.
 */
export async function lockPersistFile(file: string): Promise<PersistLock> {
  const path = `${file}.lock`;
  const own = await ownIdentity();
  const guard = await bindGuard(file).catch(async () => {
    throw await holderHere(file, path, own);
  });
  let handle: FileHandle;
  let identity: { dev: number; ino: number };
  try {
    await take(file, path, own);
    handle = await open(path, "r");
    identity = await handle.stat();
  } catch (error) {
    guard?.close();
    throw error;
  }
  const heartbeat = setInterval(() => {
    const now = new Date();
    handle.utimes(now, now).catch(() => undefined);
  }, heartbeatMs).unref();
  const isMine = async () => {
    const now = await stat(path).catch(() => undefined);
    return now?.ino === identity.ino && now.dev === identity.dev;
  };
  let released: Promise<void> | undefined;
  return {
    path,
    held: isMine,
    release: () => {
      released ??= (async () => {
        clearInterval(heartbeat);
        if (await isMine()) await rm(path, { force: true });
        await handle.close();
        guard?.close();
      })();
      return released;
    },
  };
}
