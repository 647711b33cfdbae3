// The root README (short: what this is, the two commands, where to go next) and the guide it
// points to (docs/*.md): the examples the pages show are the files tsc checks, their links, npm
// scripts and bins exist, and the figures they give are the code's.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { githubSlug } from "../../docs/.vitepress/github-slug.js";
import { adminMaxBodyBytes } from "../../src/mock/admin.js";
import { documentPages, guidePages, guideSnippets, readGuide, readPage } from "../support/guide.js";

const root = new URL("../../", import.meta.url);
const readme = readFileSync(new URL("README.md", root), "utf8");
const scripts: Record<string, string> = JSON.parse(readFileSync(new URL("package.json", root), "utf8")).scripts;
/** Every Markdown file a reader is sent to, by its path from the root. */
const documents: Record<string, string> = {
  "README.md": readme,
  ...Object.fromEntries(documentPages.map((path) => [path, readPage(path)])),
};

describe("the root README", () => {
  it("is short: under 150 lines", () => {
    expect(readme.split("\n").length).toBeLessThan(150);
  });

  it("shows the two commands, each a script package.json defines", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
    expect(Object.keys(scripts)).toEqual(expect.arrayContaining(["start", "test"]));
  });

  it("links every page of the guide and each package's README, and the decisions", () => {
    for (const page of guidePages) expect(readme, page).toContain(`](docs/${page})`);
    for (const dir of ["client", "mock", "conformance", "mcp"]) expect(readme, dir).toContain(`](packages/${dir}/README.md)`);
    expect(readme).toContain("](openapi/DECISIONS.md)");
  });
});

