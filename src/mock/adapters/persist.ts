// --persist for the node:http server: the mock's state in one JSON file, so that a change the
// server acknowledged is on disk and survives a crash. Each save writes a temporary file,
// fsyncs it, renames it over the file and fsyncs the folder; the answer to a change waits for
// the save that includes it (the engine's onChange). Changes that arrive while a save runs
// share the next one, so one serialisation and one fsync cover them all, however many.
import { open, readdir, readFile, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

export interface Persistence {
  /** Resolves once a save that began after this call is on disk; rejects, naming the file, if that save failed. */
  save(): Promise<void>;
  /** Resolves when no save is running or waiting. */
  settled(): Promise<void>;
  /** How many saves reached the disk, and how many changes they carried. */
  readonly counts: { saves: number; changes: number };
}

/** A failure of the file, worded for the person who passed --persist. */
const problem = (file: string, doing: string, error: unknown) =>
  new Error(`--persist ${file}: ${doing}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });

/** The file's text, or undefined when there is none yet. */
export async function readPersisted(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw problem(file, "cannot read it", error);
  }
}

const temporaryOf = (file: string) => `${file}.${process.pid}.tmp`;

/** Matches the temporary files of `file` that any process made, by the pattern temporaryOf uses. */
const leftoverPattern = (file: string) => new RegExp(`^${basename(file).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.\\d+\\.tmp$`);

/** Removes the temporary files a killed server left: none was renamed, so none holds an acknowledged change. */
async function removeLeftovers(file: string) {
  const folder = dirname(file);
  const pattern = leftoverPattern(file);
  for (const name of await readdir(folder)) if (pattern.test(name)) await rm(join(folder, name), { force: true });
}

/** fsyncs a folder, so a rename in it is on disk too. Some platforms cannot open a folder to fsync it (Windows): there the rename stands alone. */
async function syncFolder(folder: string) {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(folder, "r");
  } catch (error) {
    if (["EISDIR", "EPERM", "EACCES"].includes((error as NodeJS.ErrnoException).code ?? "")) return;
    throw error;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeDurably(file: string, text: string) {
  const temporary = temporaryOf(file);
  try {
    const handle = await open(temporary, "w");
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncFolder(dirname(file));
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Saves `serialize()` to `file` on demand, after removing leftover temporary files and saving
 * once, so a file that cannot be written stops the server at start rather than at its first write.
 * A failed save is logged once, and rejects every change it carried.
 */
export async function openPersistence(file: string, serialize: () => string, log: (line: string) => void = () => undefined): Promise<Persistence> {
  const counts = { saves: 0, changes: 0 };
  let running: Promise<void> = Promise.resolve();
  /** The save that has not started yet: every change asked for before it starts is in it. */
  let waiting: Promise<void> | undefined;
  let changes = 0;

  async function start() {
    waiting = undefined;
    const carried = changes;
    changes = 0;
    // Serialised now, synchronously: a change made after this line waits for the next save.
    const text = serialize();
    running = writeDurably(file, text).then(() => {
      counts.saves++;
      counts.changes += carried;
    });
    return running;
  }

  const save = () => {
    changes++;
    // After the running save (failed or not), and after the requests already read this turn, so they share it.
    waiting ??= running
      .catch(() => undefined)
      .then(nextTurn)
      .then(start)
      .catch((error: unknown) => {
        const failure = problem(file, "cannot save the state", error);
        log(failure.message);
        throw failure;
      });
    return waiting;
  };

  try {
    await removeLeftovers(file);
    changes = 0;
    await start();
  } catch (error) {
    throw problem(file, "cannot write it", error);
  }
  counts.saves = 0;
  return {
    save,
    settled: () =>
      (waiting ?? running).then(
        () => undefined,
        () => undefined,
      ),
    counts,
  };
}
