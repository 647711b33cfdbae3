// `npm test`: every check. Lint, then everything else side by side: both compilers, the test
// suite, and the build and pack of the packages, once, whose tarballs the packaging check
// (scripts/checks/check-package.mjs: npm installs into a temporary consumer, bins run there) and both
// examples then install: the Playwright e2e example (examples/playwright-e2e) and the Storybook
// example, each in a temporary copy beside its own install (.ci/run makes it). On 2 cores that is
// what keeps it within its time: most of the suite waits on servers, sockets and Chromium, which
// the others fill. What runs beside the suite is held back and printed after the suite's output,
// so nothing interleaves. Exits non-zero if any fails. `--fast` (`npm run test:fast`): lint, then
// TypeScript 7 beside the unit tests: the same project's types, checked in about a fifth of 5.9's
// time (7 s against 35 s), and `npm test` checks them with both.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const testStarted = Date.now();

/**
 * Runs a command; resolves with its exit code and, when `quiet`, what it printed.
 * @param {string} command
 * @param {string[]} args
 * @param {{ quiet?: boolean, cwd?: string, env?: Record<string, string> }} [options]
 * @returns {Promise<{ code: number, output: string }>}
 */
function run(command, args, { quiet = false, cwd = undefined, env = undefined } = {}) {
  const started = Date.now();
  const after = Math.round((started - testStarted) / 1000);
  const label = [command, ...args].join(" ").replace("npx --no-install ", "");
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.once("close", (code, signal) => {
      timings.push(`${label}${cwd ? ` (in ${cwd})` : ""}: ${Math.round((Date.now() - started) / 1000)} s${after ? ` (from ${after} s)` : ""}`);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

/** How long each command took, and when one that waited for another started: what each part of `npm test` costs. */
/** @type {string[]} */
const timings = [];

/** @param {{ code: number }[]} results */
const failed = (results) => results.some((result) => result.code !== 0);

const fast = process.argv.includes("--fast");
const examples = ["examples/playwright-e2e", "examples/storybook"];
const uninstalled = fast ? [] : examples.filter((example) => !existsSync(`${example}/node_modules/.package-lock.json`));
if (uninstalled.length) {
  console.error(
    `${uninstalled.join(" and ")} ${uninstalled.length > 1 ? "are" : "is"} not installed: run \`PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts\` in each (as .ci/run does); it downloads no browser.`,
  );
  process.exit(1);
}

/** Where the packages are packed once for this run; removed at its end. */
const tarballs = fast ? "" : mkdtempSync(join(tmpdir(), "npm-test-tarballs-"));
/** @param {number} code */
const exit = (code) => {
  if (tarballs) rmSync(tarballs, { recursive: true, force: true });
  process.exit(code);
};
process.once("SIGINT", () => exit(130));

/**
 * The packages built and packed into `tarballs`; then, beside each other, what installs them: the
 * packaging check, the e2e example's `npm test` in a copy (scripts/checks/example.mjs) and the Storybook
 * example's test (test/examples/storybook.spec.ts, with its own config).
 */
function packedAndInstalled() {
  const packed = run(process.execPath, ["scripts/build/build.mjs"], { quiet: true }).then((built) =>
    built.code ? built : run(process.execPath, ["scripts/build/pack.mjs", "--destination", tarballs], { quiet: true }),
  );
  /** @param {() => Promise<{ code: number, output: string }>} next */
  const afterPack = (next) => packed.then((result) => (result.code ? { code: 1, output: "" } : next()));
  return [
    packed,
    afterPack(() => run(process.execPath, ["scripts/checks/check-package.mjs", "--tarballs", tarballs], { quiet: true })),
    afterPack(() => run(process.execPath, ["scripts/checks/example.mjs", "playwright-e2e", "--tarballs", tarballs], { quiet: true })),
    afterPack(() =>
      run("npx", ["--no-install", "vitest", "run", "--config", "test/examples/storybook.vitest.config.ts"], {
        quiet: true,
        env: { EXAMPLE_TARBALLS: tarballs },
      }),
    ),
  ];
}

const lint = () => [run("npx", ["--no-install", "biome", "ci", "."])];
const steps = fast
  ? [lint, () => [run("npm", ["run", "--silent", "typecheck:ts7"], { quiet: true }), run("npx", ["--no-install", "vitest", "run", "--project", "unit"])]]
  : [
      lint,
      () => [
        run("npx", ["--no-install", "vitest", "run"]),
        run("npx", ["--no-install", "tsc", "--noEmit"], { quiet: true }),
        run("npm", ["run", "--silent", "typecheck:ts7"], { quiet: true }),
        ...packedAndInstalled(),
      ],
    ];
for (const step of steps) {
  const results = await Promise.all(step());
  for (const { output } of results) process.stdout.write(output);
  if (failed(results)) {
    console.log(`\n${timings.join("\n")}`);
    exit(1);
  }
}
console.log(`\n${timings.join("\n")}`);
exit(0);
