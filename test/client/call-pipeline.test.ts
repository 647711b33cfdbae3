// A call's own options stay with the call (internal/call.ts), not on the Request: the fetch
// sees a plain Request, and a middleware that replaces the Request keeps the call's limits.
import { describe, expect, it, vi } from "vitest";
import { createClient, RequestAbortedError } from "../../src/index.js";
import { apiKey, baseUrl, fakeFetch, json, neverAnswers, playlistPath } from "../support/fake-fetch.js";

const params = { path: { project_id: "28417", short_id: "Ub3KpD7w" } };

describe("the call pipeline", () => {
  /** A client whose fetch records each Request it is handed, and one call through it with all of the call's own options. */
  async function requestOfCall(signal: AbortSignal): Promise<Request> {
    const seen: Request[] = [];
    const api = createClient({
      baseUrl,
      apiKey,
      fetch: async (request) => {
        seen.push(request);
        return json({ short_id: "Ub3KpD7w" });
      },
    });
    await api.GET(playlistPath, { params, maxRetries: 1, timeoutMs: 5_000, signal });
    expect(seen).toHaveLength(1);
    return seen[0]!;
  }

  it("hands fetch a Request without the call's maxRetries and timeoutMs", async () => {
    const request = await requestOfCall(new AbortController().signal);
    // openapi-fetch copies every init key a Request lacks onto it as an own property, and a plain Request has none:
    // any option let through shows up here, whatever its name.
    expect(Object.keys(request)).toEqual([]);
  });

  it("hands fetch a Request that does not follow the caller's signal", async () => {
    // Every Request has a signal, so what shows the caller's was kept is the Request's aborting with it.
    const caller = new AbortController();
    const request = await requestOfCall(caller.signal);
    caller.abort(new Error("after the call"));
    expect(request.signal.aborted).toBe(false);
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
