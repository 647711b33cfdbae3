// The conformance command against the stateful mock in its live profile, which answers as the
// live service does: every answer conforms to live, auto names live, and seed finds the
// recordings listing's has_next page where the envelope should be.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSteps } from "../../src/conformance/plan.js";
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { checkJson, rowLabelled } from "../support/conformance.js";

let server: Awaited<ReturnType<typeof startStatefulMock>>;
beforeAll(async () => {
  // many-pages: the live listing looks three days back by default, where the seed's 125
  // recordings of a month leave less than a page of 20; the scenario's 1,000 leave several.
  server = await startStatefulMock({ port: 0, profile: "live", scenario: "many-pages", log: () => {} });
});
afterAll(() => server.stop());

describe("conformance against the live mock", () => {
  it("with --profile auto names live, every read made and the write cycle included", async () => {
    const { code, report } = await checkJson(server.url, ["--profile", "auto", "--write"]);
    expect(report.matches).toBe("live");
    expect(new Set(report.rows.map((row) => row.operation))).toEqual(new Set([...readSteps.map((step) => step.id), "createPlaylist", "updatePlaylist"]));
    expect(report.rows.filter((row) => row.skipped || !row.checks.live?.ok)).toEqual([]);
    expect(code).toBe(0);
  });

  it("follows the has_next listing for three pages, and seed finds its missing count", async () => {
    const { code, report } = await checkJson(server.url, ["--profile", "seed"]);
    expect(report.rows.filter((row) => row.operation === "listRecordings").length).toBe(3);
    expect(rowLabelled(report, "listRecordings (page 2)").checks.seed).toMatchObject({ ok: false, pointer: "/count", found: "nothing" });
    expect(code).toBe(1);
  });
});
