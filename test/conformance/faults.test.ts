// Servers that break the description: the mock behind a node:http server whose answers to
// chosen operations are broken (a field of the wrong type, an undeclared status, an HTML error
// page, other bodies that are not JSON, a redirect, a connection reset). Each is reported in
// its row as such; the other rows still conform, and nothing crashes.
import { describe, expect, it } from "vitest";
import { declaredAnswers } from "../../src/conformance/plan.js";
import { checkArgs, checkJson, jsonAnswer, mockBehind, rowLabelled, runCommand } from "../support/conformance.js";
import { localServers } from "../support/local-server.js";

const serve = localServers();

const errorPage = "<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><hr>nginx</body></html>\n";
/** The statuses the seed description declares for `operation`, as the report lists them. */
const declared = (operation: string) => Object.keys(declaredAnswers("seed", operation)!.statuses).join(", ");

/** The mock's answer with `change` made to its JSON body. */
const edited = (change: (body: Record<string, unknown>) => void) => async (answer: Response) => {
  const body = await answer.json();
  change(body);
  return jsonAnswer(answer.status, body);
};

const faults = {
  getPlaylist: edited((body) => {
    body.short_id = 12345;
  }),
  listSubscriptions: edited((body) => {
    (body.results as Record<string, unknown>[])[1]!.interval = "1";
  }),
  getRecording: () => jsonAnswer(418, { detail: "I'm a teapot" }),
  getSubscription: () => new Response(errorPage, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } }),
  getRecordingSharing: () => new Response("OK", { status: 200, headers: { "Content-Type": "text/plain" } }),
  listProjects: () => new Response('{"count": 1, "results": [', { status: 200, headers: { "Content-Type": "application/json" } }),
  getSessionValues: () => new Response(null, { status: 302, headers: { Location: "/login/?next=/api/" } }),
  getPlaylistRecordings: () => "reset" as const,
};

describe("a server that breaks the description", () => {
  it("has each fault reported in its own row, as what it is, and every other row conforming", async () => {
    const { url } = await mockBehind(serve, faults);
    const { code, report, stderr } = await checkJson(url, ["--profile", "seed"]);
    expect(stderr).toBe("");
    const seed = (label: string) => rowLabelled(report, label).checks.seed;
    expect(seed("getPlaylist")).toEqual({ ok: false, pointer: "/short_id", expected: "type string", found: "integer 12345" });
    expect(seed("listSubscriptions (page 1)")).toEqual({ ok: false, pointer: "/results/1/interval", expected: "type integer", found: "string of 1 character" });
    expect(seed("getRecording")).toEqual({
      ok: false,
      pointer: "",
      expected: `a declared status (${declared("getRecording")})`,
      found: "status 418 with a JSON body",
    });
    expect(seed("getSubscription")).toEqual({ ok: false, pointer: "", expected: "a JSON body (application/json)", found: "an HTML page" });
    expect(seed("getRecordingSharing")).toEqual({ ok: false, pointer: "", expected: "a JSON body (application/json)", found: "a non-JSON body (text/plain)" });
    expect(seed("listProjects (page 1)")).toEqual({
      ok: false,
      pointer: "",
      expected: "a JSON body (application/json)",
      found: "a body labelled JSON that does not parse",
    });
    expect(seed("getSessionValues (page 1)")).toMatchObject({ ok: false, found: "status 302 with no body" });
    expect(rowLabelled(report, "getPlaylistRecordings (page 1)")).toMatchObject({
      status: null,
      note: "no answer: the connection failed",
      checks: { seed: { ok: false, expected: "an answer" } },
    });
    const broken = new Set(Object.keys(faults));
    const others = report.rows.filter((row) => !broken.has(row.operation));
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((row) => !row.checks.seed?.ok)).toEqual([]);
    expect(report.conforms).toBe(false);
    expect(code).toBe(1);
  });

  it("prints the same in its table, with the pointer and what was expected, under both descriptions for auto", async () => {
    const { url } = await mockBehind(serve, faults);
    const { code, stdout, stderr } = await runCommand(checkArgs(url));
    expect(stderr).toBe("");
    expect(stdout).toMatch(/^getPlaylist\s+200\s+✗\s+✗\s+seed: \/short_id: expected type string, found integer 12345; live: /m);
    expect(stdout).toMatch(/^getSubscription\s+404\s+✗\s+✗\s+both: expected a JSON body \(application\/json\), found an HTML page$/m);
    expect(stdout).toMatch(/^getRecording\s+418\s+✗\s+✗\s+.*found status 418 with a JSON body/m);
    expect(stdout).toMatch(/^getPlaylistRecordings \(page 1\)\s+—\s+✗\s+✗\s+both: expected an answer, found no answer: the connection failed$/m);
    expect(stdout).toContain("matches: neither seed nor live.");
    expect(stdout).not.toMatch(/^\s+at /m);
    expect(code).toBe(1);
  });

  it("reports a 200 labelled JSON with an empty body as no body, and an item no listing gave as skipped", async () => {
    const { url } = await mockBehind(serve, {
      getPlaylist: () => new Response("", { status: 200, headers: { "Content-Type": "application/json" } }),
      listSubscriptions: (answer) => (answer.status === 200 ? jsonAnswer(200, { count: 0, next: null, previous: null, results: [] }) : undefined),
    });
    const { code, report } = await checkJson(url, ["--profile", "seed"]);
    expect(rowLabelled(report, "getPlaylist").checks.seed).toMatchObject({ ok: false, found: "no body" });
    expect(rowLabelled(report, "getSubscription")).toMatchObject({
      skipped: true,
      status: null,
      note: "no {id}: listSubscriptions answered 200 with no item",
      checks: {},
    });
    expect(code).toBe(1);
  });
});
