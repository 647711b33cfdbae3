// The key never appears in what the command prints, even from a server that echoes it into
// bodies, headers, ids and paths, and in none of its refusals.
import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/servers/prism.mjs";
import { keyVariable } from "../../src/conformance/args.js";
import { type CommandRun, checkArgs, type Fault, jsonAnswer, mockBehind, project, runCommand, testKey } from "../support/conformance.js";
import { localServers } from "../support/local-server.js";

const serve = localServers();

const keyOf = (authorization: string | undefined) => String(authorization).replace(/^Bearer /, "");

/** A server that hands the key it was sent back in every way it can. */
const echoes: Record<string, Fault> = {
  listPlaylists: async (answer, request) => {
    const body = await answer.json();
    // An id made of the key: the next call's path holds it.
    body.results[0].short_id = keyOf(request.authorization);
    return jsonAnswer(200, body, { "X-Echo": keyOf(request.authorization) });
  },
  getRecording: (_, request) => jsonAnswer(418, { detail: `your key is ${keyOf(request.authorization)}` }),
  getSubscription: (_, request) =>
    new Response(`<html><body>${request.authorization}</body></html>`, { status: 404, headers: { "Content-Type": "text/html" } }),
  getRecordingSharing: (_, request) => new Response("?", { status: 200, headers: { "Content-Type": `text/${keyOf(request.authorization)}` } }),
};

function expectNoKey(run: CommandRun, key = testKey) {
  expect(run.stdout + run.stderr).not.toContain(key);
}

describe("the key", () => {
  it.each([[[]], [["--json"]], [["--write"]], [["--json", "--write", "--profile", "live"]]])(
    "is never printed, with %j, though the server echoes it",
    async (extra) => {
      const { url, requests } = await mockBehind(serve, echoes);
      const run = await runCommand(checkArgs(url, ...extra));
      expect(requests[0]!.authorization).toBe(`Bearer ${testKey}`);
      expect(run.code).toBe(1);
      // The echo reached the report, as the placeholder.
      expect(run.stdout).toContain("[redacted key]");
      expectNoKey(run);
    },
  );

  it("is never printed when it comes from the environment", async () => {
    const { url } = await mockBehind(serve, echoes);
    const run = await runCommand(["--base-url", url, "--project", project, "--pace-ms", "0", "--recordings-pace-ms", "0"], {
      env: { [keyVariable]: testKey },
    });
    expect(run.stdout).toContain("[redacted key]");
    expectNoKey(run);
  });

  it("is redacted where it is the key, not wherever its letters stand in the usage text", async () => {
    // The usage says "2 on bad input": a key of "bad" blotted it to "2 on [redacted key] input".
    const run = await runCommand(["--api-key", "bad", "--project", project, "--pace-ms", "x"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("2 on bad input");
    expect(run.stderr).not.toContain("[redacted key] input");
  });

  it("is never printed by a refusal", async () => {
    const port = await freePort();
    const refusing = await serve((request, response) => {
      response.writeHead(401, { "Content-Type": "application/json" }).end(JSON.stringify({ detail: `bad key ${request.headers.authorization}` }));
    });
    const runs = [
      await runCommand(checkArgs(`http://127.0.0.1:${port}`)),
      await runCommand(checkArgs(refusing)),
      await runCommand(["--base-url", `http://${testKey}@127.0.0.1/`, "--api-key", testKey, "--project", project]),
      await runCommand([testKey, "--base-url", refusing, "--project", project]),
      await runCommand(["--api-key", testKey, "--pace-ms", testKey]),
    ];
    for (const run of runs) {
      expect(run.code).toBe(2);
      expectNoKey(run);
    }
  });
});
