// Bundles the example into a static site in examples/react-query/dist/ (or the folder given):
// index.html and app.js, and for development the stateful mock as a chunk app.js loads, with
// MSW's mockServiceWorker.js at the root. A production build holds no mock code. esbuild maps
// session-recordings-api and its subpaths to the repo's src/ through tsconfig.json's `paths`.
import { copyFile, mkdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const here = fileURLToPath(new URL("./", import.meta.url));
const entry = "examples/react-query/src/main.tsx";
/** Where the mock's code lives; whatever only these bring in (msw's own dependencies too) is the mock's share. */
export const mockRoots = ["src/mock/", "generated/mock/", "node_modules/msw/"];

/**
 * Builds the site into `outDir`, emptied first; answers the entry's size and gzipped size, the
 * bytes of every chunk, and the bytes of them the mock accounts for.
 * @param {string} [outDir]
 * @param {{ production?: boolean }} [options]
 * @returns {Promise<{ bytes: number, gzipBytes: number, totalBytes: number, mockBytes: number, inputs: string[] }>}
 */
export async function buildExample(outDir = join(here, "dist"), { production = false } = {}) {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const { metafile } = await build({
    absWorkingDir: repo,
    entryPoints: { app: entry },
    outdir: outDir,
    chunkNames: "chunks/[name]-[hash]",
    format: "esm",
    bundle: true,
    splitting: true,
    minify: true,
    metafile: true,
    jsx: "automatic",
    target: "es2022",
    define: { "process.env.NODE_ENV": production ? '"production"' : '"development"' },
    logLevel: "warning",
    // The mock reads rrule's named export or, under Node's loader, its default; a bundle has the first.
    logOverride: { "import-is-undefined": "silent" },
  });
  await copyFile(join(here, "index.html"), join(outDir, "index.html"));
  if (!production) await copyFile(join(repo, "node_modules/msw/lib/mockServiceWorker.js"), join(outDir, "mockServiceWorker.js"));
  const code = await readFile(join(outDir, "app.js"));
  const outputs = Object.values(metafile.outputs);
  return {
    bytes: code.byteLength,
    gzipBytes: gzipSync(code).byteLength,
    totalBytes: outputs.reduce((sum, output) => sum + output.bytes, 0),
    mockBytes: mockShare(metafile),
    inputs: outputs.flatMap((output) => Object.keys(output.inputs)),
  };
}

/**
 * The bytes of the output that only the mock brings in: the inputs the app cannot reach from
 * its entry without passing through the mock's code.
 * @param {import("esbuild").Metafile} metafile
 */
function mockShare(metafile) {
  const reached = new Set([entry]);
  for (const path of reached) {
    for (const { path: imported } of metafile.inputs[path]?.imports ?? []) {
      if (!mockRoots.some((root) => imported.startsWith(root))) reached.add(imported);
    }
  }
  return Object.values(metafile.outputs)
    .flatMap((output) => Object.entries(output.inputs))
    .filter(([path]) => !reached.has(path))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ options: { production: { type: "boolean" } }, allowPositionals: true });
  const outDir = positionals[0] ?? join(here, "dist");
  console.log(outDir, await buildExample(outDir, { production: values.production ?? false }));
}
