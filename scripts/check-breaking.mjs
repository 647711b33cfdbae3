// `npm run check:breaking`: compares the current bundle with the last released description
// (generated/released/) using `redocly diff` and its diff rules, and fails on any breaking
// change unless the package version says so: a new major, or while the version is 0.x a new
// minor (npm's caret ranges treat 0.y as the breaking part, so ^0.1.0 never installs 0.2.0).
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { bundlePath } from "./bundle.mjs";
import { redocly } from "./lib/redocly.mjs";

export const releasedDir = fileURLToPath(new URL("../generated/released/", import.meta.url));

/**
 * Whether `version` is a breaking release after `released`, by semver and npm's 0.x rule.
 * @param {string} released
 * @param {string} version
 */
export function breakingAllowed(released, version) {
  const [a, b] = /** @type {[[major: number, minor: number], [major: number, minor: number]]} */ ([released, version].map((v) => v.split(".").map(Number)));
  if (b[0] !== a[0]) return b[0] > a[0];
  return a[0] === 0 && b[1] > a[1];
}

/**
 * The major changes `redocly diff` finds from `base` to `revision`.
 * @param {string} base
 * @param {string} revision
 * @returns {Promise<string[]>}
 */
export async function majorChanges(base, revision) {
  const { stdout } = await redocly(["diff", base, revision, "--format", "json", "--fail-on", "none"]);
  /** @type {{ changes: { impact: string, kind: string, path: string, verdicts?: { message: string }[] }[] }} */
  const report = JSON.parse(stdout);
  return report.changes
    .filter((change) => change.impact === "major")
    .map((change) => `${change.kind} ${change.path}${change.verdicts?.length ? `: ${change.verdicts.map((v) => v.message).join("; ")}` : ""}`);
}

/**
 * The breaking changes since the release, and whether the package version allows them.
 * @param {{ base?: string, revision?: string, released?: string, version?: string }} [options]
 */
export async function checkBreaking({ base = `${releasedDir}openapi.yaml`, revision = bundlePath, released, version } = {}) {
  /** @param {string | URL} file */
  const versionIn = async (file) => /** @type {string} */ (JSON.parse(await readFile(file, "utf8")).version);
  released ??= await versionIn(`${releasedDir}release.json`);
  version ??= await versionIn(new URL("../package.json", import.meta.url));
  const majors = await majorChanges(base, revision);
  return { released, version, majors, ok: majors.length === 0 || breakingAllowed(released, version) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { released, version, majors, ok } = await checkBreaking();
  if (majors.length === 0) console.log(`No breaking change since ${released}.`);
  else console.log(`${majors.length} breaking change(s) since ${released}:\n${majors.map((m) => `  - ${m}`).join("\n")}`);
  if (!ok) {
    console.error(
      `\nVersion ${version} does not mark a breaking release after ${released}: raise the major (the minor while 0.x), and list the changes in CHANGELOG.md.`,
    );
    process.exit(1);
  }
  if (majors.length) console.log(`Allowed: ${version} is a breaking release after ${released}.`);
}
