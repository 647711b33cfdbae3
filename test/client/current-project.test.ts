// The live client takes `@current` where it takes a project id, and sends it as written (`@` is
// a path segment's own character): the live service, and the live mock, answer the key's user's
// current project there. PUT is typed where the live service routes it.
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/live.js";
import { createMock } from "../../src/mock/live.js";
import { apiKey, baseUrl, fakeFetch, json } from "../support/fake-fetch.js";

describe("the live client's project id", () => {
  it("sends @current as written, not percent-encoded", async () => {
    const server = fakeFetch(() => json({ count: 0, next: null, previous: null, results: [] }));
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    await api.GET("/api/environments/{project_id}/subscriptions/", { params: { path: { project_id: "@current" } } });
    expect(server.calls[0]!.url).toBe(`${baseUrl}/api/environments/@current/subscriptions/`);
  });

  it("reads the current project's records through the live mock, and replaces a subscription with PUT", async () => {
    const mock = createMock();
    const api = createClient({ baseUrl: "http://mock.test", apiKey: "phx_current", fetch: (request) => mock.fetch(request) });
    const project = Object.keys(mock.snapshot().projects)[0]!;
    const byId = await api.GET("/api/environments/{project_id}/subscriptions/", { params: { path: { project_id: project } } });
    const current = await api.GET("/api/environments/{project_id}/subscriptions/", { params: { path: { project_id: "@current" } } });
    expect(current.data?.results.map((s) => s.id)).toEqual(byId.data?.results.map((s) => s.id));
    const [first] = byId.data!.results;
    const replaced = await api.PUT("/api/environments/{project_id}/subscriptions/{id}/", {
      params: { path: { project_id: "@current", id: first!.id } },
      body: { target_type: "email", target_value: "a@example.com", frequency: "weekly", interval: 2, start_date: "2030-01-01T09:00:00Z" },
    });
    expect(replaced.response.status).toBe(200);
    expect(replaced.data).toMatchObject({ id: first!.id, frequency: "weekly", interval: 2, target_value: "a@example.com" });
  });
});
