// An example project (examples/<name>/) as a team has it, outside the repository: a temporary copy
// of its files and of its own install (from its lock, third-party packages only), with the packed
// tarballs of this repository's packages installed into it by `npm install --no-save`, as its
// README tells a team to. Nothing resolves from the repository: the copy is under the system's
// temporary folder, where no node_modules above it holds the repository's packages.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const exec = promisify(execFile);
const root = fileURLToPath(new URL("../../", import.meta.url));
/** What the examples import: the client and the mock (the conformance command is not theirs). */
export const examplePackages = ["client", "mock"];
/** Tool caches under node_modules that builds write in place: a hard link there would write into the repository's install. */
const writtenCaches = [".cache", ".vite", ".vite-temp"];

/**
 * The packages built (`npm run build`) and packed (`npm run pack`) into `destination`: what
 * `npm test` does once per run for the packaging check and the examples.
 * @param {string} destination
 */
export async function buildAndPack(destination) {
  await exec(process.execPath, [join(root, "scripts/build/build.mjs")], { cwd: root, maxBuffer: 1 << 24 });
  await exec(process.execPath, [join(root, "scripts/build/pack.mjs"), "--destination", destination], { cwd: root, maxBuffer: 1 << 24 });
}

/**
 * The tarball of each of `examplePackages` in `dir`, as `npm run pack` names them; throws naming any missing.
 * @param {string} dir
 */
export async function exampleTarballs(dir) {
  const tarballs = await Promise.all(
    examplePackages.map(async (folder) => {
      const { name, version } = JSON.parse(await readFile(join(root, "packages", folder, "package.json"), "utf8"));
      return join(dir, `${name}-${version}.tgz`);
    }),
  );
  const missing = tarballs.filter((tarball) => !existsSync(tarball));
  if (missing.length) throw new Error(`No tarball ${missing.join(", ")}: run npm run build, then node scripts/build/pack.mjs --destination ${dir}`);
  return tarballs;
}

/**
 * The top-level names an example's .gitignore lists (`test-results/`, `storybook-static/`…).
 * @param {string} example
 */
async function ignoredNames(example) {
  const lines = (await readFile(join(example, ".gitignore"), "utf8").catch(() => "")).split("\n");
  return lines.map((line) => line.trim().replace(/^\/|\/$/g, "")).filter((line) => line && !line.startsWith("#") && !line.includes("/"));
}

/**
 * A temporary copy of examples/`name`/ with the tarballs in `tarballDir` installed, and `also`
 * (such as `msw@3.0.5`) beside them. Its node_modules is hard-linked to the example's own (cp -al:
 * no bytes copied; a full copy where the temporary folder is on another file system), but for what
 * npm and the builds rewrite in place. Remove it with `remove()`.
 * @param {string} name
 * @param {string} tarballDir
 * @param {{ also?: string[] }} [options]
 * @returns {Promise<{ dir: string, remove: () => Promise<void> }>}
 */
export async function copyExample(name, tarballDir, { also = [] } = {}) {
  const example = join(root, "examples", name);
  if (!existsSync(join(example, "node_modules")))
    throw new Error(
      `examples/${name} is not installed: run \`cd examples/${name} && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts\` (as .ci/run does)`,
    );
  const tarballs = await exampleTarballs(tarballDir);
  const dir = await mkdtemp(join(tmpdir(), `example-${name}-`));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    // What git would hold: not node_modules, nor what the example's .gitignore names (a build, test results).
    const ignored = new Set([join(example, "node_modules"), ...(await ignoredNames(example)).map((entry) => join(example, entry))]);
    await cp(example, dir, { recursive: true, filter: (source) => !ignored.has(source) });
    const modules = join(dir, "node_modules");
    await exec("cp", ["-al", join(example, "node_modules"), dir]).catch(async () => {
      await rm(modules, { recursive: true, force: true });
      await exec("cp", ["-a", join(example, "node_modules"), dir]);
    });
    // Dropped from the copy (unlinked): written there, they would be written through to the example's own install.
    for (const entry of await readdir(modules)) if (writtenCaches.includes(entry)) await rm(join(modules, entry), { recursive: true, force: true });
    // npm rewrites its record of the tree in place: the copy gets a file of its own.
    const record = join(modules, ".package-lock.json");
    if (existsSync(record)) {
      await rm(record);
      await copyFile(join(example, "node_modules/.package-lock.json"), record);
    }
    await exec("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts", "--loglevel=error", ...tarballs, ...also], {
      cwd: dir,
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
    }).catch((/** @type {{ stderr?: string, message: string }} */ failure) => {
      throw new Error(`npm install of the tarballs into the copy of examples/${name} failed: ${failure.stderr || failure.message}`);
    });
    return { dir, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
