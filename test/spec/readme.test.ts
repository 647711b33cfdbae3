import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const readme = readFileSync(new URL("README.md", root), "utf8");
const scripts: Record<string, string> = JSON.parse(readFileSync(new URL("package.json", root), "utf8")).scripts;

describe("README", () => {
  it.each(["quickstart.ts", "mock-vitest.ts", "mock-browser.ts", "tanstack-query.tsx"])(
    "shows examples/%s as it is, so the example it shows is the one tsc checks",
    (file) => {
      const block = readme.match(new RegExp(`<!-- example: examples/${file.replace(".", "\\.")}[^>]*-->\n\`\`\`tsx?\n([\\s\\S]*?)\`\`\``));
      expect(block, `no ${file} block`).not.toBeNull();
      expect(block![1]).toBe(readFileSync(new URL(`../../examples/${file}`, import.meta.url), "utf8"));
    },
  );

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
});
