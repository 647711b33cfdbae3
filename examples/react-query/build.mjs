// Bundles the example into a static site: index.html, app.js (the app, the client and the mock)
// and MSW's mockServiceWorker.js at its root. esbuild maps session-recordings-api and its
// subpaths to the repo's src/ through tsconfig.json's `paths`.
import { copyFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const here = fileURLToPath(new URL("./", import.meta.url));
const entry = "examples/react-query/src/main.tsx";
/** Where the mock's code lives; whatever only these bring in (msw's own dependencies too) is the mock's share. */
const mockRoots = ["src/mock/", "generated/mock/", "node_modules/msw/"];

/**
 * Builds the site into `outDir`; answers the bundle's size, gzipped size and the bytes of it
 * the mock accounts for.
 * @param {string} outDir
 * @returns {Promise<{ bytes: number, gzipBytes: number, mockBytes: number }>}
 */
export async function buildExample(outDir) {
  await mkdir(outDir, { recursive: true });
  const outfile = join(outDir, "app.js");
  const { metafile } = await build({
    absWorkingDir: repo,
    entryPoints: [entry],
    outfile,
    format: "esm",
    bundle: true,
    minify: true,
    metafile: true,
    jsx: "automatic",
    target: "es2022",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
    // The mock reads rrule's named export or, under Node's loader, its default; a bundle has the first.
    logOverride: { "import-is-undefined": "silent" },
  });
  await copyFile(join(here, "index.html"), join(outDir, "index.html"));
  await copyFile(join(repo, "node_modules/msw/lib/mockServiceWorker.js"), join(outDir, "mockServiceWorker.js"));
  const code = await readFile(outfile);
  return { bytes: code.byteLength, gzipBytes: gzipSync(code).byteLength, mockBytes: mockShare(metafile) };
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
  const [output] = Object.values(metafile.outputs);
  return Object.entries(output?.inputs ?? {})
    .filter(([path]) => !reached.has(path))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error("usage: node examples/react-query/build.mjs <outDir>");
  console.log(await buildExample(outDir));
}
