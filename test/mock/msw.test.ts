// The MSW adapter: the engine behind setupServer, reached through the global fetch.
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, unwrap } from "../../src/index.js";
import { mockHandlers } from "../../src/mock/adapters/msw.js";
import { createMock } from "../../src/mock/index.js";

const baseUrl = "https://us.posthog.com";
const mock = createMock();
const server = setupServer(...mockHandlers(mock, { baseUrl }));

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

describe("mockHandlers with setupServer", () => {
  it("answers the client from the engine, keeping state across requests", async () => {
    const api = createClient({ baseUrl, apiKey: "phx_msw_test", maxRetries: 0 });
    const created = unwrap(
      await api.POST("/api/environments/{project_id}/session_recording_playlists/", { params: { path: { project_id: "28417" } }, body: { name: "From MSW" } }),
    );
    const read = unwrap(
      await api.GET("/api/environments/{project_id}/session_recording_playlists/{short_id}/", {
        params: { path: { project_id: "28417", short_id: created.short_id } },
      }),
    );
    expect(read.name).toBe("From MSW");
    expect(mock.requests().map((r) => r.status)).toEqual([201, 200]);
  });

  it("serves the admin routes and refuses a bad baseUrl by name", async () => {
    expect((await fetch(`${baseUrl}/__mock/reset`, { method: "POST", headers: { "Content-Type": "application/json" } })).status).toBe(204);
    expect(() => mockHandlers(mock, { baseUrl: "not a url" })).toThrow(/baseUrl/);
  });
});
