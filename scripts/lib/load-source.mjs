// Loads a TypeScript module of src/ in plain Node by bundling it with esbuild, so scripts
// (`npm start`, `npm run mock:stateful`, benches) need no build step first.
import { rmSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

/**
 * The module at `relativePath` from the repository's root, bundled and imported.
 * @param {string} relativePath
 * @returns {Promise<any>} its exports; a caller types them as `typeof import("…")` of the source.
 */
export async function loadSource(relativePath) {
  const entry = fileURLToPath(new URL(`../../${relativePath}`, import.meta.url));
  const { outputFiles } = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    logLevel: "error",
  });
  const dir = await mkdtemp(join(tmpdir(), "source-"));
  const file = join(dir, "module.mjs");
  // One entry, written to memory: one output file.
  await writeFile(file, /** @type {import("esbuild").OutputFile} */ (outputFiles[0]).text);
  // A module that ends the process while it is imported (a bin's --help, a refused flag) never
  // returns here: the folder goes at the exit then. Otherwise at once, synchronously: a server's
  // stop may call process.exit as soon as it has said it listens, before an await would end.
  const remove = () => rmSync(dir, { recursive: true, force: true });
  process.once("exit", remove);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    process.off("exit", remove);
    remove();
  }
}
