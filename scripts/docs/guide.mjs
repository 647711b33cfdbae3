// The guide's site in docs-dist/guide/, built by VitePress (docs/.vitepress/) only when what it is
// built from changed: a hash of docs/** (the pages and the site's config), the README (the pages'
// order), the bundled description (the links to the reference) and VitePress's version is stamped
// in the output, and a build whose stamp matches is served as it is. A build goes to a folder of
// its own, then is renamed into place, so a server never reads a half-written site; builds ask for
// a lock first, so the processes that find the site stale at once (`npm start` in tests side by
// side) build it once between them.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { readmePath } from "./guide-pages.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const docsDist = join(root, "docs-dist");
/** Where the site is built: served at /guide/ by `npm start`. */
export const guideDir = join(docsDist, "guide");
/** The stamp's name in the site: a dot-file, which the static server never serves. */
const stampName = ".inputs-sha256";
export const stampFile = join(guideDir, stampName);
const lockFile = join(docsDist, ".guide-build.lock");
const staleLockMs = 10 * 60_000;
const vitepressVersion = createRequire(import.meta.url)("vitepress/package.json").version;
const exitWithParent = new URL("../servers/exit-with-parent.mjs", import.meta.url).href;
/** What the site is built from: the pages and the site's config, the README (their order), the description (the links to the reference). */
export const guideInputs = [join(root, "docs"), fileURLToPath(readmePath), join(root, "generated/openapi.yaml")];

/**
 * Every file under `path` (or `path` itself), sorted.
 * @param {string} path
 * @returns {Promise<string[]>}
 */
async function filesUnder(path) {
  const entries = await readdir(path, { withFileTypes: true }).catch((error) => {
    if (error.code === "ENOTDIR") return undefined;
    throw error;
  });
  if (!entries) return [path];
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesUnder(join(path, entry.name)) : [join(path, entry.name)])));
  return nested.flat().sort();
}

/** What `vitepress dev docs` writes under docs/.vitepress/, which no build reads. */
const devOutput = /[/\\]docs[/\\]\.vitepress[/\\](cache|\.temp)[/\\]/;

/**
 * The hash of what the site is built from: VitePress's version, and each file's path and text
 * under `paths` (folders or files; by default docs/, the README and the bundled description).
 * @param {string[]} [paths]
 */
export async function guideInputsHash(paths = guideInputs) {
  const hash = createHash("sha256").update(`vitepress ${vitepressVersion}\0`);
  for (const file of (await Promise.all(paths.map(filesUnder))).flat().filter((path) => !devOutput.test(path))) {
    hash
      .update(`${relative(root, file)}\0`)
      .update(await readFile(file))
      .update("\0");
  }
  return hash.digest("hex");
}

/**
 * Whether the site in docs-dist/guide/ was built from the inputs as they are (their hash, when the caller has it).
 * @param {string} [hash]
 */
async function guideIsFresh(hash) {
  const stamped = await readFile(stampFile, "utf8").catch(() => undefined);
  return stamped === (hash ?? (await guideInputsHash()));
}

/**
 * Runs VitePress in a child process (vitepress-build.mjs) into `outDir`; rejects with what it printed if it fails.
 * @param {string} outDir
 * @param {(line: string) => void} log
 */
function runVitepress(outDir, log) {
  return new Promise((resolve, reject) => {
    // With exit-with-parent.mjs, as every process `npm start` runs: it stops when its parent goes away.
    const child = spawn(process.execPath, ["--import", exitWithParent, fileURLToPath(new URL("vitepress-build.mjs", import.meta.url)), outDir], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", reject);
    child.once("close", (code, signal) => {
      if (code === 0) {
        log(output.match(/build complete in [\d.]+s/)?.[0] ?? "built");
        resolve(undefined);
      } else reject(new Error(`VitePress failed to build the guide (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

/**
 * Takes the build lock, waiting while another live process holds it; returns its release.
 * @returns {Promise<() => Promise<void>>}
 */
async function lock() {
  await mkdir(docsDist, { recursive: true });
  for (;;) {
    try {
      const handle = await open(lockFile, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
    }
    const holder = Number(await readFile(lockFile, "utf8").catch(() => ""));
    const age = Date.now() - ((await stat(lockFile).catch(() => undefined))?.mtimeMs ?? Date.now());
    // A holder that is gone, or one holding it far longer than a build takes (its pid reused, say), has left it.
    if ((holder && !isRunning(holder)) || age > staleLockMs) await rm(lockFile, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** @param {number} pid */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/**
 * Builds the site into docs-dist/guide/ unless it is fresh; resolves with whether it built.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<boolean>}
 */
export async function ensureGuide({ log = () => {} } = {}) {
  const hash = await guideInputsHash();
  if (await guideIsFresh(hash)) return false;
  const release = await lock();
  try {
    // Another process may have built it while this one waited for the lock.
    if (await guideIsFresh(hash)) return false;
    await removeAbandonedBuilds();
    log("Building the guide (VitePress)…");
    const work = await mkdtemp(join(docsDist, ".guide-build-"));
    try {
      const site = join(work, "site");
      await runVitepress(site, log);
      await writeFile(join(site, stampName), hash);
      await rename(guideDir, join(work, "previous")).catch((error) => {
        if (error.code !== "ENOENT") throw error;
      });
      await rename(site, guideDir);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    return true;
  } finally {
    await release();
  }
}

/** Removes what builds stopped midway left (a process killed while it built); only the lock's holder calls it. */
async function removeAbandonedBuilds() {
  const names = (await readdir(docsDist)).filter((name) => name.startsWith(".guide-build-"));
  await Promise.all(names.map((name) => rm(join(docsDist, name), { recursive: true, force: true })));
}
