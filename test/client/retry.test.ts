import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffDelay, retryDelay } from "../../src/client/internal/retry-policy.js";
import { type ApiError, ConnectionError, createClient, unwrap } from "../../src/index.js";
import { apiKey, baseUrl, connectionReset, errorBody, fakeFetch, json, playlistPath } from "../support/fake-fetch.js";
import { localServers } from "../support/local-server.js";
import { thrownBy } from "../support/thrown.js";

const params = { path: { project_id: "28417", short_id: "Ub3KpD7w" } };
const playlists = "/api/environments/{project_id}/session_recording_playlists/" as const;

/** Answers with `failures` in turn, then with `success`. */
function sequence(failures: (() => Response)[], success: () => Response = () => json({ short_id: "Ub3KpD7w" }, { status: 200 })) {
  return fakeFetch((_, index) => (failures[index] ?? success)());
}

describe("retries", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Runs `call` while moving fake time forward, and returns its result. */
  async function settle<T>(call: Promise<T>): Promise<T> {
    let done = false;
    const tracked = call.finally(() => (done = true));
    tracked.catch(() => undefined);
    while (!done) await vi.advanceTimersByTimeAsync(250);
    return tracked;
  }

  it.each(["GET", "DELETE"] as const)("retries %s on 408, 429, 500, 502, 503, 504 and a reset connection", async (method) => {
    for (const failure of [408, 429, 500, 502, 503, 504]) {
      const server = sequence([() => errorBody(failure, {})]);
      const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
      const result = await settle(api.request(method.toLowerCase() as "get", playlistPath, { params }));
      expect(result.response.status, String(failure)).toBe(200);
      expect(server.calls).toHaveLength(2);
    }
    const server = sequence([connectionReset, connectionReset]);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    expect((await settle(api.request(method.toLowerCase() as "get", playlistPath, { params }))).response.status).toBe(200);
    expect(server.calls).toHaveLength(3);
  });

  it("gives up after maxRetries and returns the last error response", async () => {
    const server = sequence([() => errorBody(503, {}), () => errorBody(503, {}), () => errorBody(502, { detail: "last" })]);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const result = await settle(api.GET(playlistPath, { params }));
    expect(server.calls).toHaveLength(3);
    expect(() => unwrap(result)).toThrow(expect.objectContaining({ status: 502, detail: "last" }));
  });

  it("throws ConnectionError after the last reset, with the cause", async () => {
    const server = sequence([connectionReset, connectionReset, connectionReset]);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch, maxRetries: 2 });
    const error = await settle(api.GET(playlistPath, { params })).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(server.calls).toHaveLength(3);
  });

  it("does not retry with maxRetries 0", async () => {
    const server = sequence([() => errorBody(503, {})]);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch, maxRetries: 0 });
    expect((await api.GET(playlistPath, { params })).response.status).toBe(503);
    expect(server.calls).toHaveLength(1);
  });

  it.each([
    ["500", () => errorBody(500, {})],
    ["502", () => errorBody(502, {})],
    ["503 without Retry-After", () => errorBody(503, {})],
    ["504", () => errorBody(504, {})],
    ["408", () => errorBody(408, {})],
  ])("never sends a POST again after %s: the server may have acted", async (_, failure) => {
    const server = sequence([failure]);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const result = await settle(api.POST(playlists, { params: { path: { project_id: "28417" } }, body: { name: "Checkout drop-offs" } }));
    expect(result.response.ok).toBe(false);
    expect(server.calls).toHaveLength(1);
  });

  it("never sends a POST or PATCH again after a reset connection", async () => {
    for (const send of [
      (api: ReturnType<typeof createClient>) => api.POST(playlists, { params: { path: { project_id: "28417" } }, body: { name: "x" } }),
      (api: ReturnType<typeof createClient>) => api.PATCH(playlistPath, { params, body: { pinned: true } }),
    ]) {
      const server = sequence([connectionReset]);
      await expect(settle(send(createClient({ baseUrl, apiKey, fetch: server.fetch })))).rejects.toBeInstanceOf(ConnectionError);
      expect(server.calls).toHaveLength(1);
    }
  });

  it.each([
    ["429", () => errorBody(429, { type: "throttled_error", code: "throttled" }, { "Retry-After": "2" })],
    ["503 with Retry-After", () => errorBody(503, {}, { "Retry-After": "2" })],
  ])("sends a POST again after %s, with the same body", async (_, failure) => {
    const server = sequence([failure], () => json({ short_id: "Ub3KpD7w" }, { status: 201 }));
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const result = await settle(api.POST(playlists, { params: { path: { project_id: "28417" } }, body: { name: "Checkout drop-offs" } }));
    expect(result.response.status).toBe(201);
    expect(server.calls.map((c) => c.body)).toEqual(['{"name":"Checkout drop-offs"}', '{"name":"Checkout drop-offs"}']);
    expect(server.calls.map((c) => c.headers.get("Content-Type"))).toEqual(["application/json", "application/json"]);
  });

  it("waits Retry-After seconds before retrying a 429", async () => {
    const server = sequence([() => errorBody(429, {}, { "Retry-After": "30" })]);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const call = api.GET(playlistPath, { params });
    await vi.advanceTimersByTimeAsync(29_900);
    expect(server.calls).toHaveLength(1);
    // Up to a second of jitter on top, never less than asked.
    await vi.advanceTimersByTimeAsync(1_200);
    expect(server.calls).toHaveLength(2);
    expect((await call).response.status).toBe(200);
  });

  it("waits until a Retry-After HTTP date", async () => {
    const at = new Date(Date.now() + 10_000).toUTCString();
    const server = sequence([() => errorBody(503, {}, { "Retry-After": at })]);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const call = api.GET(playlistPath, { params });
    await vi.advanceTimersByTimeAsync(8_000);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect((await call).response.status).toBe(200);
  });

  it("surfaces a 429 whose Retry-After exceeds 60 s at once, with the header", async () => {
    const server = sequence([() => errorBody(429, { code: "throttled" }, { "Retry-After": "61" })]);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const result = await api.GET(playlistPath, { params });
    expect(server.calls).toHaveLength(1);
    const error = thrownBy(() => unwrap(result)) as ApiError;
    expect(error).toMatchObject({ status: 429, kind: "rate_limited", code: "throttled" });
    expect(error.headers.get("Retry-After")).toBe("61");
  });
});

