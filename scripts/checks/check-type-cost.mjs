// `npm test` (after the build): what type-checking a consumer's calls costs with this client,
// against the same calls with bare openapi-fetch, directly and through openapi-react-query. The fixtures in test/type-cost/ import
// the built package by name, as a user's code would, and are checked by the same tsc with
// `--extendedDiagnostics`; the client may cost at most 1.5 times the instantiations.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

const root = fileURLToPath(new URL("../..", import.meta.url));
const limit = 1.5;

/**
 * Instantiations are the same however busy the machine, so the fixtures are checked at once.
 * @param {string} fixture
 */
async function diagnose(fixture) {
  const args = [
    "node_modules/typescript/bin/tsc",
    "--extendedDiagnostics",
    "--noEmit",
    "--strict",
    "--skipLibCheck",
    "--target",
    "es2022",
    "--module",
    "nodenext",
    "--moduleResolution",
    "nodenext",
    "--types",
    "node",
    `test/type-cost/${fixture}`,
  ];
  let output;
  try {
    ({ stdout: output } = await run(process.execPath, args, { cwd: root, encoding: "utf8" }));
  } catch (/** @type {any} */ error) {
    // A fixture that does not compile measures nothing: show why.
    console.error(`tsc failed on test/type-cost/${fixture}:\n${error.stdout}`);
    process.exit(1);
  }
  /** @param {string} name */
  const read = (name) => Number(output.match(new RegExp(`^${name}:\\s+([\\d.]+)`, "m"))?.[1]);
  return { instantiations: read("Instantiations"), checkTime: read("Check time"), types: read("Types") };
}

// Each pair of fixtures must make the same calls, or the ratio compares different work.
/** @param {string} fixture */
const sharedCalls = (fixture) =>
  readFileSync(new URL(`../../test/type-cost/${fixture}`, import.meta.url), "utf8").match(/: begin\n([\s\S]*)\n\/\/ The same calls in both fixtures: end/)?.[1];

const pairs = [
  { what: "a consumer's 25 calls", ours: "with-client.ts", bare: "with-openapi-fetch.ts", reference: "bare openapi-fetch" },
  {
    what: "the same kind of code through openapi-react-query",
    ours: "react-query-with-client.ts",
    bare: "react-query-with-openapi-fetch.ts",
    reference: "over bare openapi-fetch",
  },
];
for (const pair of pairs) {
  const shared = sharedCalls(pair.ours);
  if (!shared || shared !== sharedCalls(pair.bare)) {
    console.error(`test/type-cost/${pair.ours} and ${pair.bare} must hold the same calls between their markers.`);
    process.exit(1);
  }
}
const measured = await Promise.all(pairs.map(async (pair) => ({ pair, figures: await Promise.all([diagnose(pair.ours), diagnose(pair.bare)]) })));
let failed = false;
for (const {
  pair,
  figures: [ours, bare],
} of measured) {
  const ratio = ours.instantiations / bare.instantiations;
  console.log(`type-checking ${pair.what} (test/type-cost/${pair.ours}):`);
  for (const [name, figures] of /** @type {const} */ ([
    ["this client", ours],
    [pair.reference, bare],
  ])) {
    console.log(
      `  ${name.padEnd(24)} ${String(figures.instantiations).padStart(8)} instantiations, ${String(figures.types).padStart(6)} types, check ${figures.checkTime.toFixed(2)} s`,
    );
  }
  console.log(`  ratio ${ratio.toFixed(2)}× (limit ${limit}×)`);
  if (!(ratio <= limit)) {
    console.error(`The client's types cost ${ratio.toFixed(2)}× ${pair.reference}'s instantiations in ${pair.ours}, over ${limit}×.`);
    failed = true;
  }
}
if (failed) process.exit(1);
