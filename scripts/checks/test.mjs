// `npm test`: every check. Lint, then everything else side by side: both compilers, the test
// suite, the packaging check (scripts/checks/check-package.mjs: a build, npm installs into a temporary
// consumer, bins run there), the Playwright e2e example (examples/playwright-e2e, its own
// install: .ci/run makes it) and the Storybook example. On 2 cores that is what keeps it within
// its time: most of the suite waits on servers, sockets and Chromium, which the others fill.
// What runs beside the suite is held back and printed after the suite's output, so nothing
// interleaves. Exits non-zero if any fails. `--fast` (`npm run test:fast`): lint, then the
// compiler beside the unit tests.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Runs a command; resolves with its exit code and, when `quiet`, what it printed.
 * @param {string} command
 * @param {string[]} args
 * @param {{ quiet?: boolean, cwd?: string }} [options]
 * @returns {Promise<{ code: number, output: string }>}
 */
function run(command, args, { quiet = false, cwd = undefined } = {}) {
  const started = Date.now();
  const label = [command, ...args].join(" ").replace("npx --no-install ", "");
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.once("close", (code, signal) => {
      timings.push(`${label}${cwd ? ` (in ${cwd})` : ""}: ${Math.round((Date.now() - started) / 1000)} s`);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

/** How long each command took, printed at the end: what each part of `npm test` costs. */
/** @type {string[]} */
const timings = [];

/** @param {{ code: number }[]} results */
const failed = (results) => results.some((result) => result.code !== 0);

// The Storybook example (examples/storybook: `storybook build` on msw 2, then Chromium) runs beside
// the suite too, with its own config; its output follows the suite's.
const storybookExample = () => run("npx", ["--no-install", "vitest", "run", "--config", "test/examples/storybook.vitest.config.ts"], { quiet: true });

const fast = process.argv.includes("--fast");
const e2e = "examples/playwright-e2e";
if (!fast && !existsSync(`${e2e}/node_modules/@playwright/test`)) {
  console.error(`${e2e} is not installed: run \`cd ${e2e} && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci\` (as .ci/run does); it downloads no browser.`);
  process.exit(1);
}

const lint = () => [run("npx", ["--no-install", "biome", "ci", "."])];
const steps = fast
  ? [lint, () => [run("npx", ["--no-install", "tsc", "--noEmit"], { quiet: true }), run("npx", ["--no-install", "vitest", "run", "--project", "unit"])]]
  : [
      lint,
      () => [
        run("npx", ["--no-install", "vitest", "run"]),
        run("npx", ["--no-install", "tsc", "--noEmit"], { quiet: true }),
        run("npm", ["run", "--silent", "typecheck:ts7"], { quiet: true }),
        run("npx", ["--no-install", "tsc", "--noEmit", "-p", e2e], { quiet: true }),
        run(process.execPath, ["scripts/checks/check-package.mjs"], { quiet: true }),
        run("npx", ["--no-install", "playwright", "test"], { quiet: true, cwd: e2e }),
        storybookExample(),
      ],
    ];
for (const step of steps) {
  const results = await Promise.all(step());
  for (const { output } of results) process.stdout.write(output);
  if (failed(results)) {
    console.log(`\n${timings.join("\n")}`);
    process.exit(1);
  }
}
console.log(`\n${timings.join("\n")}`);
