// `npm run pack` (scripts/build/pack.mjs) on a copy of the repository's manifests: unbuilt, it fails
// naming what is missing and writes no tarball (npm pack alone wrote 590-byte ones holding only
// package.json, and exited 0); built, it writes the three tarballs the guide installs.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const packages = ["client", "mock", "conformance", "mcp"];
const work = mkdtempSync(join(tmpdir(), "pack-"));
const clone = join(work, "clone");
afterAll(() => rmSync(work, { recursive: true, force: true }));

mkdirSync(join(clone, "scripts/build"), { recursive: true });
copyFileSync(join(root, "scripts/build/pack.mjs"), join(clone, "scripts/build/pack.mjs"));
writeFileSync(join(clone, "package.json"), JSON.stringify({ name: "copy", private: true, workspaces: packages.map((dir) => `packages/${dir}`) }));
const manifests = packages.map((dir) => {
  mkdirSync(join(clone, "packages", dir), { recursive: true });
  copyFileSync(join(root, "packages", dir, "package.json"), join(clone, "packages", dir, "package.json"));
  return JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8")) as { name: string; version: string; bin?: Record<string, string> };
});
const pack = (...args: string[]) => spawnSync(process.execPath, ["scripts/build/pack.mjs", ...args], { cwd: clone, encoding: "utf8", timeout: 60_000 });
const tarballs = (dir = work) => readdirSync(dir).filter((file) => file.endsWith(".tgz"));

describe("npm run pack", () => {
  it("fails without a build, naming what is missing and what to run, and writes no tarball", () => {
    const run = pack();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("the packages are not built");
    for (const { name } of manifests) expect(run.stderr).toContain(`${name}: dist/`);
    expect(run.stderr).toContain("Run npm run build first.");
    expect(tarballs()).toEqual([]);
  });

  it("packs each package once its entries are there", () => {
    // Stand-ins for what the build writes: every file each manifest points to.
    const targets = (value: unknown): string[] =>
      typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(targets) : [];
    manifests.forEach((manifest, index) => {
      const { main, module, types, bin, exports } = manifest as Record<string, unknown>;
      for (const file of targets([main, module, types, bin, exports])) {
        const path = join(clone, "packages", packages[index]!, file);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, file.endsWith("package.json") ? readFileSync(path, "utf8") : "");
      }
    });
    const run = pack();
    expect(run.stderr).not.toContain("not built");
    expect(run.status).toBe(0);
    expect(tarballs().sort()).toEqual(manifests.map(({ name, version }) => `${name}-${version}.tgz`).sort());
    // A summary a line a tarball, not npm's list of every file.
    expect(run.stdout + run.stderr).not.toContain("npm notice");
    expect(run.stdout).toContain(`wrote ${manifests.length} tarballs`);
    for (const { name, version } of manifests) expect(run.stdout).toMatch(new RegExp(`${name}-${version}\\.tgz +${name}@${version} +[\\d.]+ kB packed`));
  });

  it("packs into the folder --destination names, as npm test does once for the packaging check and the examples", () => {
    const destination = join(work, "tarballs");
    mkdirSync(destination);
    const run = pack("--destination", destination);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`wrote ${manifests.length} tarballs to ${destination}`);
    expect(tarballs(destination).sort()).toEqual(manifests.map(({ name, version }) => `${name}-${version}.tgz`).sort());
  });

  it("refuses a --destination that is not a folder, or no value, naming it", () => {
    const absent = join(work, "absent");
    const missing = pack("--destination", absent);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`--destination ${absent} is not a folder`);
    const empty = pack("--destination");
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain("argument missing");
    expect(empty.stderr).toContain("Usage: npm run pack [-- --destination <folder>]");
  });
});
