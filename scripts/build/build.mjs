// `npm run build`: each package's dist/ from src/ with tsup (tsup.config.ts), then what each
// publishes beside it: the client its two descriptions, every package the LICENSE and CHANGELOG
// (each package's README.md is its own, committed in its folder).
// What this copies is git-ignored: generated/ and the repository's root stay the sources.
import { execFileSync } from "node:child_process";
import { copyFile, mkdir, readdir, rm, stat } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** The published packages, by folder under packages/. */
const packageDirs = ["client", "mock", "conformance", "mcp"];

// Said first: tsup runs silent for about half a minute.
const started = Date.now();
console.log(`npm run build: bundling ${packageDirs.join(", ")} with tsup and their type declarations…`);
// The mock's configs share one dist/ and clean none of it (tsup.config.ts): it is emptied here.
await rm(`${root}packages/mock/dist`, { recursive: true, force: true });
execFileSync(process.execPath, [`${root}node_modules/tsup/dist/cli-default.js`, "--silent"], { cwd: root, stdio: "inherit" });
await mkdir(`${root}packages/client/live`, { recursive: true });
await copyFile(`${root}generated/openapi.yaml`, `${root}packages/client/openapi.yaml`);
await copyFile(`${root}generated/live/openapi.yaml`, `${root}packages/client/live/openapi.yaml`);
for (const dir of packageDirs) for (const file of ["LICENSE", "CHANGELOG.md"]) await copyFile(`${root}${file}`, `${root}packages/${dir}/${file}`);

/**
 * The files under `dir` and their size in bytes.
 * @param {string} dir
 */
async function sizeOf(dir) {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(`${entry.parentPath}/${entry.name}`)).size;
  }
  return { files, bytes };
}
console.log(`built in ${Math.round((Date.now() - started) / 1000)} s:`);
for (const dir of packageDirs) {
  const { files, bytes } = await sizeOf(`${root}packages/${dir}/dist`);
  console.log(`  packages/${dir}/dist: ${files} file${files === 1 ? "" : "s"}, ${(bytes / 1024).toFixed(0)} kB`);
}
console.log("npm run pack writes their tarballs.");
