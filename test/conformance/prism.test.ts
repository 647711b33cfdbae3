// The conformance command against Prism's example mock of the description: every answer is
// one of the description's own examples, so every one conforms to seed, and auto names seed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startPrism } from "../../scripts/servers/prism.mjs";
import { readSteps } from "../../src/conformance/plan.js";
import { checkJson } from "../support/conformance.js";

let prism: Awaited<ReturnType<typeof startPrism>>;
beforeAll(async () => {
  prism = await startPrism({ port: await freePort() });
}, 90_000);
afterAll(() => prism?.stop());

describe("conformance against Prism", () => {
  it("finds every answer conforming to seed, with every read made", async () => {
    const { code, report } = await checkJson(prism.url, ["--profile", "seed"]);
    expect(new Set(report.rows.map((row) => row.operation))).toEqual(new Set(readSteps.map((step) => step.id)));
    expect(report.rows.filter((row) => row.skipped || !row.checks.seed?.ok)).toEqual([]);
    expect(code).toBe(0);
  });

  it("with auto names seed, --write included", async () => {
    const { code, report } = await checkJson(prism.url, ["--profile", "auto", "--write"]);
    expect(report.matches).toBe("seed");
    expect(report.rows.some((row) => row.checks.live?.ok === false)).toBe(true);
    expect(code).toBe(0);
  });
});
