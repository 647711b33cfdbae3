// Each way a recording can fail ends with one line naming the problem and a non-zero exit,
// and writes nothing: a wrong key, a missing scope (named), a wrong project, a host that is
// not the API, a network failure.

import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StatefulMock, startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { createMock } from "../../src/mock/live.js";
import { type Io, main } from "../../src/record/main.js";

let dir: string;
let source: StatefulMock;
let html: Server;
let htmlUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "record-failures-"));
  source = await startStatefulMock({ port: 0, profile: "live", log: () => {} });
  html = createServer((_, response) => response.writeHead(200, { "Content-Type": "text/html" }).end("<html><body>Welcome</body></html>"));
  await new Promise<void>((resolve) => html.listen(0, "127.0.0.1", resolve));
  htmlUrl = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await source.stop();
  await new Promise((resolve) => html.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

async function recordWith(baseUrl: string, key: string, extra: string[] = [], overrides: Io["overrides"] = {}) {
  let stdout = "";
  let stderr = "";
  const code = await main(
    [
      "--base-url",
      baseUrl,
      "--project",
      "28417",
      "--out",
      join(dir, "out.json"),
      "--pace-ms",
      "0",
      "--recordings-pace-ms",
      "0",
      "--timeout-ms",
      "5000",
      ...extra,
    ],
    {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      env: { POSTHOG_PERSONAL_API_KEY: key },
      progress: false,
      overrides: { maxRetries: 0, ...overrides },
    },
  );
  return { code, stdout, stderr };
}

describe("a recording that cannot be made", () => {
  it.each([
    ["a wrong key", () => recordWith(source.url, "not_a_key"), /^the key was refused \(401: .*\): check POSTHOG_PERSONAL_API_KEY/],
    ["a wrong project", () => recordWith(source.url, "phx_ok", ["--project", "999"]), /^project 999 is not one this key can see: check --project$/],
    ["a host that is not the API", () => recordWith(htmlUrl, "phx_ok"), /^127\.0\.0\.1:\d+ does not answer as the PostHog API \(.*\): check --base-url$/],
    ["a network failure", () => recordWith("http://127.0.0.1:1", "phx_ok"), /^cannot reach 127\.0\.0\.1:1.*: check --base-url and the network$/],
    [
      "a key without a scope it needs",
      () => {
        const mock = createMock({ keys: { phx_partial: ["project:read", "session_recording_playlist:read"] } });
        return recordWith("http://mock.local", "phx_partial", [], { fetch: mock.fetch });
      },
      /^the key lacks the scope session_recording:read; the recorder needs project:read, session_recording:read, session_recording_playlist:read, subscription:read \(reads only\)$/,
    ],
  ])("%s: one line, exit 1, nothing written", async (_, attempt, line) => {
    const { code, stdout, stderr } = await attempt();
    expect(stderr.endsWith("\n") && stderr.trimEnd().split("\n")).toEqual([expect.stringMatching(line)]);
    expect(stdout).toBe("");
    expect(code).toBe(1);
    expect(await readdir(dir)).toEqual([]);
  });

  it("names a flag it cannot use, with the usage, exit 2", async () => {
    const { code, stderr } = await recordWith(source.url, "phx_ok", ["--keep", "person.email"]);
    expect(stderr.split("\n")[0]).toMatch(/^--keep "person\.email" is not a field it can keep; it takes /);
    expect(code).toBe(2);
  });
});