describe("retry policy", () => {
  it("backs off 0.5 s × 2^n, capped at 8 s, with jitter in the upper half", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => backoffDelay(n, () => 1))).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect([0, 1, 4].map((n) => backoffDelay(n, () => 0))).toEqual([250, 500, 4000]);
  });

  it("retries PATCH like POST: only on 429 or 503 with Retry-After", () => {
    const response = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });
    expect(retryDelay("PATCH", response(500), 0)).toBeUndefined();
    expect(retryDelay("PATCH", response(503), 0)).toBeUndefined();
    expect(retryDelay("PATCH", response(503, { "Retry-After": "1" }), 0, () => 0)).toBe(1000);
    // Jitter spreads clients told the same Retry-After, never earlier than asked.
    expect(retryDelay("PATCH", response(503, { "Retry-After": "1" }), 0, () => 1)).toBe(1200);
    expect(retryDelay("GET", response(429, { "Retry-After": "30" }), 0, () => 1)).toBe(31_000);
    expect(retryDelay("PATCH", response(429), 0, () => 1)).toBe(500);
    expect(retryDelay("PUT", response(500), 1, () => 1)).toBe(1000);
    expect(retryDelay("GET", response(404), 0)).toBeUndefined();
  });
});

// The live service sometimes answers 429 without `Retry-After` (its error handler drops the
// headers): the client must still retry, waiting its own backoff instead of the header.
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

describe("a 429 without Retry-After, on a real server with real timers", () => {
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
