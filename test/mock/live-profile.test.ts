// The mock's live profile, through the live client: every operation of the live description
// answers in the live shapes and statuses, each answer checked against the live description
// (the engine throws on one that breaks it), from the same state as the description's profile.
import { describe, expect, it } from "vitest";
import { createClient as createLiveClient, unwrap } from "../../src/live.js";
import { createMock } from "../../src/mock/index.js";
import { createMock as createLiveMock } from "../../src/mock/live.js";

const baseUrl = "http://mock.local";
const path = { project_id: "28417" };
const playlist = { ...path, short_id: "Ub3KpD7w" };
const recording = "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52";

function liveMock() {
  const mock = createLiveMock();
  const api = createLiveClient({ baseUrl, apiKey: "phx_live", fetch: mock.fetch, maxRetries: 0 });
  return { mock, api };
}

describe("the live profile", () => {
  it("starts from the same state as the description's profile, for a seed", () => {
    const now = () => new Date("2026-11-23T08:00:00Z");
    expect(createLiveMock({ seed: 7, now }).snapshotJson()).toBe(createMock({ seed: 7, now }).snapshotJson());
  });

  it("refuses the profile option of 0.2 rather than answering as another profile, naming the entry that answers as it", () => {
    expect(() => createMock({ profile: "live" } as never)).toThrow(
      /profile "live": this entry answers as the seed profile; .*session-recordings-api-mock\/live/,
    );
    expect(() => createLiveMock({ profile: "prod" } as never)).toThrow(/profile "prod": this entry answers as the live profile/);
    const now = () => new Date("2026-11-23T08:00:00Z");
    expect(createLiveMock({ profile: "live", now } as never).snapshotJson()).toBe(createLiveMock({ now }).snapshotJson());
  });

  it("pages the recordings listing on has_next, with no count, and the live client pages it through", async () => {
    const { api } = liveMock();
    // Back two years: the listing's default window is three days.
    const first = unwrap(await api.GET("/api/environments/{project_id}/session_recordings/", { params: { path, query: { limit: 10, date_from: "-2y" } } }));
    expect(first.has_next).toBe(true);
    expect(first).not.toHaveProperty("count");
    const all = [];
    for await (const item of api.paginate("/api/environments/{project_id}/session_recordings/", {
      params: { path, query: { limit: 25, date_from: "-2y" } },
      concurrency: 3,
    }))
      all.push(item);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(25);
  });

  it("answers recordings without storage and with the person's distinct ids as a list", async () => {
    const { api } = liveMock();
    const one = unwrap(await api.GET("/api/environments/{project_id}/session_recordings/{id}/", { params: { path: { ...path, id: recording } } }));
    expect(one).not.toHaveProperty("storage");
    expect(Array.isArray(one.person?.distinct_ids)).toBe(true);
  });

  it("has no ai/filters route, and ai/regex takes {regex}", async () => {
    const { mock, api } = liveMock();
    const filters = await mock.fetch(`${baseUrl}/api/environments/28417/session_recordings/ai/filters/`, {
      method: "POST",
      headers: { Authorization: "Bearer phx_live", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(filters.status).toBe(404);
    const regex = await api.POST("/api/environments/{project_id}/session_recordings/ai/regex/", { params: { path }, body: { regex: "checkout pages" } });
    expect(regex.response.status).toBe(200);
    const missing = await api.POST("/api/environments/{project_id}/session_recordings/ai/regex/", { params: { path }, body: {} as never });
    expect(missing.response.status).toBe(400);
  });

  it("answers adding and removing a recording with {success: true}", async () => {
    const { api } = liveMock();
    const added = await api.POST("/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/", {
      params: { path: { ...playlist, session_recording_id: recording } },
    });
    expect(unwrap(added)).toEqual({ success: true });
    const listed = unwrap(await api.GET("/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/", { params: { path: playlist } }));
    expect(listed.results.map((r) => r.id)).toContain(recording);
    const removed = await api.DELETE("/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/", {
      params: { path: { ...playlist, session_recording_id: recording } },
    });
    expect(removed.response.status).toBe(200);
    expect(unwrap(removed)).toEqual({ success: true });
  });

  it("takes the live recording PATCH ({viewed}) and answers {success: true}; refuses one that sets neither", async () => {
    const { api } = liveMock();
    const at = { params: { path: { ...path, id: recording } } };
    expect(unwrap(await api.PATCH("/api/environments/{project_id}/session_recordings/{id}/", { ...at, body: { viewed: true } }))).toEqual({ success: true });
    expect(unwrap(await api.GET("/api/environments/{project_id}/session_recordings/{id}/", at)).viewed).toBe(true);
    expect((await api.PATCH("/api/environments/{project_id}/session_recordings/{id}/", { ...at, body: { viewed: false } })).response.status).toBe(400);
  });

  it("answers the session lookups with bodies taken from the recordings' persons", async () => {
    const { api } = liveMock();
    const definitions = unwrap(await api.GET("/api/environments/{project_id}/sessions/property_definitions/", { params: { path } }));
    expect(definitions.count).toBe(definitions.results.length);
    expect(definitions.results.map((d) => d.name)).toContain("email");
    const values = unwrap(await api.GET("/api/environments/{project_id}/sessions/values/", { params: { path, query: { key: "$geoip_country_code" } } }));
    expect(values.refreshing).toBe(false);
    expect(values.results.length).toBeGreaterThan(0);
  });

  it("requires a playlist create to name its type, and refuses null filters", async () => {
    const { api } = liveMock();
    const untyped = await api.POST("/api/environments/{project_id}/session_recording_playlists/", { params: { path }, body: { name: "x" } as never });
    expect(untyped.response.status).toBe(400);
    const typed = await api.POST("/api/environments/{project_id}/session_recording_playlists/", { params: { path }, body: { name: "x", type: "collection" } });
    expect(typed.response.status).toBe(201);
  });

  it("words the subscription create rule as the live source does: a non-field error", async () => {
    const { api } = liveMock();
    const refused = await api.POST("/api/environments/{project_id}/subscriptions/", {
      params: { path },
      body: { target_type: "email", target_value: "a@example.com", frequency: "daily", interval: 1, start_date: "2026-01-01T00:00:00Z" },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toEqual({
      type: "validation_error",
      code: "invalid_input",
      detail: "A subscription must have an insight, a dashboard, or a prompt.",
      attr: null,
    });
  });

  it("lets a :write scope stand for its :read", async () => {
    const mock = createLiveMock({ keys: { phx_writer: ["session_recording_playlist:write"] } });
    const response = await mock.fetch(`${baseUrl}/api/environments/28417/session_recording_playlists/`, { headers: { Authorization: "Bearer phx_writer" } });
    expect(response.status).toBe(200);
  });
});
