// --persist for the node:http server: the mock's state in a snapshot file (the one --persist
// names, a state PUT /__mock/state takes) and a journal beside it, `<file>.journal`, so that a
// change the server acknowledged is on disk and survives a crash, at the cost of what it changed
// rather than of the whole state (the design of Redis' AOF and SQLite's WAL). A change is a
// journal line (the records it changed, state/changes.ts), appended and fsynced before it is
// answered; changes that arrive while a save runs share the next one, so one write and one
// fsync cover them all. A change the records cannot say (reset, restore, scenario), a journal
// grown past the snapshot's size, and a save after a failed one rewrite the snapshot whole:
// compaction. A clean stop folds the journal into the snapshot and removes it, so the file alone
// holds the state (what a team commits or copies); after a kill -9 the next start folds it in.
// A start that has nothing to fold in leaves the snapshot as it is, so a committed file stays
// byte-identical until the first change.
//
// The snapshot and its journal are a pair (issue 33, item 3). The journal's first line names the
// snapshot it follows, by hash; before a compaction renames a new snapshot in, the journal gets a
// last line naming that snapshot (`folded`), so a journal left by a compaction or a stop cut short
// is told, and discarded quietly, from a journal of another snapshot or of none, which stops the
// server at start and is never discarded. Before each save the server checks that the snapshot,
// the journal and the lock are still the ones it wrote: if not, it saves nothing more (the write
// answers 503 naming the file) and writes its state beside, so nothing it acknowledged is lost.
//
// A server stopped for a while (docker pause, a debugger, a suspended laptop) may find, once it
// runs again, that another took the file over: right before each write to the journal, each
// rename and each acknowledgement it checks its lease (lock.ts), and past it, whether the
// lock is still its own; if not, it loses the file as above. The journal's header and `folded`
// lines carry the lock's generation, so a start refuses a pair older than the lock it took over,
// and a holder that finds its files overwritten by a lower generation (a former holder's rename,
// in the gap a check leaves) writes them again from its state.
import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import { constants, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { applyChange, type StateChange } from "../state/changes.js";
import { checkWritable, ownToken, persistTarget, removeLeftovers, syncFolder, temporaryOf, writeDurably } from "./files.js";
import { type LockTiming, lockPersistFile, type PersistLock } from "./lock.js";

export interface Persistence {
  /** Resolves once a save holding `change` is on disk; rejects, naming the file, if that save failed. `change` is serialised at once. */
  save(change: StateChange): Promise<void>;
  /** Resolves when no save is running or waiting. */
  settled(): Promise<void>;
  /** Waits for the last save, folds the journal into the file, removes the journal and frees the file for another server. */
  close(): Promise<void>;
  /** How many saves reached the disk, how many changes they carried, and how many rewrote the snapshot. */
  readonly counts: { saves: number; changes: number; compactions: number };
}

/** A failure of the file, worded for the person who passed --persist. */
const problem = (file: string, doing: string, error: unknown) =>
  new Error(`--persist ${file}: ${doing}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });

export const journalOf = (file: string) => `${file}.journal`;
const baseOf = (snapshot: string) => createHash("sha256").update(snapshot).digest("base64url");
const header = (base: string, generation: number) => `${JSON.stringify({ journal: 2, base, generation })}\n`;
// After a blank line, so a line a failed save left cut short stays a line of its own.
const foldedLine = (base: string, generation: number) => `\n${JSON.stringify({ folded: base, generation })}\n`;

const readIfThere = (file: string) =>
  readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });

/** A journal read: its header's base, the snapshots its `folded` lines name (with their generations), and its changes with their line numbers. */
function parseJournal(journal: string, name: string) {
  const lines = journal.split("\n");
  /** Whether the next line that holds something is a `folded` line, or there is none. */
  const lastBeforeFold = (index: number) => {
    let next = index + 1;
    while (next < lines.length && lines[next] === "") next++;
    return next === lines.length || lines[next]!.startsWith('{"folded":');
  };
  let base: unknown;
  /** The lock's generation the header names; undefined in a journal of an earlier version. */
  let generation: number | undefined;
  const folded = new Map<unknown, number | undefined>();
  const changes: { line: number; change: unknown }[] = [];
  for (const [index, line] of lines.entries()) {
    if (line === "") continue;
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(line) as Record<string, unknown>;
    } catch (error) {
      // A line cut short by a crash or a failed save was never acknowledged: the last one, or one a compaction followed.
      if (lastBeforeFold(index)) continue;
      throw new Error(`${name} line ${index + 1}: ${(error as Error).message}`);
    }
    const lineGeneration = typeof parsed?.generation === "number" ? parsed.generation : undefined;
    if (index === 0 && parsed?.journal !== undefined) [base, generation] = [parsed.base, lineGeneration];
    else if (parsed?.folded !== undefined) folded.set(parsed.folded, lineGeneration);
    else changes.push({ line: index + 1, change: parsed });
  }
  return { base, generation, folded, changes };
}

const changesWord = (count: number) => (count === 1 ? "1 change" : `${count} changes`);

/** The saved state, and how many changes of the journal it applied; undefined when there is neither snapshot nor journal. */
export interface Saved {
  state: unknown;
  changes: number;
  /** The snapshot file as read: its hash (what a journal names) and its length in characters. */
  snapshot: { base: string; length: number };
  /** The lock's generation of the server that wrote the pair (the journal's header or `folded` line), if the journal says. */
  generation: number | undefined;
}

/**
 * The saved state: the snapshot with its journal's changes applied. Throws, worded for the
 * person who passed --persist, when it cannot be read, and when the journal holds changes that do
 * not follow this snapshot (nothing is changed then); the caller checks the state whole.
 */
export async function readSaved(file: string): Promise<Saved | undefined> {
  const journalFile = journalOf(file);
  let snapshot: string | undefined;
  let journal: string | undefined;
  try {
    [snapshot, journal] = await Promise.all([readIfThere(file), readIfThere(journalFile)]);
  } catch (error) {
    throw problem(file, "cannot read it", error);
  }
  const { base, generation, folded, changes } = parseJournal(journal ?? "", journalFile);
  const held = `${journalFile} holds ${changesWord(changes.length)} a server acknowledged`;
  const untouched = `Nothing was changed or removed. To keep those changes, put back the ${basename(file)} they follow; to start from`;
  if (snapshot === undefined) {
    if (changes.length === 0) return undefined;
    throw new Error(
      `--persist ${file}: ${held}, but ${file}, the file they follow, is not there. ${untouched} the mock's starting state, move ${journalFile} away.`,
    );
  }
  const state: unknown = JSON.parse(snapshot);
  const ownBase = baseOf(snapshot);
  const read = { base: ownBase, length: snapshot.length };
  if (base !== ownBase) {
    // Folded into this snapshot by a compaction or a stop cut short after the rename, or holding nothing: quietly replaced.
    if (folded.has(ownBase) || changes.length === 0) return { state, changes: 0, snapshot: read, generation: folded.get(ownBase) };
    throw new Error(
      `--persist ${file}: ${held}, which follow another ${basename(file)} than the one there (the file was replaced, or the journal comes from another run). ${untouched} ${file} as it is, move ${journalFile} away.`,
    );
  }
  for (const { line, change } of changes) {
    try {
      applyChange(state, change);
    } catch (error) {
      throw new Error(`${journalFile} line ${line}: ${(error as Error).message}`);
    }
  }
  return { state, changes: changes.length, snapshot: read, generation };
}

