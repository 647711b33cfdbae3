// `npm run check:breaking`: compares the current bundle with the last released description
// (generated/released/) using `redocly diff` and its diff rules. A breaking change passes only
// when it is acknowledged by name in openapi/acknowledged-breaking.yaml, with the words of the
// CHANGELOG.md bullet that announces it (which must be in the unreleased section), and the
// package version says so: a new major, or while the version is 0.x a new minor (npm's caret
// ranges treat 0.y as the breaking part, so ^0.1.0 never installs 0.2.0). A new break added
// after the version was raised still fails until it is acknowledged. Both descriptions are
// gated: the bundle against generated/released/openapi.yaml, the live service's
// (generated/live/) against generated/released/live/openapi.yaml.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { bundlePath } from "../build/bundle.mjs";
import { liveBundlePath } from "../build/overlay.mjs";
import { redocly } from "../lib/redocly.mjs";

const releasedDir = fileURLToPath(new URL("../../generated/released/", import.meta.url));
const acknowledgedPath = fileURLToPath(new URL("../../openapi/acknowledged-breaking.yaml", import.meta.url));
const changelogPath = new URL("../../CHANGELOG.md", import.meta.url);

/** @typedef {"seed" | "live"} Description Which description: the one the package follows, or the live service's. */
/** @typedef {{ change: string, changelog: string, description: Description }} Acknowledgement A breaking change by its `redocly diff` name, in one description, and the CHANGELOG words that announce it. */

/** Each description, and the release it is compared with. */
const descriptions = /** @type {const} */ ({
  seed: { revision: bundlePath, base: `${releasedDir}openapi.yaml` },
  live: { revision: liveBundlePath, base: `${releasedDir}live/openapi.yaml` },
});
/** @typedef {{ change: string, message: string }} MajorChange `change` is its name: the diff's kind and JSON pointer. */

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
 * @returns {Promise<MajorChange[]>}
 */
async function majorChanges(base, revision) {
  const { stdout } = await redocly(["diff", base, revision, "--format", "json", "--fail-on", "none"]);
  /** @type {{ changes: { impact: string, kind: string, path: string, verdicts?: { message: string }[] }[] }} */
  const report = JSON.parse(stdout);
  return report.changes
    .filter((change) => change.impact === "major")
    .map((change) => ({ change: `${change.kind} ${change.path}`, message: change.verdicts?.map((v) => v.message).join("; ") ?? "" }));
}

/** The sections of `components` that generated types export, so a name removed from one breaks a user's import. */
const typedComponents = ["schemas", "responses", "parameters", "requestBodies", "headers"];

/**
 * The components `base` names that `revision` no longer does, in the sections users import as
 * types: `redocly diff` follows only what the paths reach, so it misses a component no path
 * uses any longer, though `components["responses"]["BadRequest"]` stops compiling.
 * @param {string} base
 * @param {string} revision
 * @returns {Promise<MajorChange[]>}
 */
export async function removedComponents(base, revision) {
  const [before, after] = await Promise.all([base, revision].map(async (file) => parse(await readFile(file, "utf8")).components ?? {}));
  return typedComponents.flatMap((section) =>
    Object.keys(before[section] ?? {})
      .filter((name) => !Object.hasOwn(after[section] ?? {}, name))
      .map((name) => ({
        change: `removed #/components/${section}/${name}`,
        message: `the ${section} component ${name}, which users import as a type, was removed`,
      })),
  );
}

/**
 * CHANGELOG.md's unreleased section: from the first `## ` heading that says "unreleased" to the next `## `.
 * @param {string} changelog
 */
