// A call's own options stay with the call (internal/call.ts), not on the Request: the fetch
// sees a plain Request, and a middleware that replaces the Request keeps the call's limits.
import { describe, expect, it, vi } from "vitest";
import { createClient, RequestAbortedError } from "../../src/index.js";
import { apiKey, baseUrl, fakeFetch, json, neverAnswers, playlistPath } from "../support/fake-fetch.js";

const params = { path: { project_id: "28417", short_id: "Ub3KpD7w" } };

describe("the call pipeline", () => {
  it("hands fetch a Request that carries none of the call's own options", async () => {
    const seen: Request[] = [];
    const api = createClient({
      baseUrl,
      apiKey,
      fetch: async (request) => {
        seen.push(request);
        return json({ short_id: "Ub3KpD7w" });
      },
    });
    await api.GET(playlistPath, { params, maxRetries: 1, timeoutMs: 5_000, signal: new AbortController().signal });
    for (const key of ["maxRetries", "timeoutMs", "callerSignal", "parseAs", "fetch"]) expect(key in seen[0]!, key).toBe(false);
  });

  it("keeps a call's time limit and signal when a middleware replaces the Request", async () => {
    const server = fakeFetch(neverAnswers);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch, maxRetries: 0 });
    api.use({ onRequest: ({ request }) => new Request(request, { headers: { "X-Traced": "1" } }) });
    await expect(api.GET(playlistPath, { params, timeoutMs: 50 })).rejects.toMatchObject({ name: "RequestTimeoutError", timeoutMs: 50 });
    const controller = new AbortController();
    const call = api.GET(playlistPath, { params, signal: controller.signal });
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    controller.abort(new Error("stop"));
    await expect(call).rejects.toBeInstanceOf(RequestAbortedError);
    expect(server.calls.map((c) => c.headers.get("X-Traced"))).toEqual(["1", "1"]);
  });
});