/**
 * The error, naming the files, when the pair was written by a server of a lower generation than the
 * lock this one took over: a former holder, stopped and resumed, that renamed its files over its
 * successor's in the gap its lease check leaves, so the pair may lack what the successor acknowledged.
 */
export function olderGeneration(file: string, saved: Saved | undefined, lock: PersistLock): Error | undefined {
  if (saved?.generation === undefined || lock.previous === undefined || saved.generation >= lock.previous) return undefined;
  const journal = journalOf(file);
  return new Error(
    `--persist ${file}: ${journal} and ${file} were written by a server of generation ${saved.generation}, after its lock ${lock.path} had passed to generation ${lock.previous}: a server that was stopped (paused) while another took the file over, so they may lack changes that other server acknowledged. Nothing was changed or removed. The state that server kept is in a ${basename(file)}.server-*.json beside it, if it lost the file; keep as ${file} the state you want, then move ${journal} away. Until then every start refuses, as the lock stays.`,
  );
}

/** The states servers that lost `file` wrote beside it (see openPersistence's lose): their paths, which no start folds in. */
export async function sideFiles(file: string): Promise<string[]> {
  const prefix = `${basename(file)}.server-`;
  const names = await readdir(dirname(file)).catch(() => []);
  return names
    .filter((name) => name.startsWith(prefix) && name.endsWith(".json"))
    .sort()
    .map((name) => join(dirname(file), name));
}

