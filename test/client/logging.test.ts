// The logger option reports every attempt, never the key; the environment variable turns on
// debug lines when no logger is given.
import { afterEach, describe, expect, it, vi } from "vitest";
import { type AttemptLog, createClient } from "../../src/index.js";
import { localServers } from "../support/local-server.js";

const serve = localServers();
afterEach(() => vi.unstubAllEnvs());

function flakyServer() {
  return serve((request, response, count) => {
    request.resume();
    if (count === 1) response.writeHead(503, { "Content-Type": "application/json", "Retry-After": "0" }).end('{"detail": "busy"}');
    else response.writeHead(200, { "Content-Type": "application/json" }).end('{"count": 0, "next": null, "previous": null, "results": []}');
  });
}

const apiKey = "phx_logged_key_0123456789";

describe("logging", () => {
  it("reports each attempt with status, attempt number, duration and the wait before a retry", async () => {
    const entries: AttemptLog[] = [];
    const api = createClient({ baseUrl: await flakyServer(), apiKey, logger: (entry) => entries.push(entry) });
    await api.GET("/api/projects/", { params: { query: { limit: 5 } } });
    expect(entries).toEqual([
      { method: "GET", path: "/api/projects/", attempt: 1, status: 503, durationMs: expect.any(Number), retryInMs: expect.any(Number) },
      { method: "GET", path: "/api/projects/", attempt: 2, status: 200, durationMs: expect.any(Number) },
    ]);
    expect(JSON.stringify(entries)).not.toContain(apiKey);
    expect(JSON.stringify(entries)).not.toContain("limit=5");
  });

  it("writes debug lines when SESSION_RECORDINGS_API_LOG=debug and no logger is given", async () => {
    vi.stubEnv("SESSION_RECORDINGS_API_LOG", "debug");
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    try {
      const api = createClient({ baseUrl: await flakyServer(), apiKey });
      await api.GET("/api/projects/");
      expect(debug).toHaveBeenCalledTimes(2);
      expect(String(debug.mock.calls[0]![0])).toMatch(/^\[session-recordings-api\] .*"status":503/);
      expect(debug.mock.calls.flat().join(" ")).not.toContain(apiKey);
    } finally {
      debug.mockRestore();
    }
  });

  it("refuses a logger that is not a function, by name", () => {
    expect(() => createClient({ baseUrl: "https://us.posthog.com", apiKey, logger: "yes" as never })).toThrow(/options\.logger/);
  });
});