export function unreleasedSection(changelog) {
  const start = changelog.search(/^## .*unreleased/im);
  if (start < 0) return "";
  const rest = changelog.slice(start + 3);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/**
 * What keeps each breaking change from passing, by name: not acknowledged, or acknowledged by
 * words the CHANGELOG's unreleased section does not hold; and acknowledgements of changes that
 * are not there (a reverted break, a typo), which would let a later one through unread.
 * @param {MajorChange[]} majors
 * @param {Omit<Acknowledgement, "description">[]} acknowledged
 * @param {string} changelog
 */
export function acknowledgementProblems(majors, acknowledged, changelog) {
  const unreleased = unreleasedSection(changelog);
  const byChange = new Map(acknowledged.map((a) => [a.change, a]));
  /** @type {string[]} */
  const problems = [];
  for (const { change, message } of majors) {
    const acknowledgement = byChange.get(change);
    if (!acknowledgement) problems.push(`not acknowledged: ${change}${message ? ` (${message})` : ""}`);
    else if (!unreleased.includes(acknowledgement.changelog))
      problems.push(`acknowledged by words not in CHANGELOG.md's unreleased section: ${change}: "${acknowledgement.changelog}"`);
  }
  const found = new Set(majors.map((m) => m.change));
  for (const { change } of acknowledged) if (!found.has(change)) problems.push(`acknowledged but not a breaking change now: ${change}`);
  return problems;
}

/**
 * The acknowledgements file, checked: a list of `{ change, changelog, description? }` (`description` is `seed` unless it says `live`).
 * @param {string} text
 * @returns {Acknowledgement[]}
 */
function parseAcknowledgements(text) {
  const list = parse(text) ?? [];
  if (!Array.isArray(list)) throw new Error(`${acknowledgedPath}: must be a list of { change, changelog }`);
  return list.map((entry, index) => {
    if (typeof entry?.change !== "string" || typeof entry?.changelog !== "string" || entry.changelog.trim() === "")
      throw new Error(`${acknowledgedPath}: entry ${index} must have the strings change and changelog`);
    const description = entry.description ?? "seed";
    if (description !== "seed" && description !== "live") throw new Error(`${acknowledgedPath}: entry ${index}: description must be seed or live`);
    return { change: entry.change, changelog: entry.changelog, description };
  });
}

/**
 * The breaking changes of one description since the release, what keeps them from passing, and whether the gate passes.
 * `majors`, when given, are the changes a previous call found between the same two files.
 * @param {{ description?: Description, base?: string, revision?: string, released?: string, version?: string, acknowledged?: Omit<Acknowledgement, "description">[], changelog?: string, majors?: MajorChange[] }} [options]
 */
export async function checkBreaking({ description = "seed", base, revision, released, version, acknowledged, changelog, majors } = {}) {
  base ??= descriptions[description].base;
  revision ??= descriptions[description].revision;
  /** @param {string | URL} file */
  const versionIn = async (file) => /** @type {string} */ (JSON.parse(await readFile(file, "utf8")).version);
  released ??= await versionIn(`${releasedDir}release.json`);
  version ??= await versionIn(new URL("../../packages/client/package.json", import.meta.url));
  acknowledged ??= parseAcknowledgements(await readFile(acknowledgedPath, "utf8")).filter((a) => a.description === description);
  changelog ??= await readFile(changelogPath, "utf8");
  majors ??= [...(await majorChanges(base, revision)), ...(await removedComponents(base, revision))];
  const problems = acknowledgementProblems(majors, acknowledged, changelog);
  const versionAllows = majors.length === 0 || breakingAllowed(released, version);
  return { released, version, majors, problems, versionAllows, ok: versionAllows && problems.length === 0 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false;
  for (const description of /** @type {const} */ (["seed", "live"])) {
    const { released, version, majors, problems, versionAllows, ok } = await checkBreaking({ description });
    const name = description === "seed" ? "the description" : "the live description";
    const since = description === "seed" ? released : "its baseline (generated/released/live/)";
    if (majors.length === 0) console.log(`${name}: no breaking change since ${since}.`);
    else
      console.log(
        `${name}: ${majors.length} breaking change(s) since ${released}:\n${majors.map((m) => `  - ${m.change}${m.message ? `: ${m.message}` : ""}`).join("\n")}`,
      );
    if (problems.length) {
      console.error(`\nEach breaking change must be acknowledged in openapi/acknowledged-breaking.yaml, with the words of its CHANGELOG.md bullet:`);
      for (const problem of problems) console.error(`  - ${problem}`);
    }
    if (!versionAllows) {
      console.error(
        `\nVersion ${version} does not mark a breaking release after ${released}: raise the major (the minor while 0.x), and list the changes in CHANGELOG.md.`,
      );
    }
    if (!ok) failed = true;
    else if (majors.length) console.log(`Allowed: each is acknowledged, and ${version} is a breaking release after ${released}.`);
  }
  if (failed) process.exit(1);
}
