// `npm run pack`: each package's tarball in the folder above the clone (`--destination <dir>`:
// in that one, as `npm test` packs once for the packaging check and the examples). npm pack packs
// whatever is there: without `npm run build` first, each tarball held only its package.json and
// the command succeeded. So every file a package's manifest points to must be there first.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** @type {string} */
let destination;
try {
  destination = resolve(parseArgs({ options: { destination: { type: "string" } } }).values.destination ?? join(root, ".."));
} catch (error) {
  console.error(`npm run pack: ${/** @type {Error} */ (error).message.split(".")[0]}. Usage: npm run pack [-- --destination <folder>]`);
  process.exit(2);
}
if (!statSync(destination, { throwIfNoEntry: false })?.isDirectory()) {
  console.error(`npm run pack: --destination ${destination} is not a folder.`);
  process.exit(2);
}
/** The published packages, by folder under packages/. */
const packageDirs = ["client", "mock", "conformance", "mcp"];

/**
 * Every file a manifest points to: main, module, types, its bins and its exports' targets.
 * @param {Record<string, unknown>} manifest
 * @returns {string[]}
 */
function entryFiles(manifest) {
  /** @type {string[]} */
  const files = [];
  /** @param {unknown} value */
  const collect = (value) => {
    if (typeof value === "string") files.push(value.replace(/^\.\//, ""));
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  [manifest.main, manifest.module, manifest.types, manifest.bin, manifest.exports].forEach(collect);
  return [...new Set(files)];
}

const missing = packageDirs.flatMap((dir) => {
  const manifest = JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8"));
  const absent = entryFiles(manifest).filter((file) => !existsSync(join(root, "packages", dir, file)));
  const more = absent.length > 3 ? ` and ${absent.length - 3} more` : "";
  return absent.length ? [`${manifest.name}: ${absent.slice(0, 3).join(", ")}${more}`] : [];
});
if (missing.length) {
  console.error(`npm run pack: the packages are not built, so their tarballs would be empty. Missing:\n  ${missing.join("\n  ")}\nRun npm run build first.`);
  process.exit(1);
}
// npm lists every file of every tarball (about 120 `npm notice` lines): the summary below says what was written instead.
const packed = JSON.parse(
  execFileSync(
    "npm",
    ["pack", "--json", "--loglevel=warn", ...packageDirs.flatMap((dir) => ["--workspace", `packages/${dir}`]), "--pack-destination", destination],
    {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  ),
);
/** @param {number} bytes */
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(`npm run pack: wrote ${packed.length} tarballs to ${destination}`);
for (const {
  id,
  filename,
  size,
  unpackedSize,
  entryCount,
} of /** @type {{ id: string, filename: string, size: number, unpackedSize: number, entryCount: number }[]} */ (packed)) {
  console.log(`  ${filename.padEnd(48)} ${id.padEnd(44)} ${kB(size).padStart(9)} packed, ${kB(unpackedSize).padStart(9)} unpacked, ${entryCount} files`);
}