/** The state a restart would load (see readSaved), or undefined when there is no file yet. */
export const loadPersisted = async (file: string): Promise<unknown> => (await readSaved(file))?.state;

/** Takes the file for this server: finds its target through symlinks, locks it, removes leftovers, checks it may write the files there. Throws, worded, when it cannot. `timing` is for tests. */
export async function holdPersistFile(file: string, timing?: LockTiming): Promise<{ target: string; lock: PersistLock }> {
  let target: string;
  try {
    target = await persistTarget(file);
  } catch (error) {
    throw problem(file, "cannot write it", error);
  }
  let lock: PersistLock;
  try {
    lock = await lockPersistFile(target, timing);
  } catch (error) {
    if ((error as Error).message.startsWith("--persist ")) throw error;
    throw problem(file, "cannot write it", error);
  }
  try {
    await removeLeftovers(target);
    await checkWritable(target);
    await checkWritable(journalOf(target));
  } catch (error) {
    await lock.release();
    throw problem(file, "cannot write it", error);
  }
  return { target, lock };
}

/** An append that reached a journal no longer at its path (removed or replaced while it was written): the next start would not read it. */
class JournalRemoved extends Error {}

/**
 * Appends to a journal that is there (never makes one: a journal removed under the server is not
 * recreated headless); `fence` runs right before the write. Throws JournalRemoved when the
 * journal was unlinked by the time the write is on disk.
 */
