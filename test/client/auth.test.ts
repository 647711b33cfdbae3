import { describe, expect, it } from "vitest";
import { createClient } from "../../src/index.js";
import { apiKey, baseUrl, fakeFetch, json, playlistPath } from "../support/fake-fetch.js";

const params = { path: { project_id: "28417", short_id: "Ub3KpD7w" } };

describe("auth", () => {
  it("sends Authorization: Bearer <key> on every request to baseUrl", async () => {
    const server = fakeFetch(() => json({}));
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    await api.GET(playlistPath, { params });
    await api.PATCH(playlistPath, { params, body: { pinned: true } });
    await api.DELETE(playlistPath, { params });
    expect(server.calls.map((c) => c.headers.get("Authorization"))).toEqual(Array(3).fill(`Bearer ${apiKey}`));
  });

  it("sends no Authorization to another origin, even one set in headers", async () => {
    const server = fakeFetch(() => json({}));
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch, headers: { Authorization: `Bearer ${apiKey}` } });
    await api.GET(playlistPath, { params, baseUrl: "https://eu.posthog.com" });
    await api.GET(playlistPath, { params, baseUrl: "https://us.posthog.com.evil.example" });
    await api.GET(playlistPath, { params, baseUrl: "http://us.posthog.com" });
    expect(server.calls.map((c) => c.headers.get("Authorization"))).toEqual([null, null, null]);
  });

  it("overrides an Authorization header from the options on its own origin", async () => {
    const server = fakeFetch(() => json({}));
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch, headers: { Authorization: "Bearer other" } });
    await api.GET(playlistPath, { params });
    expect(server.calls[0]!.headers.get("Authorization")).toBe(`Bearer ${apiKey}`);
  });
});
