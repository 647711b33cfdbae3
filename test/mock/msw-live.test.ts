// MSW handlers from a live-profile mock: the live client, through the global fetch, gets the
// live service's shapes (the has_next page, {"success": true}).
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, unwrap } from "../../src/live.js";
import { mockHandlers } from "../../src/mock/adapters/msw.js";
import { createMock } from "../../src/mock/live.js";

const baseUrl = "https://us.posthog.com";
const mock = createMock();
const server = setupServer(...mockHandlers(mock, { baseUrl }));

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

describe("mockHandlers of a live mock", () => {
  it("answers the live client in the live shapes", async () => {
    const api = createClient({ baseUrl, apiKey: "phx_msw_live", maxRetries: 0 });
    const path = { project_id: "28417" };
    const page = unwrap(await api.GET("/api/environments/{project_id}/session_recordings/", { params: { path, query: { limit: 5 } } }));
    expect(page.has_next).toBe(true);
    expect(page).not.toHaveProperty("count");
    const added = await api.POST("/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/", {
      params: { path: { ...path, short_id: "Ub3KpD7w", session_recording_id: page.results[0]!.id } },
    });
    expect(unwrap(added)).toEqual({ success: true });
  });
});
