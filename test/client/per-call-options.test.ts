// `maxRetries` and `timeoutMs` set on one call, over the client's, on every method and on
// paging, against a real node:http server on 127.0.0.1.
import { describe, expect, it } from "vitest";
import { ApiError, createClient, InvalidInputError, RequestTimeoutError, unwrap } from "../../src/index.js";
import { bodyOf, localServers } from "../support/local-server.js";

const serve = localServers();
const apiKey = "phx_per_call_test";
const project = { project_id: "28417" };
const playlist = "/api/environments/{project_id}/session_recording_playlists/{short_id}/" as const;
const playlists = "/api/environments/{project_id}/session_recording_playlists/" as const;
const params = { path: { ...project, short_id: "Ub3KpD7w" } };
const throttled = JSON.stringify({ type: "throttled_error", code: "throttled", detail: "Request was throttled.", attr: null });

describe("per-call maxRetries", () => {
  it("0 answers a throttled call at once instead of waiting out Retry-After", async () => {
    const baseUrl = await serve((_, response) => response.writeHead(429, { "Content-Type": "application/json", "Retry-After": "23" }).end(throttled));
    const api = createClient({ baseUrl, apiKey });
    const started = performance.now();
    const result = await api.GET(playlist, { params, maxRetries: 0 });
    expect(result.response.status).toBe(429);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("overrides the client's on GET, POST, PATCH and DELETE, sending a body again in full", async () => {
    const seen: string[] = [];
    const baseUrl = await serve(async (request, response, count) => {
      seen.push(`${request.method} ${await bodyOf(request)}`);
      if (count % 2 === 1) response.writeHead(429, { "Content-Type": "application/json", "Retry-After": "0" }).end(throttled);
      else
        response
          .writeHead(request.method === "DELETE" ? 204 : 200, { "Content-Type": "application/json" })
          .end(request.method === "DELETE" ? undefined : '{"short_id":"Ub3KpD7w"}');
    });
    const api = createClient({ baseUrl, apiKey, maxRetries: 0 });
    expect((await api.GET(playlist, { params, maxRetries: 1 })).response.status).toBe(200);
    expect(unwrap(await api.POST(playlists, { params: { path: project }, body: { name: "Retried" }, maxRetries: 1 }))).toEqual({ short_id: "Ub3KpD7w" });
    expect((await api.PATCH(playlist, { params, body: { pinned: true }, maxRetries: 1 })).response.status).toBe(200);
    expect((await api.DELETE(playlist, { params, maxRetries: 1 })).response.status).toBe(204);
    expect(seen).toEqual([
      "GET ",
      "GET ",
      'POST {"name":"Retried"}',
      'POST {"name":"Retried"}',
      'PATCH {"pinned":true}',
      'PATCH {"pinned":true}',
      "DELETE ",
      "DELETE ",
    ]);
  });

  it("reaches every page of paginate and pages", async () => {
    let requests = 0;
    const baseUrl = await serve((_, response) => {
      requests++;
      response.writeHead(429, { "Content-Type": "application/json", "Retry-After": "23" }).end(throttled);
    });
    const api = createClient({ baseUrl, apiKey });
    const started = performance.now();
    await expect(api.paginate(playlists, { params: { path: project }, maxRetries: 0 }).next()).rejects.toBeInstanceOf(ApiError);
    await expect(api.pages(playlists, { params: { path: project }, maxRetries: 0 }).next()).rejects.toMatchObject({ status: 429 });
    expect(requests).toBe(2);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("per-call timeoutMs", () => {
  it("bounds one call more tightly than the client's", async () => {
    const baseUrl = await serve(() => undefined);
    const api = createClient({ baseUrl, apiKey, timeoutMs: 60_000, maxRetries: 0 });
    const started = performance.now();
    const error = await api.GET(playlist, { params, timeoutMs: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 100 });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("holds for a short call started while a longer one is pending, and the longer one still completes", async () => {
    const baseUrl = await serve((request, response) => {
      const delay = request.url?.includes("slow") ? 400 : 10_000;
      setTimeout(() => response.writeHead(200, { "Content-Type": "application/json" }).end("{}"), delay);
    });
    const api = createClient({ baseUrl, apiKey, maxRetries: 0 });
    const slow = api.GET(playlist, { params: { path: { ...project, short_id: "slow" } }, timeoutMs: 5_000 });
    const started = performance.now();
    await expect(api.GET(playlist, { params, timeoutMs: 100 })).rejects.toBeInstanceOf(RequestTimeoutError);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect((await slow).response.status).toBe(200);
  });

  it("gives a call more time than the client's", async () => {
    const baseUrl = await serve((_, response) => setTimeout(() => response.writeHead(200, { "Content-Type": "application/json" }).end("{}"), 300));
    const api = createClient({ baseUrl, apiKey, timeoutMs: 100, maxRetries: 0 });
    await expect(api.GET(playlist, { params })).rejects.toBeInstanceOf(RequestTimeoutError);
    expect((await api.GET(playlist, { params, timeoutMs: 5_000 })).response.status).toBe(200);
  });

  it("bounds every page of paginate", async () => {
    const baseUrl = await serve(() => undefined);
    const api = createClient({ baseUrl, apiKey, maxRetries: 0 });
    await expect(api.paginate(playlists, { params: { path: project }, timeoutMs: 100 }).next()).rejects.toMatchObject({
      name: "RequestTimeoutError",
      timeoutMs: 100,
    });
  });

  it("still aborts the connection through a custom fetch that copies init into its own", async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    const baseUrl = await serve((request) => request.socket.once("close", closed));
    const api = createClient({ baseUrl, apiKey, fetch: (input, init) => globalThis.fetch(input, { ...init, keepalive: false }) });
    await expect(api.GET(playlist, { params, timeoutMs: 100 })).rejects.toBeInstanceOf(RequestTimeoutError);
    await connectionClosed;
  });
});

describe("bad per-call values", () => {
  it("are refused before any request, naming the field", async () => {
    let requests = 0;
    const baseUrl = await serve((_, response) => {
      requests++;
      response.end("{}");
    });
    const api = createClient({ baseUrl, apiKey });
    const cases: [Record<string, unknown>, string][] = [
      [{ maxRetries: -1 }, "init.maxRetries"],
      [{ maxRetries: 1.5 }, "init.maxRetries"],
      [{ maxRetries: "3" }, "init.maxRetries"],
      [{ timeoutMs: 0 }, "init.timeoutMs"],
      [{ timeoutMs: Number.POSITIVE_INFINITY }, "init.timeoutMs"],
      [{ timeoutMs: "100" }, "init.timeoutMs"],
    ];
    for (const [options, field] of cases) {
      const error = await api.GET(playlist, { params, ...(options as object) }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error).toMatchObject({ field });
      const paged = await api
        .paginate(playlists, { params: { path: project }, ...(options as object) })
        .next()
        .catch((e: unknown) => e);
      expect(paged).toMatchObject({ field });
    }
    expect(requests).toBe(0);
  });
});
