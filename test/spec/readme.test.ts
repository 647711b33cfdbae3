import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { adminMaxBodyBytes } from "../../src/mock/admin.js";

const root = new URL("../../", import.meta.url);
const readme = readFileSync(new URL("README.md", root), "utf8");
const scripts: Record<string, string> = JSON.parse(readFileSync(new URL("package.json", root), "utf8")).scripts;

describe("README", () => {
  it.each(["quickstart.ts", "mock-vitest.ts", "mock-vitest.example.test.ts", "mock-browser.ts", "tanstack-query.tsx"])(
    "shows examples/%s as it is, so the example it shows is the one tsc checks",
    (file) => {
      const block = readme.match(new RegExp(`<!-- example: examples/${file.replace(".", "\\.")}[^>]*-->\n\`\`\`tsx?\n([\\s\\S]*?)\`\`\``));
      expect(block, `no ${file} block`).not.toBeNull();
      expect(block![1]).toBe(readFileSync(new URL(`../../examples/${file}`, import.meta.url), "utf8"));
    },
  );

  it("names the Storybook major the mock's peer range takes, which is the one the example runs", () => {
    const mock = JSON.parse(readFileSync(new URL("packages/mock/package.json", root), "utf8"));
    const example = JSON.parse(readFileSync(new URL("examples/storybook/package.json", root), "utf8"));
    const majors = [...String(mock.peerDependencies.storybook).matchAll(/\^(\d+)/g)].map((m) => m[1]);
    expect(majors).toEqual([String(example.devDependencies?.storybook ?? example.dependencies?.storybook).match(/\d+/)![0]]);
    expect(readme).toContain(`(Storybook ${majors[0]},`);
  });

  it("shows the two commands, each a script package.json defines", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
    expect(Object.keys(scripts)).toEqual(expect.arrayContaining(["start", "test"]));
  });

  it("names only npm scripts that package.json defines", () => {
    const named = new Set([...readme.matchAll(/\bnpm run ([\w:-]+)/g)].map((m) => m[1]!));
    for (const name of named) expect(Object.keys(scripts), `npm run ${name}`).toContain(name);
  });

  it("links only files that exist, the decisions among them", () => {
    const links = [...readme.matchAll(/\]\((?!https?:|#|mailto:)([^)\s#]+)[^)]*\)/g)].map((m) => m[1]!);
    expect(links).toContain("openapi/DECISIONS.md");
    for (const link of links) expect(existsSync(new URL(link, root)), link).toBe(true);
  });

  describe("the install block installs what npm run pack writes", () => {
    const manifests = ["client", "mock", "conformance"].map(
      (dir) =>
        JSON.parse(readFileSync(new URL(`packages/${dir}/package.json`, root), "utf8")) as { name: string; version: string; bin?: Record<string, string> },
    );
    const tarballs = manifests.map(({ name, version }) => `${name}-${version}.tgz`).sort();
    const block = readme.match(/```sh\n(git clone [\s\S]*?)```/)?.[1] ?? "";

    it("names the tarballs npm run pack writes, and installs each", () => {
      const written = block.match(/npm run pack +# writes (.*)/)?.[1] ?? "";
      expect([...written.matchAll(/\.\.\/(\S+?\.tgz)/g)].map((m) => m[1]).sort()).toEqual(tarballs);
      const installed = [...block.matchAll(/^npm install (?:--save-dev )?\.\.\/(\S+\.tgz)/gm)].map((m) => m[1]).sort();
      expect(installed).toEqual(tarballs);
    });

    it("runs with npx only bins the installed packages ship", () => {
      const bins = manifests.flatMap((manifest) => Object.keys(manifest.bin ?? {}));
      const named = new Set([...readme.matchAll(/\bnpx (session-recordings-api[\w-]*)/g)].map((m) => m[1]!));
      expect([...named].sort()).toEqual(bins.sort());
    });
  });

  it("gives the admin body limit the server takes, in MiB", () => {
    expect(readme).toContain(`may be up to ${adminMaxBodyBytes / 2 ** 20} MiB`);
  });

  it("says what each 'seed' means before the conformance section uses --profile seed", () => {
    const conformance = readme.indexOf("## Checking a server: conformance");
    const seeds = readme.indexOf('**Two meanings of "seed".**');
    expect(seeds).toBeGreaterThan(0);
    expect(seeds).toBeLessThan(conformance);
  });
});
