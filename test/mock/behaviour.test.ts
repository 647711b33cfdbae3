// The engine follows the spec, the seed and DECISIONS.md for every resource, through the
// package's own client.
import { describe, expect, it } from "vitest";
import { unwrap } from "../../src/index.js";
import { spec } from "../support/spec.js";
import { mockedClient, project, send, storyPlaylist, storyRecording } from "./support.js";

const playlistPath = "/api/environments/{project_id}/session_recording_playlists/{short_id}/" as const;
const now = () => new Date("2026-11-22T12:00:00Z");
// The methods the refused hard deletes' 405 documents.
const documentedAllow = spec.components.responses.DeleteRefused.headers.Allow.example;

describe("playlists", () => {
  it("creates with server-set fields and defaults, and reads back what was written", async () => {
    const { api } = mockedClient({ now });
    const created = unwrap(
      await api.POST("/api/environments/{project_id}/session_recording_playlists/", { params: { path: project }, body: { name: "My new playlist" } }),
    );
    expect(created).toMatchObject({
      name: "My new playlist",
      description: "",
      pinned: false,
      deleted: false,
      filters: {},
      created_at: "2026-11-22T12:00:00Z",
    });
    expect(created.short_id).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(created.created_by?.email).toBe("maya.okafor@example.com");
    const read = unwrap(await api.GET(playlistPath, { params: { path: { ...project, short_id: created.short_id } } }));
    expect(read).toEqual(created);
  });

  it("updates only what was sent, soft-deletes, hides the deleted playlist, and restores it", async () => {
    const { api } = mockedClient();
    const before = unwrap(await api.GET(playlistPath, { params: { path: storyPlaylist } }));
    const pinned = unwrap(await api.PATCH(playlistPath, { params: { path: storyPlaylist }, body: { pinned: false } }));
    expect({ ...pinned, pinned: true, last_modified_at: before.last_modified_at }).toEqual(before);
    unwrap(await api.PATCH(playlistPath, { params: { path: storyPlaylist }, body: { deleted: true } }));
    expect((await api.GET(playlistPath, { params: { path: storyPlaylist } })).response.status).toBe(404);
    const listed = unwrap(await api.GET("/api/environments/{project_id}/session_recording_playlists/", { params: { path: project, query: { limit: 100 } } }));
    expect(listed.results.map((p) => p.short_id)).not.toContain("Ub3KpD7w");
    const restored = unwrap(await api.PATCH(playlistPath, { params: { path: storyPlaylist }, body: { deleted: false } }));
    expect(restored.deleted).toBe(false);
    expect((await api.GET(playlistPath, { params: { path: storyPlaylist } })).response.status).toBe(200);
  });

  it("refuses DELETE with 405, an empty body and Allow, after authentication and never 404", async () => {
    const { mock } = mockedClient();
    for (const shortId of ["Ub3KpD7w", "NoSuchId"]) {
      const response = await send(mock, `/api/environments/28417/session_recording_playlists/${shortId}/`, { method: "DELETE" });
      expect(response.status).toBe(405);
      expect(await response.text()).toBe("");
      expect(response.headers.get("Allow")).toBe(documentedAllow);
    }
    const anonymous = await send(mock, "/api/environments/28417/session_recording_playlists/Ub3KpD7w/", { method: "DELETE", key: null });
    expect(anonymous.status).toBe(401);
  });

  it("adds and removes recordings, keeping recordings_counts in step; removing an absent one is 404", async () => {
    const { api } = mockedClient();
    const countOf = async () => unwrap(await api.GET(playlistPath, { params: { path: storyPlaylist } })).recordings_counts.collection?.count;
    expect(await countOf()).toBe(3);
    const all = unwrap(await api.GET("/api/environments/{project_id}/session_recordings/", { params: { path: project, query: { limit: 200 } } }));
    const outsider = all.results.find((r) => r.id !== storyRecording)!.id;
    const member = { ...storyPlaylist, session_recording_id: outsider };
    const memberPath = "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/" as const;
    expect((await api.POST(memberPath, { params: { path: member }, body: {} })).response.status).toBe(200);
    expect((await api.POST(memberPath, { params: { path: member }, body: {} })).response.status).toBe(200);
    expect(await countOf()).toBe(4);
    expect((await api.DELETE(memberPath, { params: { path: member } })).response.status).toBe(204);
    expect(await countOf()).toBe(3);
    expect((await api.DELETE(memberPath, { params: { path: member } })).response.status).toBe(404);
  });

  it("counts a collection's recordings and the watched among them, in step with deletes and restores", async () => {
    const { mock, api } = mockedClient();
    const counts = async () => unwrap(await api.GET(playlistPath, { params: { path: storyPlaylist } })).recordings_counts.collection;
    // The story's collection holds three recordings; one watched and one not, made so here, so both counts are told apart.
    const state = mock.snapshot();
    const story = state.projects["28417"]!;
    const [first, second, third] = story.members[storyPlaylist.short_id]!;
    for (const recording of story.recordings) if ([first, second, third].includes(recording.id)) recording.viewed = recording.id !== third;
    mock.restore(state);
    expect(await counts()).toEqual({ count: 3, watched_count: 2 });
    expect(
      (await api.DELETE("/api/environments/{project_id}/session_recordings/{id}/", { params: { path: { ...project, id: first! } } })).response.status,
    ).toBe(204);
    expect(await counts()).toEqual({ count: 2, watched_count: 1 });
    // A restored state is counted from its own recordings, not from those before it.
    for (const recording of story.recordings) if (recording.id === third) recording.viewed = true;
    mock.restore(state);
    expect(await counts()).toEqual({ count: 3, watched_count: 3 });
  });

  it("filters and orders the playlist listing", async () => {
    const { api } = mockedClient();
    const list = async (query: Record<string, unknown>) =>
      unwrap(await api.GET("/api/environments/{project_id}/session_recording_playlists/", { params: { path: project, query: { limit: 100, ...query } } }))
        .results;
    expect((await list({ search: "CHECKOUT" })).map((p) => p.short_id)).toEqual(["Ub3KpD7w"]);
    // Exactly the playlists of that type; the story has one of each (Kx9mQ2vT filters, Ub3KpD7w a collection), so the
    // filter keeps something and drops something.
    const filtersOnly = (await list({ type: "filters" })).map((p) => p.short_id);
    expect(filtersOnly).toContain("Kx9mQ2vT");
    expect(filtersOnly).not.toContain("Ub3KpD7w");
    expect(filtersOnly).toEqual((await list({})).filter((p) => p.type === "filters").map((p) => p.short_id));
    expect((await list({ session_recording_id: storyRecording })).map((p) => p.short_id)).toContain("Ub3KpD7w");
    const names = (await list({ order: "name" })).map((p) => (p.name ?? "").toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});

describe("recordings", () => {
  const recordingPath = "/api/environments/{project_id}/session_recordings/{id}/" as const;

  it("updates person.properties, and a deleted recording is gone everywhere", async () => {
    const { api } = mockedClient();
    const path = { ...project, id: storyRecording };
    const updated = unwrap(await api.PATCH(recordingPath, { params: { path }, body: { person: { properties: { plan: "scale" } } } }));
    expect(updated.person?.properties).toEqual({ plan: "scale" });
    expect(unwrap(await api.GET(recordingPath, { params: { path } })).person?.properties).toEqual({ plan: "scale" });
    expect((await api.DELETE(recordingPath, { params: { path } })).response.status).toBe(204);
    expect((await api.GET(recordingPath, { params: { path } })).response.status).toBe(404);
    expect(
      (
        await api.GET("/api/environments/{project_id}/session_recordings/{recording_id}/sharing/", {
          params: { path: { ...project, recording_id: storyRecording } },
        })
      ).response.status,
    ).toBe(404);
    expect(unwrap(await api.GET(playlistPath, { params: { path: storyPlaylist } })).recordings_counts.collection?.count).toBe(2);
  });

  it("pages with a correct count and absolute next/previous links on the request's origin", async () => {
    const { api } = mockedClient();
    const first = unwrap(await api.GET("/api/environments/{project_id}/session_recordings/", { params: { path: project, query: { limit: 50 } } }));
    expect(first.count).toBe(125);
    expect(first.results).toHaveLength(50);
    expect(first.previous).toBeNull();
    expect(first.next).toBe("http://mock.local/api/environments/28417/session_recordings/?limit=50&offset=50");
    const last = unwrap(await api.GET("/api/environments/{project_id}/session_recordings/", { params: { path: project, query: { limit: 50, offset: 100 } } }));
    expect(last.results).toHaveLength(25);
    expect(last.next).toBeNull();
    expect(last.previous).toBe("http://mock.local/api/environments/28417/session_recordings/?limit=50&offset=50");
  });

  it.each([1, 4])("gives every recording once, in order, through paginate at concurrency %i", async (concurrency) => {
    const { api } = mockedClient();
    const whole = unwrap(await api.GET("/api/environments/{project_id}/session_recordings/", { params: { path: project, query: { limit: 500 } } })).results.map(
      (r) => r.id,
    );
    const paged: string[] = [];
    for await (const r of api.paginate("/api/environments/{project_id}/session_recordings/", { params: { path: project, query: { limit: 7 } }, concurrency }))
      paged.push(r.id);
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(125);
  });

  it("applies the listing filters", async () => {
    const { api } = mockedClient({ now });
    const list = async (query: Record<string, unknown>) =>
      unwrap(await api.GET("/api/environments/{project_id}/session_recordings/", { params: { path: project, query: { limit: 500, ...query } } })).results;
    const all = await list({});
    const longestFirst = await list({ order: "recording_duration" });
    expect(longestFirst.map((r) => r.recording_duration)).toEqual([...all.map((r) => r.recording_duration)].sort((a, b) => (b ?? 0) - (a ?? 0)));
    const ascending = await list({ order: "start_time", order_direction: "ASC" });
    expect(ascending.map((r) => r.id)).toEqual([...all].reverse().map((r) => r.id));
    const lastWeek = await list({ date_from: "-7d" });
    expect(lastWeek.length).toBeGreaterThan(0);
    expect(lastWeek.length).toBeLessThan(all.length);
    for (const r of lastWeek) expect(Date.parse(r.start_time!)).toBeGreaterThanOrEqual(now().getTime() - 7 * 86_400_000);
    const noTests = await list({ filter_test_accounts: true });
    expect(noTests.length).toBeGreaterThan(0);
    expect(noTests.length).toBeLessThan(all.length);
    expect(noTests.some((r) => (r.person?.properties as Record<string, unknown>)?.is_test_account)).toBe(false);
    // Exactly the unviewed recordings; the story's own recording is viewed and 01934c72 is not, so the filter keeps
    // something and drops something.
    const unviewed = (await list({ hide_viewed_recordings: true })).map((r) => r.id);
    expect(unviewed).toContain("01934c72-0d1e-7f4a-8b35-6e2c9a7d1f03");
    expect(unviewed).not.toContain(storyRecording);
    expect(unviewed).toEqual(all.filter((r) => !r.viewed).map((r) => r.id));
    expect((await list({ session_ids: JSON.stringify([storyRecording]) })).map((r) => r.id)).toEqual([storyRecording]);
    const errors = await list({ console_log_filters: JSON.stringify([{ key: "level", type: "log_entry", value: ["error"], operator: "exact" }]) });
    // Exactly the recordings with a console error; the story's own recording has one and 01934c72 has none.
    expect(errors.map((r) => r.id)).toContain(storyRecording);
    expect(errors.map((r) => r.id)).not.toContain("01934c72-0d1e-7f4a-8b35-6e2c9a7d1f03");
    expect(errors.map((r) => r.id)).toEqual(all.filter((r) => (r.console_error_count ?? 0) > 0).map((r) => r.id));
    const swedes = await list({ properties: JSON.stringify([{ key: "$geoip_country_code", type: "person", value: ["SE"], operator: "exact" }]) });
    expect(swedes.length).toBeGreaterThan(0);
    expect(swedes.every((r) => (r.person?.properties as Record<string, unknown> | undefined)?.$geoip_country_code === "SE")).toBe(true);
    const rage = await list({ events: JSON.stringify([{ id: "$rageclick", type: "events" }]) });
    expect(rage.length).toBeGreaterThan(0);
    expect(rage.length).toBeLessThan(all.length);
    const bad = await api.GET("/api/environments/{project_id}/session_recordings/", { params: { path: project, query: { events: "[not json" } } });
    expect(bad.error).toMatchObject({ attr: "events" });
  });
});

describe("subscriptions", () => {
  const subscriptionPath = "/api/environments/{project_id}/subscriptions/{id}/" as const;
  const create = { target_type: "email", target_value: "maya.okafor@example.com", frequency: "weekly", start_date: "2026-11-23T09:00:00Z" } as const;

  it("applies the create rule, naming the field", async () => {
    const { api } = mockedClient();
    const result = await api.POST("/api/environments/{project_id}/subscriptions/", { params: { path: project }, body: create });
    expect(result.response.status).toBe(400);
    // The service's words for a create with nothing to deliver: a non-field error (openapi/DECISIONS.md, "Subscription create rules").
    expect(result.error).toEqual({
      type: "validation_error",
      code: "invalid_input",
      detail: "A subscription must have an insight, a dashboard, or a prompt.",
      attr: null,
    });
    const missing = await api.POST("/api/environments/{project_id}/subscriptions/", {
      params: { path: project },
      body: { insight: 1 } as unknown as typeof create,
    });
    expect(missing.error).toMatchObject({ code: "required", attr: "target_type" });
  });

  it("sets next_delivery_date from start_date, frequency and interval", async () => {
    const { api } = mockedClient({ now });
    const created = unwrap(await api.POST("/api/environments/{project_id}/subscriptions/", { params: { path: project }, body: { ...create, insight: 14872 } }));
    expect(created.next_delivery_date).toBe("2026-11-23T09:00:00Z");
    expect(created.summary).toBe("sent every week");
    const path = { ...project, id: created.id };
    const moved = unwrap(await api.PATCH(subscriptionPath, { params: { path }, body: { start_date: "2026-11-01T09:00:00Z", interval: 2 } }));
    expect(moved.next_delivery_date).toBe("2026-11-29T09:00:00Z");
    expect(moved.summary).toBe("sent every 2 weeks");
  });

  it("soft-deletes: hidden from the listing, 404 on GET, listed with deleted=true, restored by PATCH", async () => {
    const { api } = mockedClient();
    const path = { ...project, id: 902 };
    unwrap(await api.PATCH(subscriptionPath, { params: { path }, body: { deleted: true } }));
    expect((await api.GET(subscriptionPath, { params: { path } })).response.status).toBe(404);
    const listing = (query: Record<string, unknown>) =>
      api.GET("/api/environments/{project_id}/subscriptions/", { params: { path: project, query: { limit: 100, ...query } } });
    expect(unwrap(await listing({})).results.map((s) => s.id)).not.toContain(902);
    expect(unwrap(await listing({ deleted: true })).results.map((s) => s.id)).toEqual([902]);
    unwrap(await api.PATCH(subscriptionPath, { params: { path }, body: { deleted: false } }));
    expect(unwrap(await api.GET(subscriptionPath, { params: { path } })).id).toBe(902);
    const del = await api.DELETE(subscriptionPath, { params: { path } });
    expect(del.response.status).toBe(405);
    expect(del.response.headers.get("Allow")).toBe(documentedAllow);
  });
});

describe("projects", () => {
  it("lists two projects, and an unknown project is 404", async () => {
    const { api } = mockedClient();
    expect(unwrap(await api.GET("/api/projects/")).results.map((p) => p.id)).toEqual([28417, 28502]);
    const unknown = await api.GET("/api/environments/{project_id}/session_recordings/", { params: { path: { project_id: "1" } } });
    expect(unknown.response.status).toBe(404);
  });
});
