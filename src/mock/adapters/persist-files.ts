// The file operations under --persist: where the file really is (through symlinks), writing a
// file so that it is whole on disk or not there at all, and the temporary files a killed server
// left. Node only.
import { lstat, open, readdir, readlink, realpath, rename, rm } from "node:fs/promises";
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

export const temporaryOf = (file: string) => `${file}.${process.pid}.tmp`;

/** Matches the temporary files of `file` that any process made, by the pattern temporaryOf uses. */
const leftoverPattern = (file: string) => new RegExp(`^${basename(file).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\.journal)?\\.\\d+\\.tmp$`);

/**
 * Removes the temporary files a killed server left: none was renamed, so none holds an
 * acknowledged change. Called only by the holder of the file's lock (persist-lock.ts), so no
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

/** Writes `text` to a temporary file beside `file`, fsyncs it and renames it over `file`: a crash leaves the old file or the new one, whole. */
export async function writeDurably(file: string, text: string, syncTheFolder = true) {
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
  if (syncTheFolder) await syncFolder(dirname(file));
}
