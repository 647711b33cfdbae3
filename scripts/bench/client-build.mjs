// The client's entry minified as a user's bundler would build it, and the client loaded from
// that build, so the benches time and size what users run.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

/**
 * An entry (`src/index.ts` by default) bundled and minified; `options` override esbuild's
 * (`external: ["openapi-fetch"]` for the published size).
 * @param {import("esbuild").BuildOptions} [options]
 * @param {string} [entry] the entry's file under src/
 */
export async function buildEntry(options, entry = "index.ts") {
  const { outputFiles: [file] = [] } = await build({
    entryPoints: [fileURLToPath(new URL(`../../src/${entry}`, import.meta.url))],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    logLevel: "error",
    ...options,
  });
  if (!file) throw new Error("esbuild wrote no output");
  return file.contents;
}

/**
 * The module `code` (a build of the entry) exports.
 * @param {Uint8Array} code
 * @returns {Promise<typeof import("../../src/index.js")>}
 */
export async function loadBuilt(code) {
  const dir = await mkdtemp(join(tmpdir(), "client-build-"));
  try {
    const file = join(dir, "client.mjs");
    await writeFile(file, code);
    return await import(pathToFileURL(file).href);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
