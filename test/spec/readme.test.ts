import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("README", () => {
  it.each(["quickstart.ts", "mock-vitest.ts", "mock-browser.ts"])("shows examples/%s as it is, so the example it shows is the one tsc checks", (file) => {
    const block = readme.match(new RegExp(`<!-- example: examples/${file.replace(".", "\\.")}[^>]*-->\n\`\`\`ts\n([\\s\\S]*?)\`\`\``));
    expect(block, `no ${file} block`).not.toBeNull();
    expect(block![1]).toBe(readFileSync(new URL(`../../examples/${file}`, import.meta.url), "utf8"));
  });

  it("shows the two commands and links the decisions", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
    expect(readme).toContain("(openapi/DECISIONS.md)");
  });
});
