// The file operations under --persist: where the file really is (through symlinks), writing a
// file so that it is whole on disk or not there at all, and the temporary files a killed server
// left. Node only.

import { randomBytes } from "node:crypto";
import type { Stats } from "node:fs";
import { access, constants, lstat, open, readdir, readlink, realpath, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

/**
 * The file `--persist` names once its symlinks are followed, so a save renames over the target
 * and leaves the link a link. A link to a file not made yet resolves to where that file will be.
 */
export async function persistTarget(file: string): Promise<string> {
  let path = resolve(file);
  // Linux's own limit on links followed in one path (ELOOP past it).
  for (let hops = 0; hops < 40; hops++) {
    let isLink: boolean;
    try {
      isLink = (await lstat(path)).isSymbolicLink();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") break;
      throw error;
    }
    if (!isLink) return realpath(path);
    path = resolve(dirname(path), await readlink(path));
  }
  // Not there yet: its folder's real path, so two names of one folder share one lock.
  return join(await realpath(dirname(path)), basename(path));
}

/**
 * This process's own mark in the names of the files it writes beside the persist file: its pid
 * alone is not enough, since two servers in two pid namespaces (two containers) are both pid 1.
 */
export const ownToken = `${process.pid}-${randomBytes(4).toString("hex")}`;

export const temporaryOf = (file: string) => `${file}.${ownToken}.tmp`;

/** Matches the temporary files of `file` that any process made, by the pattern temporaryOf uses (and the bare pid of earlier versions). */
const leftoverPattern = (file: string) =>
  new RegExp(`^${basename(file).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\.journal|\\.lock)?\\.\\d+(-[0-9a-f]{8})?\\.tmp$`);

/**
 * Removes the temporary files a killed server left: none was renamed, so none holds an
 * acknowledged change. Called only by the holder of the file's lock (lock.ts), so no
 * live server's file is removed.
 */
export async function removeLeftovers(file: string) {
  const folder = dirname(file);
  const pattern = leftoverPattern(file);
  for (const name of await readdir(folder)) if (pattern.test(name)) await rm(join(folder, name), { force: true });
}

/** fsyncs a folder, so a rename in it is on disk too. Some platforms cannot open a folder to fsync it (Windows): there the rename stands alone. */
export async function syncFolder(folder: string) {
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

/** What a path that is neither a regular file nor a directory is, in words. */
function kindOf(found: Stats): string {
  if (found.isFIFO()) return "a FIFO (named pipe)";
  if (found.isSocket()) return "a socket";
  if (found.isCharacterDevice()) return "a character device";
  if (found.isBlockDevice()) return "a block device";
  return "not a regular file";
}

const failure = (code: string, message: string) => Object.assign(new Error(`${code}: ${message}`), { code });

/**
 * `file`'s stats, or undefined when it is not there; throws when it is there and is not a
 * regular file (a FIFO would hang the read, a device would be written into).
 */
export async function regularFileIfThere(file: string): Promise<Stats | undefined> {
  let found: Stats;
  try {
    found = await stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return regularFile(file, found);
}

/** `found`, the stats of `file`; throws, naming it and what it is, when it is not a regular file. */
export function regularFile(file: string, found: Stats): Stats {
  if (found.isDirectory()) throw failure("EISDIR", `${file} is a directory, not a regular file`);
  if (!found.isFile()) throw failure("ENOTREG", `${file} is ${kindOf(found)}, not a regular file`);
  return found;
}

/**
 * Throws when `file` is there and is not a regular file (regularFileIfThere), or when it may not
 * be written: no write bit for anyone (refused for root too, who passes `access`, since the
 * promise is about the file), or no access for this process. A rename over it would succeed, as
 * the folder allows it, and replace a file its owner made read-only. A file not there yet passes.
 */
export async function checkWritable(file: string) {
  const found = await regularFileIfThere(file);
  if (found === undefined) return;
  if ((found.mode & 0o222) === 0) throw failure("EACCES", `permission denied, ${file} has no write permission for anyone`);
  await access(file, constants.W_OK);
}

/**
 * Writes `text` to a temporary file beside `file`, fsyncs it and renames it over `file`: a crash
 * leaves the old file or the new one, whole. The new file keeps the old one's permissions.
 * `beforeRename` runs right before the rename, which happens only if it resolves (persist.ts
 * checks its lease there).
 */
export async function writeDurably(file: string, text: string, syncTheFolder = true, beforeRename?: () => Promise<void>) {
  const temporary = temporaryOf(file);
  try {
    const mode = await stat(file).then(
      (found) => found.mode & 0o7777,
      () => undefined,
    );
    const handle = await open(temporary, "w");
    try {
      if (mode !== undefined) await handle.chmod(mode);
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await beforeRename?.();
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  if (syncTheFolder) await syncFolder(dirname(file));
}
