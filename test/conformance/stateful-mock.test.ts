// The conformance command against the stateful mock server, which follows the description:
// every read is made, every answer conforms to seed, auto names seed, and --write leaves only
// its own playlist behind, soft-deleted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSteps } from "../../src/conformance/plan.js";
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { createMock } from "../../src/mock/index.js";
import { checkArgs, checkJson, mockBehind, project, rowLabelled, runCommand, testKey } from "../support/conformance.js";
import { localServers } from "../support/local-server.js";

const serve = localServers();

let server: Awaited<ReturnType<typeof startStatefulMock>>;
beforeAll(async () => {
  server = await startStatefulMock({ port: 0, log: () => {} });
});
afterAll(() => server.stop());

describe("conformance against the stateful mock", () => {
  it("makes every read of the plan, none skipped, and every answer conforms to seed", async () => {
    const { code, report, stderr } = await checkJson(server.url, ["--profile", "seed"]);
    expect(stderr).toBe("");
    expect(new Set(report.rows.map((row) => row.operation))).toEqual(new Set(readSteps.map((step) => step.id)));
    expect(report.rows.filter((row) => row.skipped)).toEqual([]);
    expect(report.rows.filter((row) => !row.checks.seed?.ok)).toEqual([]);
    // Only the profile asked for is checked.
    expect(report.rows.every((row) => row.checks.live === undefined)).toBe(true);
    expect(report.conforms).toBe(true);
    expect(code).toBe(0);
  });

  it("follows a listing for three pages at most, each item fetched by an id its listing gave", async () => {
    const { report } = await checkJson(server.url, ["--profile", "seed"]);
    const recordings = report.rows.filter((row) => row.operation === "listRecordings");
    expect(recordings.map((row) => row.label)).toEqual(["listRecordings (page 1)", "listRecordings (page 2)", "listRecordings (page 3)"]);
    const listed = await (
      await server.mock.fetch(`http://mock.local/api/environments/${project}/session_recordings/?limit=20`, { headers: { Authorization: `Bearer ${testKey}` } })
    ).json();
    expect(rowLabelled(report, "getRecording").path).toBe(`/api/environments/${project}/session_recordings/${listed.results[0].id}/`);
  });

  it("with --profile auto checks both descriptions and names seed, with the live differences as pointers", async () => {
    const { code, report } = await checkJson(server.url, ["--profile", "auto"]);
    expect(report.matches).toBe("seed");
    expect(code).toBe(0);
    const page = rowLabelled(report, "listRecordings (page 1)");
    expect(page.checks.seed).toEqual({ ok: true });
    // The live description's recordings listing requires has_next, which the seed's envelope lacks.
    expect(page.checks.live).toMatchObject({ ok: false, pointer: "/has_next", found: "nothing" });
  });

  it("with --profile live exits 1 and says the server does not conform", async () => {
    const { code, stdout } = await runCommand([
      "--base-url",
      server.url,
      "--api-key",
      testKey,
      "--project",
      project,
      "--profile",
      "live",
      "--pace-ms",
      "0",
      "--recordings-pace-ms",
      "0",
    ]);
    expect(stdout).toMatch(/^operation\s+status\s+seed\s+live\s+first difference$/m);
    expect(stdout).toMatch(/^listRecordings \(page 1\)\s+200\s+-\s+✗\s+\/has_next: expected a value \(required\), found nothing$/m);
    expect(stdout).toContain("does not conform to the live description");
    expect(code).toBe(1);
  });

  it("with a key that may call nothing, finds the 403s declared in both and says the answers do not tell the descriptions apart", async () => {
    const { url } = await mockBehind(serve, {}, { mock: createMock({ keys: { [testKey]: [] } }) });
    const run = await runCommand(checkArgs(url));
    expect(run.stdout).toMatch(/^listProjects \(page 1\)\s+403\s+✓\s+✓\s+\(the key may not call this operation\)$/m);
    expect(run.stdout).toContain("matches: both seed and live (these answers do not tell them apart).");
    expect(run.code).toBe(0);
  });
});
