// Runs the Redocly CLI from node_modules in the repository root. Bundling, docs and the lint
// test all go through here, so the CLI is found and invoked in one way.
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const cli = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");
const root = fileURLToPath(new URL("../..", import.meta.url));

// Telemetry off: the CLI reports usage otherwise, and build-docs would bake telemetry into the page.
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_NOTIFICATIONS: "true" };

/**
 * Resolves with the CLI's output; rejects, with `stdout` and `stderr` on the error, if it fails.
 * @param {string[]} args
 */
export function redocly(args) {
  return promisify(execFile)(process.execPath, [cli, ...args], { cwd: root, env, maxBuffer: 64 * 1024 * 1024 });
}
