import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { redocly } from "../../scripts/lib/redocly.mjs";

const root = new URL("../../", import.meta.url);

describe("lint", () => {
  it("has no ignore file", () => {
    expect(existsSync(new URL(".redocly.lint-ignore.yaml", root))).toBe(false);
  });

  it.each([
    ["the split spec", "openapi/openapi.yaml"],
    ["the live description (the Overlay applied)", "generated/live/openapi.yaml"],
  ])("reports zero errors and zero warnings on %s, under the same rules", async (_, file) => {
    // A failed lint rejects, but still carries the JSON report on stdout.
    const { stdout } = await redocly(["lint", file, "--format=json"]).catch((failure) => failure);
    const report = JSON.parse(stdout);
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0, ignored: 0 });
  });
});
