import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("README", () => {
  it("shows examples/quickstart.ts as it is, so the example it shows is the one tsc checks", () => {
    const block = readme.match(/<!-- example: examples\/quickstart\.ts[^>]*-->\n```ts\n([\s\S]*?)```/);
    expect(block, "no quickstart block").not.toBeNull();
    expect(block![1]).toBe(readFileSync(new URL("../../examples/quickstart.ts", import.meta.url), "utf8"));
  });

  it("shows the two commands and links the decisions", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
    expect(readme).toContain("(openapi/DECISIONS.md)");
  });
});
