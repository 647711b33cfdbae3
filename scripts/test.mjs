// `npm test`: every check. Lint, then both compilers side by side, then the test suite beside the
// packaging check (scripts/check-package.mjs: a build, npm installs into a temporary consumer,
// bins run there), which waits on npm and the disk more than on the cores; its output is held
// back and printed after the suite's, so the two do not interleave. Exits non-zero if any fails.
import { spawn } from "node:child_process";

/**
 * Runs a command; resolves with its exit code and, when `quiet`, what it printed.
 * @param {string} command
 * @param {string[]} args
 * @param {{ quiet?: boolean }} [options]
 * @returns {Promise<{ code: number, output: string }>}
 */
function run(command, args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.once("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** @param {{ code: number }[]} results */
const failed = (results) => results.some((result) => result.code !== 0);

// The Storybook example (examples/storybook: two `storybook build`s, then Chromium) runs beside
// the suite too, with its own config; its output follows the suite's.
const storybookExample = () => run("npx", ["--no-install", "vitest", "run", "--config", "test/examples/storybook.vitest.config.ts"], { quiet: true });

const steps = [
  () => [run("npx", ["--no-install", "biome", "ci", "."])],
  () => [run("npx", ["--no-install", "tsc", "--noEmit"]), run("npm", ["run", "--silent", "typecheck:ts7"])],
  () => [run("npx", ["--no-install", "vitest", "run"]), run(process.execPath, ["scripts/check-package.mjs"], { quiet: true }), storybookExample()],
];
for (const step of steps) {
  const results = await Promise.all(step());
  for (const { output } of results) process.stdout.write(output);
  if (failed(results)) process.exit(1);
}
