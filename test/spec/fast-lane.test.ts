// `npm run test:fast` runs after `npm ci` alone: none of its files reads an example's install
// (examples/*/node_modules, which only .ci/run makes, and `npm test` requires), so a fresh clone
// runs it green. Those that do are slow ones, which `npm test` runs.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { slowUnitTests, unitTests } from "../../vitest.config.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
/** A glob of vitest's `include` (`**`, `*`) as a regular expression over paths from the root. */
const globPattern = (glob: string) =>
  new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*\*\/|\*/g, (star) => (star === "*" ? "[^/]*" : "(?:.*/)?"))}$`);
const matches = (globs: string[], path: string) => globs.some((glob) => globPattern(glob).test(path));
const testFiles = readdirSync(`${root}test`, { recursive: true, encoding: "utf8" })
  .map((path) => `test/${path}`)
  .filter((path) => !path.includes("node_modules") && path.endsWith(".ts"));
const fastLane = testFiles.filter((path) => matches(unitTests, path) && !matches(slowUnitTests, path));

describe("the fast lane", () => {
  it("is the unit files but the slow ones", () => {
    expect(fastLane).toContain("test/spec/fast-lane.test.ts");
    expect(fastLane).not.toContain("test/mock/server.test.ts");
    expect(fastLane).not.toContain("test/mock/persistence.test.ts");
    expect(fastLane).toContain("test/posthog/posthog-suite.test.ts");
  });

  it("reads no example's install, which a fresh clone does not have", () => {
    const readers = testFiles.filter((path) => /examples\/[\w-]+\/node_modules/.test(readFileSync(`${root}${path}`, "utf8")));
    expect(readers).toContain("test/types/strict-consumer.test.ts");
    expect(readers.filter((path) => fastLane.includes(path))).toEqual([]);
  });
});

describe("what npm test needs beyond npm ci", () => {
  const contributing = readFileSync(`${root}docs/contributing.md`, "utf8");
  const section = /## Running the tests\n([\s\S]*?)\n## /.exec(contributing)?.[1] ?? "";

  it("is on the contributing page: each example npm test requires installed, with .ci/run's command, and Chromium", () => {
    const required = /const examples = \[([^\]]*)\]/.exec(readFileSync(`${root}scripts/checks/test.mjs`, "utf8"))?.[1] ?? "";
    const examples = [...required.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(section, example).toContain(`\`${example}\``);
    expect(readFileSync(`${root}.ci/run`, "utf8")).toContain("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts");
    expect(section).toContain("`PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts`");
    expect(section).toContain("`/usr/bin/chromium`");
  });

  it("is linked from the README, which gives each lane's time", () => {
    const readme = readFileSync(`${root}README.md`, "utf8");
    expect(readme).toContain("](docs/contributing.md#running-the-tests)");
    for (const lane of ["npm run test:fast", "npm test"])
      expect(
        readme.split("\n").find((line) => line.startsWith(`${lane} `)),
        lane,
      ).toMatch(/\(about (\d+ min( \d+ s)?|\d+ s) on 2 idle cores\)$/);
  });
});
