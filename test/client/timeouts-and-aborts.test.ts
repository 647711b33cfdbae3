// Time limits and aborts: a call that takes longer than timeoutMs ends in RequestTimeoutError
// and one the caller aborts in RequestAbortedError, whether the server never answers or
// trickles its body; the real fetch is aborted, neither is retried, and a connection that
// breaks stays a ConnectionError.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ConnectionError, createClient, RequestAbortedError, RequestTimeoutError } from "../../src/index.js";
import { apiKey, baseUrl, connectionReset, fakeFetch, json, neverAnswers, playlistPath } from "../support/fake-fetch.js";
import { localServers } from "../support/local-server.js";

const params = { path: { project_id: "28417", short_id: "Ub3KpD7w" } };
const serve = localServers();
const timers: NodeJS.Timeout[] = [];
afterEach(() => {
  for (const timer of timers.splice(0)) clearInterval(timer);
});

/** Starts a JSON body and then sends one byte every `everyMs`, never finishing. */
function trickle(response: ServerResponse, everyMs: number) {
  response.writeHead(200, { "Content-Type": "application/json" });
  response.write('{"short_id": "');
  timers.push(setInterval(() => response.write("x"), everyMs));
}

describe("timeouts and aborts", () => {
  it("throws RequestTimeoutError when the server never answers, without retrying", async () => {
    const server = fakeFetch(neverAnswers);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch, timeoutMs: 50 });
    const error = await api.GET(playlistPath, { params }).catch((e) => e);
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 50, method: "GET", path: "/api/environments/28417/session_recording_playlists/Ub3KpD7w/" });
    expect(server.calls).toHaveLength(1);
  });

  it("aborts the real fetch when it times out, closing the connection to a server that never answers", async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    const server = createServer((request) => request.socket.once("close", closed));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const api = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey, timeoutMs: 100 });
      await expect(api.GET(playlistPath, { params })).rejects.toBeInstanceOf(RequestTimeoutError);
      await connectionClosed;
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("times each request on its own, not on one signal shared by the client", async () => {
    const server = fakeFetch((request, index) => (index === 0 ? neverAnswers(request) : json({})));
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch, timeoutMs: 100 });
    const slow = api.GET(playlistPath, { params }).catch((e) => e);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const fast = await api.GET(playlistPath, { params });
    expect(fast.response.status).toBe(200);
    expect(await slow).toBeInstanceOf(RequestTimeoutError);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await api.GET(playlistPath, { params })).response.status).toBe(200);
  });

  it("releases, unread, the body of an answer a fetch that ignores the signal sends after the time limit", async () => {
    let pulls = 0;
    let cancelled!: () => void;
    const bodyCancelled = new Promise<void>((resolve) => (cancelled = resolve));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(1024));
      },
      cancel: () => cancelled(),
    });
    const lateFetch = () =>
      new Promise<Response>((resolve) => setTimeout(() => resolve(new Response(endless, { headers: { "Content-Type": "application/json" } })), 60));
    const api = createClient({ baseUrl, apiKey, fetch: lateFetch, timeoutMs: 20, maxRetries: 0, maxResponseBytes: 1024 * 1024 });
    await expect(api.GET(playlistPath, { params })).rejects.toBeInstanceOf(RequestTimeoutError);
    await bodyCancelled;
    // The stream fills its queue once on its own; nothing more is read.
    expect(pulls).toBeLessThanOrEqual(2);
  });

  it("throws RequestAbortedError with the caller's reason when the caller aborts", async () => {
    const server = fakeFetch(neverAnswers);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const controller = new AbortController();
    const call = api.GET(playlistPath, { params, signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user left the page")), 10);
    const error = await call.catch((e) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error.cause).toEqual(new Error("user left the page"));
  });

  it("does not send a request whose signal is already aborted", async () => {
    const server = fakeFetch(() => json({}));
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    await expect(api.GET(playlistPath, { params, signal: AbortSignal.abort() })).rejects.toBeInstanceOf(RequestAbortedError);
    expect(server.calls).toHaveLength(0);
  });

  it("stops waiting to retry when the caller aborts", async () => {
    const server = fakeFetch(() => connectionReset());
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch, maxRetries: 5 });
    const controller = new AbortController();
    const call = api.GET(playlistPath, { params, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const started = performance.now();
    await expect(call).rejects.toBeInstanceOf(RequestAbortedError);
    expect(performance.now() - started).toBeLessThan(240);
    expect(server.calls).toHaveLength(1);
  });

  it("keeps the three failures apart", async () => {
    const reset = createClient({ baseUrl, apiKey, fetch: fakeFetch(() => connectionReset()).fetch, maxRetries: 0 });
    const error = await reset.GET(playlistPath, { params }).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(RequestTimeoutError);
    expect(error).not.toBeInstanceOf(RequestAbortedError);
  });

  it("hands a fetch that reads the signal only after the time limit an aborted one", async () => {
    let seen: AbortSignal | undefined;
    const fetch = async (_: Request, init?: RequestInit) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      seen = init!.signal!;
      return json({});
    };
    const api = createClient({ baseUrl, apiKey, fetch, timeoutMs: 50, maxRetries: 0 });
    await expect(api.GET(playlistPath, { params })).rejects.toBeInstanceOf(RequestTimeoutError);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen?.aborted).toBe(true);
  });
});

describe("time limits and aborts that hold for the body, from a real server that trickles it", () => {
  it("ends a trickling body with RequestTimeoutError after timeoutMs", async () => {
    const baseUrl = await serve((_, response) => trickle(response, 50));
    const api = createClient({ baseUrl, apiKey: "phx_body", timeoutMs: 400, maxRetries: 0 });
    const started = Date.now();
    const error = await api.GET(playlistPath, { params }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(error).toMatchObject({ method: "GET", path: "/api/environments/28417/session_recording_playlists/Ub3KpD7w/" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("ends a trickling page inside paginate too", async () => {
    const baseUrl = await serve((_, response) => trickle(response, 50));
    const api = createClient({ baseUrl, apiKey: "phx_body", timeoutMs: 400, maxRetries: 0 });
    const consume = async () => {
      for await (const item of api.paginate("/api/environments/{project_id}/session_recordings/", { params: { path: { project_id: "28417" } } })) void item;
    };
    await expect(consume()).rejects.toBeInstanceOf(RequestTimeoutError);
  });

  it("turns the caller's abort during the body into RequestAbortedError, with the signal's reason as cause", async () => {
    const baseUrl = await serve((_, response) => trickle(response, 50));
    const api = createClient({ baseUrl, apiKey: "phx_body", maxRetries: 0 });
    const caller = new AbortController();
    setTimeout(() => caller.abort(new Error("the user left the page")), 200);
    const error = await api.GET(playlistPath, { params, signal: caller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect((error as Error).cause).toEqual(new Error("the user left the page"));
  });
});
