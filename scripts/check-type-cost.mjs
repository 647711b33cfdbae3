// `npm test` (after the build): what type-checking a consumer's calls costs with this client,
// against the same calls with bare openapi-fetch. Both fixtures in test/type-cost/ import
// the built package by name, as a user's code would, and are checked by the same tsc with
// `--extendedDiagnostics`; the client may cost at most 1.5 times the instantiations.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const limit = 1.5;

/** @param {string} fixture */
function diagnose(fixture) {
  const args = [
    "--no-install",
    "tsc",
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
    output = execFileSync("npx", args, { cwd: root, encoding: "utf8" });
  } catch (/** @type {any} */ error) {
    // A fixture that does not compile measures nothing: show why.
    console.error(`tsc failed on test/type-cost/${fixture}:\n${error.stdout}`);
    process.exit(1);
  }
  /** @param {string} name */
  const read = (name) => Number(output.match(new RegExp(`^${name}:\\s+([\\d.]+)`, "m"))?.[1]);
  return { instantiations: read("Instantiations"), checkTime: read("Check time"), types: read("Types") };
}

// The two fixtures must make the same calls, or the ratio compares different work.
/** @param {string} fixture */
const sharedCalls = (fixture) =>
  readFileSync(new URL(`../test/type-cost/${fixture}`, import.meta.url), "utf8").match(/: begin\n([\s\S]*)\n\/\/ The same calls in both fixtures: end/)?.[1];
const shared = sharedCalls("with-client.ts");
if (!shared || shared !== sharedCalls("with-openapi-fetch.ts")) {
  console.error("test/type-cost/with-client.ts and with-openapi-fetch.ts must hold the same calls between their markers.");
  process.exit(1);
}

const ours = diagnose("with-client.ts");
const bare = diagnose("with-openapi-fetch.ts");
const ratio = ours.instantiations / bare.instantiations;
console.log("type-checking a consumer's 25 calls (test/type-cost/):");
for (const [name, figures] of /** @type {const} */ ([
  ["this client", ours],
  ["bare openapi-fetch", bare],
])) {
  console.log(
    `  ${name.padEnd(20)} ${String(figures.instantiations).padStart(8)} instantiations, ${String(figures.types).padStart(6)} types, check ${figures.checkTime.toFixed(2)} s`,
  );
}
console.log(`  ratio ${ratio.toFixed(2)}× (limit ${limit}×)`);
if (!(ratio <= limit)) {
  console.error(`The client's types cost ${ratio.toFixed(2)}× bare openapi-fetch's instantiations, over ${limit}×.`);
  process.exit(1);
}
