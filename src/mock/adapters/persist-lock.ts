// One server per --persist file: `<file>.lock` holds the pid of the server that holds the file,
// made with O_EXCL so that of two servers starting at once only one gets it. A lock whose
// process is gone (a server killed with kill -9) is taken over, so a crash never blocks a restart.
import { readFile, rm, writeFile } from "node:fs/promises";

export interface PersistLock {
  readonly path: string;
  /** Removes the lock; the file is free for the next server. */
  release(): Promise<void>;
}

/** The locks this process holds: a lock naming this pid but not here is a former process's (a container restarted with the same pid). */
const held = new Set<string>();

/** Whether a process with this pid runs: signal 0 checks without sending (EPERM: it runs, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid a lock file names, or undefined when it names none (a lock half-written when its server was killed). */
async function holderOf(path: string): Promise<number | undefined> {
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return "";
    throw error;
  });
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/**
 * Takes the lock of `file` (its real path, see persist-files.ts) for this process; throws,
 * naming the file and the holder's pid, when a live server holds it.
 */
export async function lockPersistFile(file: string): Promise<PersistLock> {
  const path = `${file}.lock`;
  // Twice at most: the second try follows the removal of a lock whose holder is gone.
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(path, `${process.pid}\n`, { flag: "wx" });
      held.add(path);
      return {
        path,
        release: async () => {
          held.delete(path);
          await rm(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
    }
    const holder = await holderOf(path);
    if (holder !== undefined && (holder === process.pid ? held.has(path) : alive(holder))) {
      throw new Error(`--persist ${file}: another mock server (pid ${holder}) holds it, by its lock ${path}; stop that server, or pick another file.`);
    }
    await rm(path, { force: true });
  }
}
