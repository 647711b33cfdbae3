// Each published package's README (packages/*/README.md, which its tarball carries): its own
// text, links that resolve in the repository, examples equal to the files tsc checks, and command
// lines the package's bin takes; and each package ships the LICENSE and the CHANGELOG beside it.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseOptions } from "../../src/conformance/args.js";
import { parseOptions as parseMcpOptions } from "../../src/mcp/args.js";
import { documentPages, readPage } from "../support/guide.js";

const root = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");
const packages = ["client", "mock", "conformance", "mcp"] as const;
const readmes = Object.fromEntries(packages.map((dir) => [dir, read(`packages/${dir}/README.md`)])) as Record<(typeof packages)[number], string>;
const manifest = (dir: string) => JSON.parse(read(`packages/${dir}/package.json`)) as { name: string; version: string; files: string[]; keywords?: string[] };
const commandLines = (text: string, bin: string) =>
  [...text.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((block) => block[1]!.split("\n"))
    .map((line) => line.replace(/\s+#.*$/, ""))
    .filter((line) => line.includes(`npx ${bin}`));

describe("the package READMEs", () => {
  it("are each its own, and none is the root README", () => {
    const hashes = [...Object.values(readmes), read("README.md")].map((text) => createHash("sha256").update(text).digest("hex"));
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it.each(packages)("%s: names its package, installs its tarball and links only files that exist", (dir) => {
    const { name, version } = manifest(dir);
    const readme = readmes[dir];
    expect(readme.startsWith(`# ${name}\n`)).toBe(true);
    expect(readme).toMatch(new RegExp(`npm install (--save-dev )?\\.\\./${name}-${version.replaceAll(".", "\\.")}\\.tgz`));
    const links = [...readme.matchAll(/\]\((?!https?:|#|mailto:)([^)\s#]+)[^)]*\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(existsSync(new URL(link, new URL(`packages/${dir}/`, root))), link).toBe(true);
  });

  it.each(packages)("%s: shows each example as the file tsc checks", (dir) => {
    for (const [, file, code] of readmes[dir].matchAll(/<!-- example: examples\/(\S+)[^>]*-->\n```tsx?\n([\s\S]*?)```/g))
      expect(code, file).toBe(read(`examples/${file}`));
  });

  it("client and mock: each has a quick start the suite checks", () => {
    expect(readmes.client).toContain("<!-- example: examples/quickstart.ts");
    expect(readmes.mock).toContain("<!-- example: examples/mock-vitest.ts");
  });

  /** The README's command lines, then those of every other page (the guide's and the packages'). */
  const everyPage = (readme: string) => [readme, ...documentPages.map(readPage)].join("\n");

  it("conformance: its command lines, on its page and every other, parse as the bin parses them", () => {
    const lines = commandLines(everyPage(readmes.conformance), "session-recordings-api-conformance");
    expect(lines.length).toBeGreaterThan(0);
    // `phx_…` is the reader's key to fill in.
    for (const line of lines.map((text) => text.replaceAll("…", "example"))) {
      const [assignments, args] = line.split("npx session-recordings-api-conformance") as [string, string];
      const env = Object.fromEntries([...assignments.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
      expect(parseOptions(args.trim().split(/\s+/), env), line).toMatchObject({ baseUrl: expect.any(String) });
    }
  });

  it("mcp: its command lines parse as the bin parses them", () => {
    const lines = commandLines(everyPage(readmes.mcp), "session-recordings-api-mcp");
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const [assignments, args] = line.split("npx session-recordings-api-mcp") as [string, string];
      const env = Object.fromEntries([...assignments.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
      expect(parseMcpOptions(args.trim().split(/\s+/).filter(Boolean), env), line).toMatchObject({ target: expect.any(Object) });
    }
  });

  it("mock: its command lines, on its page and every other, use only flags the bin's usage names (the server's, or record's)", () => {
    const usages = { server: read("src/mock/adapters/node-http/cli.ts"), record: read("src/record/args.ts") };
    const lines = commandLines(everyPage(readmes.mock), "session-recordings-api-mock");
    expect(lines.filter((line) => !line.includes("npx session-recordings-api-mock record")).length).toBeGreaterThan(0);
    for (const line of lines) {
      const usage = line.includes("npx session-recordings-api-mock record") ? usages.record : usages.server;
      for (const flag of line.match(/--[\w-]+/g) ?? []) expect(usage, `${flag} in ${line}`).toContain(`${flag} `);
    }
  });
});

describe("each package's tarball", () => {
  it.each(packages)("%s: lists its CHANGELOG (npm adds README and LICENSE itself), which the build copies beside the LICENSE", (dir) => {
    expect(manifest(dir).files).toContain("CHANGELOG.md");
    expect(read("scripts/build/build.mjs")).toContain('["LICENSE", "CHANGELOG.md"]');
    expect(read("LICENSE")).toContain("Copyright (c) the session-recordings-api authors");
  });

  it.each(packages)("%s: has keywords for the registry's page", (dir) => {
    expect(manifest(dir).keywords?.length).toBeGreaterThan(0);
  });
});
