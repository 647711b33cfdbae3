// The guide's quickstart (docs/getting-started.md) in the project a newcomer makes (`npm init -y`, `tsc --init`), with
// what the page says it needs: "type" set to "module" in the package.json npm wrote (npm 11
// writes "commonjs"; top-level await is for ES modules) and Node's types in tsconfig.json's
// "types" (`tsc --init` writes an empty list). As npm wrote it, the same project fails as the
// page warns.
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readGuide } from "../support/guide.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const tsc = `${root}node_modules/typescript/bin/tsc`;
const page = readGuide("getting-started.md");
let dir: string;

/** tsc's errors in `dir`, one a line. */
async function compile(): Promise<string[]> {
  const output = await promisify(execFile)(process.execPath, [tsc, "-p", dir, "--pretty", "false"], { cwd: dir }).then(
    () => "",
    (failure: { stdout: string }) => failure.stdout,
  );
  return output.split("\n").filter((line) => /error TS\d+/.test(line));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "quickstart-"));
  await promisify(execFile)(process.execPath, [tsc, "--init"], { cwd: dir });
  await promisify(execFile)("npm", ["init", "-y"], { cwd: dir });
  // tsconfig.json as `tsc --init` wrote it (with comments), plus the page's "types" and, standing
  // in for the installed package and @types/node, paths to this repository's.
  const written = await readFile(join(dir, "tsconfig.json"), "utf8");
  const tsconfig = written.replace(
    /"compilerOptions": \{/,
    `"compilerOptions": { "noEmit": true, "typeRoots": [${JSON.stringify(`${root}node_modules/@types`)}], "paths": { "session-recordings-api": [${JSON.stringify(`${root}src/index.ts`)}] },`,
  );
  expect(tsconfig).toMatch(/"types": \[\]/);
  await writeFile(join(dir, "tsconfig.json"), tsconfig.replace(/"types": \[\]/, '"types": ["node"]'));
  await copyFile(`${root}examples/quickstart.ts`, join(dir, "quickstart.ts"));
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("the quickstart in a new project", () => {
  it('fails on its top-level await in the package.json `npm init -y` wrote ("type": "commonjs", as the guide says)', async () => {
    expect(JSON.parse(await readFile(join(dir, "package.json"), "utf8")).type).toBe("commonjs");
    expect(page).toContain('(npm 11 writes `"commonjs"` there)');
    expect((await compile()).join("\n")).toMatch(/quickstart\.ts.*error TS(1309|1286|1378)/);
  }, 120_000);

  it('compiles once "type" is set to "module", with Node\'s types, as the guide says', async () => {
    expect(page).toContain('set `"type": "module"`');
    expect(page).toContain('`"types": ["node"]`');
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8"));
    await writeFile(join(dir, "package.json"), JSON.stringify({ ...written, type: "module" }));
    expect(await compile()).toEqual([]);
  }, 120_000);
});
