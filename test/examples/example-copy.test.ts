// scripts/checks/example-copy.mjs, which npm test runs both examples through: a copy of the example
// outside the repository, its files but not what its .gitignore names, the tarballs installed into
// it (the packages resolve there, from the copy), and the example's own install left as it was,
// though the copy's node_modules is hard-linked to it. Stand-in tarballs, with the names and
// version `npm run pack` writes, keep it to a second or two.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyExample, examplePackages } from "../../scripts/checks/example-copy.mjs";

const exec = promisify(execFile);
const root = fileURLToPath(new URL("../../", import.meta.url));
const example = join(root, "examples/playwright-e2e");
const manifests = examplePackages.map(
  (folder) => JSON.parse(readFileSync(join(root, "packages", folder, "package.json"), "utf8")) as { name: string; version: string },
);
const record = () => readFile(join(example, "node_modules/.package-lock.json"), "utf8");

let work: string;
let copy: Awaited<ReturnType<typeof copyExample>>;
let before: string;
/** Test results as a run in the example folder leaves them (git-ignored), made here unless there are some. */
const results = join(example, "test-results");
const madeResults = !existsSync(results);

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "example-copy-"));
  for (const { name, version } of manifests) {
    const dir = join(work, "stand-ins", name);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "package.json"), JSON.stringify({ name, version, type: "module", main: "index.js" }));
    await writeFile(join(dir, "index.js"), `export const standIn = ${JSON.stringify(name)};\n`);
    await exec("npm", ["pack", "--silent", "--pack-destination", work], { cwd: dir });
  }
  before = await record();
  if (madeResults) await mkdir(results);
  await writeFile(join(results, "left-by-a-run.txt"), "");
  copy = await copyExample("playwright-e2e", work);
}, 120_000);

afterAll(async () => {
  await rm(madeResults ? results : join(results, "left-by-a-run.txt"), { recursive: true, force: true });
  await copy?.remove();
  await rm(work, { recursive: true, force: true });
});

describe("a copy of an example", () => {
  it("is outside the repository, with the example's files and not what its .gitignore names", async () => {
    expect(copy.dir.startsWith(tmpdir())).toBe(true);
    expect(copy.dir.startsWith(root)).toBe(false);
    for (const file of ["package.json", "package-lock.json", "playwright.config.ts", "fixtures.ts", "src/App.tsx", "tests/playlists.spec.ts"]) {
      expect(existsSync(join(copy.dir, file)), file).toBe(true);
    }
    expect(await readFile(join(example, ".gitignore"), "utf8")).toContain("test-results/");
    expect(existsSync(join(results, "left-by-a-run.txt"))).toBe(true);
    expect(existsSync(join(copy.dir, "test-results"))).toBe(false);
  });

  it("has the tarballs installed, resolving from the copy, and package.json and the lock as the example's", async () => {
    for (const { name } of manifests) {
      const { stdout } = await exec(process.execPath, ["--input-type=module", "-e", `console.log((await import(${JSON.stringify(name)})).standIn)`], {
        cwd: copy.dir,
      });
      expect(stdout.trim()).toBe(name);
    }
    for (const file of ["package.json", "package-lock.json"]) {
      expect(await readFile(join(copy.dir, file), "utf8"), file).toBe(await readFile(join(example, file), "utf8"));
    }
  });

  it("leaves the example's own install as it was: npm's record of it, and none of the packages in it", async () => {
    expect(await record()).toBe(before);
    for (const { name } of manifests) expect(existsSync(join(example, "node_modules", name)), name).toBe(false);
  });

  it("refuses a folder without the tarballs, naming the missing one and how to pack it", async () => {
    const empty = join(work, "empty");
    await mkdir(empty);
    await expect(copyExample("playwright-e2e", empty)).rejects.toThrow(`No tarball ${join(empty, `${manifests[0]!.name}-${manifests[0]!.version}.tgz`)}`);
  });
});

describe("scripts/checks/example.mjs", () => {
  const runExample = (...args: string[]) =>
    exec(process.execPath, [join(root, "scripts/checks/example.mjs"), ...args], { cwd: root }).then(
      () => ({ code: 0, stderr: "" }),
      (failure: { code: number; stderr: string }) => failure,
    );

  it("names an example that is not there, or none, and exits 2 with its usage", async () => {
    for (const [args, said] of [
      [["nope"], "no project examples/nope/"],
      [[], "which example?"],
      [["playwright-e2e", "--tarbals", work], "Unknown option '--tarbals'"],
    ] as const) {
      const { code, stderr } = await runExample(...args);
      expect(code, args.join(" ")).toBe(2);
      expect(stderr).toContain(said);
      expect(stderr).toContain("usage: node scripts/checks/example.mjs <playwright-e2e|storybook>");
    }
  });
});
