import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { redocly } from "../../scripts/lib/redocly.mjs";

const root = new URL("../../", import.meta.url);

describe("lint", () => {
  const config = parse(readFileSync(new URL("redocly.yaml", root), "utf8"));

  it("extends recommended-strict and turns the issue's rules on as errors", () => {
    expect(config.extends).toEqual(["recommended-strict", "diff-recommended"]);
    const severity = (rule: string) => config.rules[rule]?.severity ?? config.rules[rule];
    for (const rule of [
      "no-unused-components",
      "operation-4xx-response",
      "no-invalid-media-type-examples",
      "no-invalid-schema-examples",
      "operation-operationId-unique",
      "operation-parameters-unique",
      "path-not-include-query",
      "rule/operation-2xx-response",
      "rule/hard-delete-refused",
    ]) {
      expect(severity(rule), rule).toBe("error");
    }
  });

  it("has no ignore file", () => {
    expect(existsSync(new URL(".redocly.lint-ignore.yaml", root))).toBe(false);
  });

  it("reports zero errors and zero warnings on the split spec", async () => {
    // A failed lint rejects, but still carries the JSON report on stdout.
    const { stdout } = await redocly(["lint", "openapi/openapi.yaml", "--format=json"]).catch((failure) => failure);
    const report = JSON.parse(stdout);
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0, ignored: 0 });
  });
});
