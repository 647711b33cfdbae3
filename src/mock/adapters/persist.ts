// --persist for the node:http server: the mock's state in a snapshot file (the one --persist
// names, a state PUT /__mock/state takes) and a journal beside it, `<file>.journal`, so that a
// change the server acknowledged is on disk and survives a crash, at the cost of what it changed
// rather than of the whole state (the design of Redis' AOF and SQLite's WAL). A change is a
// journal line (the records it changed, state/changes.ts), appended and fsynced before it is
// answered; changes that arrive while a save runs share the next one, so one write and one
// fsync cover them all. A change the records cannot say (reset, restore, scenario), a journal
// grown past the snapshot's size, and a save after a failed one rewrite the snapshot whole:
// compaction. The journal's first line names the snapshot it follows, by hash, so a journal
// left from before a compaction that a crash cut short is not replayed onto the newer snapshot.
import { createHash } from "node:crypto";
import { open, readFile, rename } from "node:fs/promises";
import { dirname } from "node:path";
import { applyChange, type StateChange } from "../state/changes.js";
import { persistTarget, removeLeftovers, syncFolder, temporaryOf, writeDurably } from "./persist-files.js";
import { lockPersistFile, type PersistLock } from "./persist-lock.js";

export interface Persistence {
  /** Resolves once a save holding `change` is on disk; rejects, naming the file, if that save failed. `change` is serialised at once. */
  save(change: StateChange): Promise<void>;
  /** Resolves when no save is running or waiting. */
  settled(): Promise<void>;
  /** Waits for the last save, then frees the file for another server. */
  close(): Promise<void>;
  /** How many saves reached the disk, how many changes they carried, and how many rewrote the snapshot. */
  readonly counts: { saves: number; changes: number; compactions: number };
}

/** A failure of the file, worded for the person who passed --persist. */
const problem = (file: string, doing: string, error: unknown) =>
  new Error(`--persist ${file}: ${doing}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });

export const journalOf = (file: string) => `${file}.journal`;
const baseOf = (snapshot: string) => createHash("sha256").update(snapshot).digest("base64url");
const header = (snapshot: string) => `${JSON.stringify({ journal: 1, base: baseOf(snapshot) })}\n`;

const readIfThere = (file: string) =>
  readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });

/**
 * The saved state: the snapshot with its journal's changes applied, or undefined when there is
 * no file yet. Throws, worded for the person who passed --persist, when it cannot be read; the
 * caller checks the state whole (a state that is not one is refused by the snapshot check).
 */
export async function loadPersisted(file: string): Promise<unknown> {
  let snapshot: string | undefined;
  let journal: string | undefined;
  try {
    snapshot = await readIfThere(file);
    journal = snapshot === undefined ? undefined : await readIfThere(journalOf(file));
  } catch (error) {
    throw problem(file, "cannot read it", error);
  }
  if (snapshot === undefined) return undefined;
  const state: unknown = JSON.parse(snapshot);
  const lines = journal?.split("\n") ?? [];
  // A journal of another snapshot: a compaction renamed the snapshot, then stopped before its new journal.
  if (lines[0] !== header(snapshot).trimEnd()) return state;
  for (const [index, line] of lines.entries()) {
    if (index === 0 || line === "") continue;
    let change: unknown;
    try {
      change = JSON.parse(line);
    } catch (error) {
      // The last line cut short by a crash mid-write was never fsynced, so never acknowledged.
      if (index === lines.length - 1) break;
      throw new Error(`${journalOf(file)} line ${index + 1}: ${(error as Error).message}`);
    }
    try {
      applyChange(state, change);
    } catch (error) {
      throw new Error(`${journalOf(file)} line ${index + 1}: ${(error as Error).message}`);
    }
  }
  return state;
}

/** Takes the file for this server: finds its target through symlinks, locks it, removes leftovers. Throws, worded, when it cannot. */
export async function holdPersistFile(file: string): Promise<{ target: string; lock: PersistLock }> {
  let target: string;
  try {
    target = await persistTarget(file);
  } catch (error) {
    throw problem(file, "cannot write it", error);
  }
  let lock: PersistLock;
  try {
    lock = await lockPersistFile(target);
  } catch (error) {
    if ((error as Error).message.startsWith("--persist ")) throw error;
    throw problem(file, "cannot write it", error);
  }
  try {
    await removeLeftovers(target);
  } catch (error) {
    await lock.release();
    throw problem(file, "cannot write it", error);
  }
  return { target, lock };
}

async function append(file: string, text: string) {
  const handle = await open(file, "a");
  try {
    await handle.writeFile(text);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** The snapshot rewritten whole and a new journal naming it: a crash at any step leaves a snapshot and a journal that agree, or a journal ignored. */
async function compact(file: string, snapshot: string) {
  const journal = journalOf(file);
  const next = temporaryOf(journal);
  await writeDurably(next, header(snapshot), false);
  await writeDurably(file, snapshot);
  await rename(next, journal);
  await syncFolder(dirname(file));
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface PersistOptions {
  log?: (line: string) => void;
  /** The journal's size, in characters, past which a save rewrites the snapshot. Default: the snapshot's size, and at least 8 MiB. */
  journalLimit?: number;
}

/**
 * Saves to `file` (held by holdPersistFile) on demand, after writing `serialize()` as its
 * snapshot once, so a file that cannot be written stops the server at start rather than at its
 * first write. A failed save is logged once, and rejects every change it carried; the next save
 * rewrites the snapshot, so it carries them.
 */
export async function openPersistence(
  file: string,
  lock: PersistLock,
  serialize: () => string,
  { log = () => undefined, journalLimit }: PersistOptions = {},
): Promise<Persistence> {
  const counts = { saves: 0, changes: 0, compactions: 0 };
  let running: Promise<void> = Promise.resolve();
  /** The save that has not started yet: every change asked for before it starts is in it. */
  let waiting: Promise<void> | undefined;
  let changes = 0;
  let lines: string[] = [];
  let whole = false;
  let journalSize = 0;
  let limit = 0;

  async function rewrite() {
    // Serialised now, synchronously: a change made after this line waits for the next save.
    const snapshot = serialize();
    await compact(file, snapshot);
    journalSize = 0;
    limit = journalLimit ?? Math.max(8 * 1024 * 1024, snapshot.length);
    counts.compactions++;
  }

  function start() {
    waiting = undefined;
    const carried = changes;
    const text = lines.join("");
    changes = 0;
    lines = [];
    const rewriting = whole || journalSize + text.length > limit;
    whole = false;
    const written = rewriting
      ? rewrite()
      : append(journalOf(file), text).then(() => {
          journalSize += text.length;
        });
    running = written.then(
      () => {
        counts.saves++;
        counts.changes += carried;
      },
      (error: unknown) => {
        // The journal may hold part of this save: the next save starts a new one from the whole state.
        whole = true;
        throw error;
      },
    );
    return running;
  }

  const save = (change: StateChange) => {
    changes++;
    if (change.whole) whole = true;
    else lines.push(`${JSON.stringify(change)}\n`);
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
    await rewrite();
  } catch (error) {
    throw problem(file, "cannot write it", error);
  }
  counts.compactions = 0;
  const settled = () =>
    (waiting ?? running).then(
      () => undefined,
      () => undefined,
    );
  return {
    save,
    settled,
    close: async () => {
      await settled();
      await lock.release();
    },
    counts,
  };
}