async function append(file: string, text: string, fence: () => Promise<void>) {
  const handle = await open(file, constants.O_WRONLY | constants.O_APPEND);
  try {
    await fence();
    await handle.writeFile(text);
    await handle.datasync();
    if ((await handle.stat()).nlink === 0) throw new JournalRemoved(`${file} was removed as this server wrote to it`);
  } finally {
    await handle.close();
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const statIfThere = (file: string) => stat(file).catch(() => undefined);
const sameFile = (now: Stats | undefined, was: Stats | undefined) =>
  now !== undefined && was !== undefined && now.dev === was.dev && now.ino === was.ino && now.size === was.size && now.mtimeMs === was.mtimeMs;

export interface PersistOptions {
  log?: (line: string) => void;
  /** The journal's size, in characters, past which a save rewrites the snapshot. Default: the snapshot's size, and at least 8 MiB. */
  journalLimit?: number;
  /**
   * The snapshot as the start read it (readSaved), when it alone holds the state the server
   * starts from: it is left as it is, byte for byte, until the first change, and a new journal
   * names it. Without it, the start writes `serialize()` as the snapshot (a file not there yet,
   * or one with a journal's changes to fold in).
   */
  kept?: Saved["snapshot"] | undefined;
}

/**
 * Saves to `file` (held by holdPersistFile) on demand. It starts a journal that names the
 * snapshot, writing the snapshot first only when it does not hold the state yet (see `kept`). A
 * failed save is logged once, and rejects every change it carried; the next save rewrites the
 * snapshot, so it carries them.
 */
export async function openPersistence(
  file: string,
  lock: PersistLock,
  serialize: () => string,
  { log = () => undefined, journalLimit, kept }: PersistOptions = {},
): Promise<Persistence> {
  const journal = journalOf(file);
  const counts = { saves: 0, changes: 0, compactions: 0 };
  let running: Promise<void> = Promise.resolve();
  /** The save that has not started yet: every change asked for before it starts is in it. */
  let waiting: Promise<void> | undefined;
  let changes = 0;
  let lines: string[] = [];
  let whole = false;
  let journalSize = 0;
  let limit = 0;
  /** The snapshot and journal as this server last wrote them: the journal's file, its size in bytes, and its header's. */
  let snapshotWritten: Stats | undefined;
  let journalWritten: Stats | undefined;
  /** Unknown after a failed save, until the compaction that follows. */
  let journalBytes: number | undefined = 0;
  let headerBytes = 0;
  /** Set once the files are no longer this server's: every save after rejects with it. */
  let lost: Error | undefined;
  let closed: Promise<void> | undefined;
  const { generation } = lock;

  /**
   * Resolves when this server may still write and acknowledge: within its lease, or past it with
   * the lock still its own (renewed). Otherwise it loses the file (see lose) and throws.
   */
  async function fence() {
    if (lost) throw lost;
    if (lock.leased() || (await lock.renew())) return;
    await lose(`its lock ${lock.path} was taken over by another server (this one went unheard for longer than its lease: paused, or stalled)`);
    throw lost;
  }

  /**
   * A new journal naming the snapshot `base`, after `snapshot` is written whole when given (the
   * snapshot there is `base` otherwise): a crash at any step leaves a pair that loads (see the top).
   */
  async function compact(base: string, snapshot: string | undefined, journalThere: boolean) {
    const next = temporaryOf(journal);
    if (snapshot !== undefined && journalThere) await append(journal, foldedLine(base, generation), fence);
    await writeDurably(next, header(base, generation), false);
    if (snapshot !== undefined) await writeDurably(file, snapshot, true, fence);
    await fence();
    await rename(next, journal);
    await syncFolder(dirname(file));
    [snapshotWritten, journalWritten] = await Promise.all([stat(file), stat(journal)]);
    headerBytes = journalBytes = journalWritten.size;
  }

  /** Starts a new journal, after the snapshot when it is given; the journal's limit follows the snapshot's length. */
  async function restart(base: string, snapshot: string | undefined, length: number, journalThere: boolean) {
    await compact(base, snapshot, journalThere);
    journalSize = 0;
    limit = journalLimit ?? Math.max(8 * 1024 * 1024, length);
    counts.compactions++;
  }

  async function rewrite(journalThere = true) {
    // Serialised now, synchronously: a change made after this line waits for the next save.
    const snapshot = serialize();
    await restart(baseOf(snapshot), snapshot, snapshot.length, journalThere);
  }

  /**
   * What is no longer as this server left it (the snapshot, the journal or the lock), or
   * undefined. Throws, as a save that failed, when the folder itself is gone: if it comes back,
   * the files are this server's again.
   */
  async function changed(): Promise<string | undefined> {
    const [snapshotNow, journalNow, locked] = await Promise.all([statIfThere(file), statIfThere(journal), lock.held()]);
    if ((!snapshotNow || !journalNow || !locked) && !(await statIfThere(dirname(file)))) await stat(dirname(file));
    if (!sameFile(snapshotNow, snapshotWritten)) return `${file} was replaced, changed or removed`;
    // The journal's time changes at each append: its file and size say it is this server's.
    const journalSizeChanged = journalBytes !== undefined && journalNow?.size !== journalBytes;
    if (journalNow?.ino !== journalWritten?.ino || journalNow?.dev !== journalWritten?.dev || journalSizeChanged) {
      return `${journal} was replaced, changed or removed`;
    }
    if (!locked) return `its lock ${lock.path} was removed or taken over by another server`;
    return (await unwritable(file, snapshotNow!, snapshotWritten!)) ?? (await unwritable(journal, journalNow!, journalWritten!));
  }

  /**
   * Why the next start would refuse `path` (holdPersistFile's checkWritable), when its mode changed
   * since this server wrote it (`chmod 0444`); undefined otherwise. The mode alone is compared at
   * each save, so a save costs no more calls unless it changed.
   */
  async function unwritable(path: string, now: Stats, written: Stats): Promise<string | undefined> {
    if (now.mode === written.mode) return undefined;
    const refused = await checkWritable(path).then(
      () => undefined,
      (error: Error) => error.message,
    );
    return refused && `${path} changed its mode to ${(now.mode & 0o7777).toString(8).padStart(4, "0")}, so the next start would refuse it (${refused})`;
  }

  /** Stops saving for good, and writes the state beside the file, so that what this server acknowledged is kept: under a name no other server shares. */
  async function lose(reason: string) {
    const kept = `${file}.server-${ownToken}-${generation}.json`;
    const where = await Promise.resolve()
      .then(() => writeDurably(kept, serialize()))
      .then(
        () => `its state, with every change it acknowledged, is in ${kept}`,
        (error: Error) => `its state could not be written to ${kept} (${error.message}): GET /__mock/state answers it while it runs`,
      );
    lost = new Error(`${reason} while this server held it, so it saves no more; ${where}. Stop the server, then keep as ${file} the state you want`);
    log(`--persist ${file}: ${lost.message}.`);
  }

  /**
   * What a former holder, resumed after a pause in the gap between a lease check and its call, did
   * to the files, or undefined: its generation, lower than this server's, in the journal there
   * (header or `folded` line: its rename), or lines after this server's own in its journal (its
   * append, which it never acknowledged: its check after the write failed).
   */
  async function formerHolder(): Promise<string | undefined> {
    const [snapshotNow, journalNow] = await Promise.all([statIfThere(file), statIfThere(journal)]);
    const ownJournal = journalNow?.ino === journalWritten?.ino && journalNow?.dev === journalWritten?.dev;
    if (sameFile(snapshotNow, snapshotWritten) && ownJournal && journalBytes !== undefined && journalNow!.size > journalBytes) {
      return `lines after this server's own in ${journal}`;
    }
    const text = await readIfThere(journal).catch(() => undefined);
    if (text === undefined) return undefined;
    const named = text
      .split("\n")
      .filter((line) => line.startsWith('{"journal":') || line.startsWith('{"folded":'))
      .map((line) => {
        try {
          return (JSON.parse(line) as { generation?: unknown }).generation;
        } catch {
          return undefined;
        }
      });
    const lower = named.filter((found): found is number => typeof found === "number" && found < generation);
    return lower.length ? `files of generation ${Math.min(...lower)}, this server's being ${generation}` : undefined;
  }

  /**
   * Checks the files are this server's, then runs `write`, then checks the lease once more before
   * the save resolves (the acknowledgement). A change found makes the server lose the file (see
   * lose), except one a former holder made with the lock still this server's: then the files are
   * written again from the state, which holds everything acknowledged, and `write` runs only if it
   * is `fold`, as a rewrite holds what an append would.
   */
  async function guarded(write: () => Promise<void>) {
    if (lost) throw lost;
    const reason = await changed();
    if (reason === undefined) {
      try {
        await write();
      } catch (error) {
        if (!(error instanceof JournalRemoved)) throw error;
        // What it acknowledged since the last compaction is in that journal alone: kept beside, and no more answered.
        await lose(error.message);
        throw lost;
      }
    } else {
      const former = await formerHolder();
      if (former === undefined || !(await lock.held())) {
        await lose(reason);
        throw lost;
      }
      log(`--persist ${file}: ${reason}: ${former}, from a former holder of the file that resumed after a pause; written again from this server's state.`);
      await rewrite();
      if (write === fold) await write();
    }
    await fence();
  }

  function start() {
    waiting = undefined;
    const carried = changes;
    const text = lines.join("");
    changes = 0;
    lines = [];
    const rewriting = whole || journalSize + text.length > limit;
    whole = false;
    const written = guarded(() =>
      rewriting
        ? rewrite()
        : append(journal, text, fence).then(() => {
            journalSize += text.length;
            if (journalBytes !== undefined) journalBytes += Buffer.byteLength(text);
          }),
    );
    running = written.then(
      () => {
        counts.saves++;
        counts.changes += carried;
      },
      (error: unknown) => {
        // The journal may hold part of this save: the next save starts a new one from the whole state.
        whole = true;
        journalBytes = undefined;
        throw error;
      },
    );
    return running;
  }

  const save = (change: StateChange) => {
    if (closed) return Promise.reject(problem(file, "cannot save the state", new Error("the server is stopping")));
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
        // A lost file was logged once, when it was found.
        if (error !== lost) log(failure.message);
        throw failure;
      });
    return waiting;
  };

  /** The journal folded into the snapshot and removed, as at a clean stop: the snapshot alone holds the state. */
  async function fold() {
    if (!whole && journalBytes === headerBytes) {
      // Nothing written since the last compaction: the snapshot holds the state already.
      await fence();
      await rm(journal);
    } else {
      const snapshot = serialize();
      await append(journal, foldedLine(baseOf(snapshot), generation), fence);
      await writeDurably(file, snapshot, false, fence);
      await fence();
      await rm(journal);
    }
    await syncFolder(dirname(file));
  }

  try {
    // A journal there was folded into the snapshot, or holds nothing (readSaved): replaced. The lock was just taken: its lease is fresh.
    if (kept) await restart(kept.base, undefined, kept.length, false);
    else await rewrite((await statIfThere(journal)) !== undefined);
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
    close: () => {
      closed ??= (async () => {
        await settled();
        try {
          await guarded(fold);
        } catch (error) {
          // A lost file was logged when it was found; the pair left by a failed fold still loads.
          if (error !== lost) throw problem(file, "cannot fold the journal into it", error);
        } finally {
          await lock.release();
        }
      })();
      return closed;
    },
    counts,
  };
}
