// The live service sometimes answers 429 without `Retry-After` (its error handler drops the
// headers): the client must still retry, waiting its own backoff instead of the header.
import { describe, expect, it } from "vitest";
import { createClient, unwrap } from "../../src/index.js";
import { localServers } from "../support/local-server.js";

const throttled = JSON.stringify({ type: "throttled_error", code: "throttled", detail: "Request was throttled.", attr: null });
const serve = localServers();

/** A server on 127.0.0.1 that throttles the first `failures` requests without Retry-After, and records when each arrived. */
async function throttlingServer(failures: number, success: { status: number; body: unknown }) {
  const arrivals: number[] = [];
  const baseUrl = await serve((request, response) => {
    request.resume();
    arrivals.push(performance.now());
    if (arrivals.length <= failures) {
      response.writeHead(429, { "Content-Type": "application/json" }).end(throttled);
    } else {
      response.writeHead(success.status, { "Content-Type": "application/json" }).end(JSON.stringify(success.body));
    }
  });
  return { baseUrl, arrivals };
}

const gaps = (arrivals: number[]) => arrivals.slice(1).map((at, index) => at - arrivals[index]!);

describe("a 429 without Retry-After", () => {
  it("is retried with backoff on a GET until it succeeds", async () => {
    const { baseUrl, arrivals } = await throttlingServer(2, { status: 200, body: { short_id: "Ub3KpD7w" } });
    const api = createClient({ baseUrl, apiKey: "phx_retry_test", maxRetries: 2 });
    const result = await api.GET("/api/environments/{project_id}/session_recording_playlists/{short_id}/", {
      params: { path: { project_id: "28417", short_id: "Ub3KpD7w" } },
    });
    expect(result.response.status).toBe(200);
    expect(arrivals).toHaveLength(3);
    // Each retry waited a backoff rather than firing at once.
    for (const gap of gaps(arrivals)) expect(gap).toBeGreaterThan(100);
  });

  it("is retried on a create too, since a throttled request was not processed", async () => {
    const { baseUrl, arrivals } = await throttlingServer(1, { status: 201, body: { short_id: "Nw4pL8sQ" } });
    const api = createClient({ baseUrl, apiKey: "phx_retry_test", maxRetries: 2 });
    const created = unwrap(
      await api.POST("/api/environments/{project_id}/session_recording_playlists/", { params: { path: { project_id: "28417" } }, body: { name: "Retried" } }),
    );
    expect(created).toEqual({ short_id: "Nw4pL8sQ" });
    expect(arrivals).toHaveLength(2);
    expect(gaps(arrivals)[0]).toBeGreaterThan(100);
  });

  it("surfaces the 429 once the retries run out", async () => {
    const { baseUrl, arrivals } = await throttlingServer(10, { status: 200, body: {} });
    const api = createClient({ baseUrl, apiKey: "phx_retry_test", maxRetries: 1 });
    const result = await api.GET("/api/projects/");
    expect(result.response.status).toBe(429);
    expect(arrivals).toHaveLength(2);
    expect(() => unwrap(result)).toThrow(expect.objectContaining({ name: "ApiError", status: 429, kind: "rate_limited" }));
  });
});