describe("the guide", () => {
  it.each([
    ["getting-started.md", "quickstart.ts"],
    ["mocking.md", "mock-vitest.ts"],
    ["mocking.md", "mock-vitest.example.test.ts"],
    ["mocking.md", "mock-browser.ts"],
    ["client.md", "tanstack-query.tsx"],
    ["playwright.md", "playwright-e2e/playwright.config.ts"],
    ["mcp.md", "mcp-eval.ts"],
  ])("%s shows examples/%s as it is, so the example it shows is the one tsc checks", (page, file) => {
    const block = readGuide(page).match(new RegExp(`<!-- example: examples/${file.replace(".", "\\.")}[^>]*-->\n\`\`\`tsx?\n([\\s\\S]*?)\`\`\``));
    expect(block, `no ${file} block`).not.toBeNull();
    expect(block![1]).toBe(readFileSync(new URL(`../../examples/${file}`, import.meta.url), "utf8"));
  });

  it("names the Storybook major the mock's peer range takes, which is the one the example runs", () => {
    const mock = JSON.parse(readFileSync(new URL("packages/mock/package.json", root), "utf8"));
    const example = JSON.parse(readFileSync(new URL("examples/storybook/package.json", root), "utf8"));
    const majors = [...String(mock.peerDependencies.storybook).matchAll(/\^(\d+)/g)].map((m) => m[1]);
    expect(majors).toEqual([String(example.devDependencies?.storybook ?? example.dependencies?.storybook).match(/\d+/)![0]]);
    expect(readGuide("storybook.md")).toContain(`(Storybook ${majors[0]},`);
  });

  describe("the install block installs what npm run pack writes", () => {
    const manifests = ["client", "mock", "conformance", "mcp"].map(
      (dir) =>
        JSON.parse(readFileSync(new URL(`packages/${dir}/package.json`, root), "utf8")) as { name: string; version: string; bin?: Record<string, string> },
    );
    const tarballs = manifests.map(({ name, version }) => `${name}-${version}.tgz`).sort();
    const block = readGuide("getting-started.md").match(/```sh\n(git clone [\s\S]*?)```/)?.[1] ?? "";

    it("names the tarballs npm run pack writes, and installs each", () => {
      const written = block.match(/npm run pack +# writes (.*)/)?.[1] ?? "";
      expect([...written.matchAll(/\.\.\/(\S+?\.tgz)/g)].map((m) => m[1]).sort()).toEqual(tarballs);
      const installed = [...block.matchAll(/^npm install (?:--save-dev )?\.\.\/(\S+\.tgz)/gm)].map((m) => m[1]).sort();
      expect(installed).toEqual(tarballs);
    });

    it("names, on every page, only tarballs npm run pack writes", () => {
      const named = new Set(
        Object.values(documents).flatMap((text) => [...text.matchAll(/\.\.\/(session-recordings-api[\w-]*?-\d+\.\d+\.\d+\.tgz)/g)].map((m) => m[1]!)),
      );
      expect(named.size).toBeGreaterThan(0);
      for (const tarball of named) expect(tarballs, tarball).toContain(tarball);
    });

    it("runs with npx only bins the installed packages ship, and each of them", () => {
      const bins = manifests.flatMap((manifest) => Object.keys(manifest.bin ?? {}));
      const named = new Set(Object.values(documents).flatMap((text) => [...text.matchAll(/\bnpx (session-recordings-api[\w-]*)/g)].map((m) => m[1]!)));
      expect([...named].sort()).toEqual(bins.sort());
    });
  });

  it("gives the admin body limit the server takes, in MiB", () => {
    expect(readGuide("mocking.md")).toContain(`may be up to ${adminMaxBodyBytes / 2 ** 20} MiB`);
  });

  it("puts the task first and the mechanics in a section of their own: --persist on the mocking page, signals in getting started", () => {
    const mocking = readGuide("mocking.md");
    const server = /## The stateful mock as a server\n([\s\S]*?)\n## /.exec(mocking)![1]!;
    const howTo = /\*\*Keeping what you create: `--persist FILE`\.\*\*[\s\S]*?(?=\n\*\*)/.exec(server)?.[0] ?? "";
    expect(howTo).toContain("](#how-the-persist-file-works)");
    // A paragraph and a command line, not the journal, the locks and the leases.
    expect(howTo.split(/\s+/).length).toBeLessThan(160);
    for (const mechanic of ["journal", "generation", "heartbeat", "fsync"]) expect(howTo, mechanic).not.toContain(mechanic);
    expect(mocking.indexOf("## How the persist file works")).toBeGreaterThan(mocking.indexOf("## The stateful mock in your tests"));
    const start = readGuide("getting-started.md");
    const first = start.slice(0, start.indexOf("\n## "));
    for (const mechanic of ["`sh`", "SIGTERM", "signal"]) expect(first, mechanic).not.toContain(mechanic);
    expect(start).toContain("## Stopping what npm started");
  });

  it("says what each 'seed' means on the mocking page, which the conformance page links to for --profile seed", () => {
    expect(readGuide("mocking.md")).toContain('**Two meanings of "seed".**');
    expect(readGuide("conformance.md")).toContain("](mocking.md#the-stateful-mock-as-a-server)");
  });
});

describe.each(Object.keys(documents))("%s", (path) => {
  const text = documents[path]!;

  it("shows each TypeScript block as a file the suite checks, or as a block test/types/strict-consumer.test.ts compiles", () => {
    const blocks = [...text.matchAll(/(^.*\n)?```(tsx?)\n([\s\S]*?)```/gm)];
    const compiled = guideSnippets().filter(({ where }) => where.startsWith(`${path}:`));
    const tied = blocks.filter(([, before]) => before?.startsWith("<!-- example:"));
    expect(tied.length + compiled.length, "every block is one or the other").toBe(blocks.length);
    for (const [, before, , code] of tied) {
      const [, file, note] = /^<!-- example: (\S+)(.*)-->/.exec(before!)!;
      const checked = readFileSync(new URL(file!, root), "utf8");
      // A block that says it is a part of its file is that part, as written; any other is the file.
      if (note!.includes("a part of it")) expect(checked, file).toContain(code!.trimEnd());
      else expect(code, file).toBe(checked);
    }
  });

  it("names only npm scripts that package.json defines", () => {
    const named = new Set([...text.matchAll(/\bnpm run ([\w:-]+)/g)].map((m) => m[1]!));
    for (const name of named) expect(Object.keys(scripts), `npm run ${name}`).toContain(name);
  });

  it("links only files that exist, and headings of the guide's pages that exist", () => {
    const here = new URL(path, root);
    for (const [, link, anchor] of text.matchAll(/\]\((?!https?:|mailto:)([^)\s#]*)(?:#([^)\s]+))?\)/g)) {
      const target = new URL(link || path.split("/").at(-1)!, here);
      expect(existsSync(target), `${link}`).toBe(true);
      if (anchor && target.pathname.endsWith(".md")) expect(anchorsOf(readFileSync(target, "utf8")), `${link}#${anchor}`).toContain(anchor);
    }
  });
});

/** The anchors a code host gives a Markdown file's headings, which the guide's site gives them too. */
function anchorsOf(markdown: string): string[] {
  const outsideCode = markdown.replace(/```[\s\S]*?```/g, "");
  return [...outsideCode.matchAll(/^#{1,6} (.+)$/gm)].map((m) => githubSlug(m[1]!));
}
