// The live profile against PostHog's newest stored source (issues 34, items 1-5, and 39, items
// 1-6; openapi/overlays/live.yaml cites each fact): the recording-api failure's words, a
// playlist's recordings/ paging, the recordings listing's pydantic 400s, the subscription count
// check that refuses nothing, the AI-summary cap, the key refusals' wording, player_metadata,
// the 404s of a delete, the session lookups, and the two refusals of a prompt write. The
// engine checks every answer against the live description and throws on one that breaks it.
import { describe, expect, it } from "vitest";
import { createMock as createSeedMock } from "../../src/mock/index.js";
import { createMock, type MockOptions } from "../../src/mock/live.js";

const origin = "http://mock.local";
const project = `${origin}/api/environments/28417`;
const subscription = { target_type: "email", target_value: "a@example.com", frequency: "daily", interval: 1, start_date: "2026-01-01T00:00:00Z" };

function liveMock(options: MockOptions = {}, key = "phx_live") {
  const mock = createMock({ now: () => new Date("2026-11-25T12:00:00Z"), ...options });
  const call = async (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const response = await mock.fetch(`${path.startsWith("http") ? "" : project}${path}`, {
      method: init.method ?? "GET",
      headers: { Authorization: `Bearer ${key}`, ...(init.body === undefined ? {} : { "Content-Type": "application/json" }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
  };
  return { mock, call };
}

/** A playlist of `type` holding the project's first `count` recordings, the last of them added first. */
async function playlistWith({ mock, call }: ReturnType<typeof liveMock>, type: "collection" | "filters", count: number) {
  const filters = type === "filters" ? { filters: { events: [{ id: "$pageview" }] } } : {};
  const created = await call("/session_recording_playlists/", { method: "POST", body: { name: `${type} paging`, type, ...filters } });
  const shortId = String(created.body.short_id);
  // Back two years: the listing's default window is three days.
  const listed = (await call(`/session_recordings/?limit=${count}&date_from=-2y`)).body.results as { id: string }[];
  if (type === "collection") {
    for (const recording of listed) await call(`/session_recording_playlists/${shortId}/recordings/${recording.id}/`, { method: "POST" });
  } else {
    // A saved filter takes no recording added by hand (400): one that holds some is an older state's.
    const state = mock.snapshot();
    state.projects["28417"]!.members[shortId] = listed.map((r) => r.id).reverse();
    mock.restore(state);
  }
  return `/session_recording_playlists/${shortId}/recordings/`;
}

const ids = (page: Record<string, unknown>) => (page.results as { id: string }[]).map((r) => r.id);

describe("a recording's delete (34.1, 39.4)", () => {
  it("words the recording-api failure as the source raises it", async () => {
    const { call } = liveMock();
    const failed = await call("/session_recordings/0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52/", { method: "DELETE", headers: { Prefer: "code=500" } });
    expect(failed).toEqual({
      status: 500,
      body: { type: "server_error", code: "recording_api_failure", detail: "Failed to delete recording via recording-api", attr: null },
    });
  });

  it("answers 404 for an unknown project only, in the routing mixin's words, never for an unknown recording", async () => {
    const { call } = liveMock();
    const unknownRecording = await call("/session_recordings/0193ffff-0000-7000-8000-000000000000/", { method: "DELETE" });
    expect(unknownRecording.status).toBe(204);
    const unknownProject = await call(`${origin}/api/environments/99999/session_recordings/0193ffff-0000-7000-8000-000000000000/`, { method: "DELETE" });
    expect(unknownProject).toEqual({ status: 404, body: { type: "invalid_request", code: "not_found", detail: "Project not found.", attr: null } });
    const sharing = await call(`${origin}/api/environments/99999/session_recordings/0193ffff-0000-7000-8000-000000000000/sharing/`);
    expect(sharing.status).toBe(404);
  });
});

describe("a playlist's recordings/ paging (34.2, 39.1)", () => {
  it("takes 0 and negative numbers, as int() does, and a collection answers the same recordings whatever is asked", async () => {
    const live = liveMock();
    const { call } = live;
    const collection = await playlistWith(live, "collection", 3);
    const all = await call(collection);
    expect(ids(all.body)).toHaveLength(3);
    for (const query of ["limit=1", "limit=0", "limit=-5", "offset=2", "offset=-1", "limit=1&offset=1"]) {
      const page = await call(`${collection}?${query}`);
      expect(page.status, query).toBe(200);
      expect(ids(page.body), query).toEqual(ids(all.body));
      expect(page.body).toMatchObject({ has_next: false, version: 4 });
    }
  });

  it("answers a collection's recordings in long-term storage, every one whatever its date, and of the rest the 50 starting last within a year", async () => {
    const state = createMock().snapshot();
    const recordings = state.projects["28417"]!.recordings;
    const yearAgo = Date.parse("2025-11-25T12:00:00Z");
    const older = (r: (typeof recordings)[number], days: number) => {
      r.start_time = new Date(yearAgo - days * 86_400_000).toISOString();
      r.end_time = new Date(yearAgo - days * 86_400_000 + 60_000).toISOString();
    };
    // 60 in long-term storage, two of them from before the year; three others from before it; 62 others within it.
    recordings.forEach((r, i) => {
      r.storage = i < 60 ? "object_storage_lts" : "object_storage";
      if (i === 0 || i === 1 || i === 60 || i === 61 || i === 62) older(r, 30 + i);
    });
    const live = liveMock({ snapshot: state });
    const { call } = live;
    const collection = await playlistWith(live, "collection", recordings.length);
    const members = ids((await call(collection)).body);
    const persisted = new Set(recordings.slice(0, 60).map((r) => r.id));
    const queried = recordings
      .filter((r) => !persisted.has(r.id) && Date.parse(r.start_time!) >= yearAgo)
      .sort((a, b) => Date.parse(b.start_time!) - Date.parse(a.start_time!))
      .slice(0, 50)
      .map((r) => r.id);
    for (const query of ["", "?limit=5", "?offset=100", "?limit=500"]) {
      const page = await call(`${collection}${query}`);
      expect(page.status, query).toBe(200);
      expect(ids(page.body), query).toHaveLength(110);
      expect(new Set(ids(page.body)), query).toEqual(new Set([...persisted, ...queried]));
      expect(page.body.has_next, query).toBe(true);
      expect(ids(page.body), query).toEqual(members);
    }
    // In the collection's order, newest added first: the listing's order reversed.
    const added = ids((await call(`/session_recordings/?limit=${recordings.length}&date_from=-2y`)).body).reverse();
    expect(members).toEqual(added.filter((id) => members.includes(id)));
  });

  it("passes limit and offset on for a filters playlist, 0 and negative ones too", async () => {
    const live = liveMock();
    const { call } = live;
    const filters = await playlistWith(live, "filters", 3);
    const all = ids((await call(filters)).body);
    expect((await call(`${filters}?limit=1&offset=1`)).body).toMatchObject({ results: [{ id: all[1] }], has_next: true });
    expect((await call(`${filters}?limit=0`)).body).toMatchObject({ results: [], has_next: true });
    expect(ids((await call(`${filters}?limit=-5`)).body)).toEqual([]);
    // The page is the recordings listing's (newest start first), shown in the pinned order: oldest pinned last.
    expect(ids((await call(`${filters}?offset=-4&limit=2`)).body)).toEqual(all.slice(1));
  });

  it("answers a synthetic playlist's page for any integer, and names a non-integer in its 400 where the source fails", async () => {
    const { call } = liveMock();
    for (const query of ["limit=0", "limit=-1", "offset=-3"]) {
      const page = await call(`/session_recording_playlists/synthetic-watch-history/recordings/?${query}`);
      expect(page, query).toEqual({ status: 200, body: { results: [], has_next: false, version: 4 } });
    }
    for (const name of ["limit", "offset"]) {
      const refused = await call(`/session_recording_playlists/synthetic-watch-history/recordings/?${name}=abc`);
      expect(refused.status, name).toBe(400);
      expect(refused.body.attr, name).toBe(name);
    }
  });
});

describe("the recordings listing's refusals (34.3, 39.2)", () => {
  it("answers limit=abc with pydantic's errors, url included, where the DRF listings read it as the default", async () => {
    const { call } = liveMock();
    const refused = await call("/session_recordings/?limit=abc");
    expect(refused).toEqual({
      status: 400,
      body: {
        type: "validation_error",
        code: "invalid_input",
        detail:
          '[{"type": "int_parsing", "loc": ["limit"], "msg": "Input should be a valid integer, unable to parse string as an integer", "input": "abc", "url": "https://errors.pydantic.dev/2.12/v/int_parsing"}]',
        attr: null,
      },
    });
    expect((await call("/subscriptions/?limit=abc")).status).toBe(200);
  });

  it("lists every refused parameter in one detail, as errors() does", async () => {
    const { call } = liveMock();
    const refused = await call("/session_recordings/?offset=1.5&order=nope");
    const errors = JSON.parse(String(refused.body.detail)) as { type: string; loc: string[]; input: unknown; url: string }[];
    expect(errors.map((e) => [e.loc[0], e.type, e.input])).toEqual([
      ["offset", "int_from_float", 1.5],
      ["order", "enum", "nope"],
    ]);
    expect(errors.every((e) => e.url === `https://errors.pydantic.dev/2.12/v/${e.type}`)).toBe(true);
  });
});

describe("the subscription count limit (34.4; audit b)", () => {
  it("creates past 200 subscriptions not deleted: the count check only reports, it never refuses", async () => {
    const state = createMock().snapshot();
    const [model] = state.projects["28417"]!.subscriptions;
    const base = state.nextId.subscription;
    state.projects["28417"]!.subscriptions = Array.from({ length: 200 }, (_, i) => ({ ...model!, id: base + i, deleted: false }));
    // The story's delivery is of a subscription this state no longer holds.
    state.projects["28417"]!.deliveries = [];
    state.nextId.subscription = base + 200;
    const { call } = liveMock({ snapshot: state });
    const created = await call("/subscriptions/", { method: "POST", body: { ...subscription, insight: 1 } });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(base + 200);
    expect((await call("/subscriptions/", { method: "POST", body: { ...subscription, insight: 1 } })).status).toBe(201);
  });
});

describe("the AI-summary cap (audit c)", () => {
  /** Creates a subscription whose AI summary is on, in `path`'s project. */
  const summarised = (call: ReturnType<typeof liveMock>["call"], path = "/subscriptions/") =>
    call(path, { method: "POST", body: { ...subscription, insight: 1, summary_enabled: true } });
  const capReached = {
    status: 402,
    body: {
      type: "server_error",
      code: "quota_limit_exceeded",
      detail: "Your plan allows up to 20 active AI summaries. Disable an existing summary or upgrade your plan to add more.",
      attr: null,
    },
  };

  it("refuses a restore of a deleted subscription whose summary is on at the organization's cap, as a write turning one on", async () => {
    const { mock, call } = liveMock();
    // 19 active summaries in this project and one in the organization's other project: the cap, 20.
    const deleted = await summarised(call);
    await call(`/subscriptions/${deleted.body.id}/`, { method: "PATCH", body: { deleted: true } });
    const active: unknown[] = [];
    for (let i = 0; i < 19; i++) active.push((await summarised(call)).body.id);
    expect((await summarised(call, `${origin}/api/environments/28502/subscriptions/`)).status).toBe(201);

    const before = mock.snapshotJson();
    expect(await call(`/subscriptions/${deleted.body.id}/`, { method: "PATCH", body: { deleted: false } })).toEqual(capReached);
    expect(await summarised(call)).toEqual(capReached);
    expect(mock.snapshotJson()).toBe(before);
    const off = (await call("/subscriptions/", { method: "POST", body: { ...subscription, insight: 1 } })).body.id;
    expect(await call(`/subscriptions/${off}/`, { method: "PATCH", body: { summary_enabled: true } })).toEqual(capReached);
    // Not a new active summary: an active one's update, and a restore of a deleted one whose summary is off.
    expect((await call(`/subscriptions/${active[0]}/`, { method: "PATCH", body: { title: "Renamed" } })).status).toBe(200);
    await call(`/subscriptions/${off}/`, { method: "PATCH", body: { deleted: true } });
    expect((await call(`/subscriptions/${off}/`, { method: "PATCH", body: { deleted: false } })).status).toBe(200);

    // One summary turned off frees a place, which the restore takes.
    await call(`/subscriptions/${active[1]}/`, { method: "PATCH", body: { summary_enabled: false } });
    const restored = await call(`/subscriptions/${deleted.body.id}/`, { method: "PATCH", body: { deleted: false } });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ deleted: false, summary_enabled: true });
    expect(await call(`/subscriptions/${active[1]}/`, { method: "PATCH", body: { summary_enabled: true } })).toEqual(capReached);
  });
});

describe("the key refusals (34.5, 39.6)", () => {
  it("refuses personal API keys in the newest wording, and a key with no scopes for the scope it lacks", async () => {
    const readOnly = liveMock({}, "phx_readonly");
    const refused = await readOnly.call("/session_recordings/ai/regex/", { method: "POST", body: { regex: "x" } });
    expect(refused.body).toMatchObject({ code: "permission_denied", detail: "This action does not support personal API key access" });
    const unscoped = liveMock({ keys: { phx_none: [] } }, "phx_none");
    expect((await unscoped.call("/session_recordings/")).body).toMatchObject({ detail: "API key missing required scope 'session_recording:read'" });
  });

  it("refuses a prompt write to a key without query:read in the scope check's words, on create and on update", async () => {
    const keys = { phx_subs: ["subscription:write", "subscription:read"], phx_query: ["subscription:write", "query:read"] };
    const without = liveMock({ keys }, "phx_subs");
    const refused = await without.call("/subscriptions/", { method: "POST", body: { ...subscription, prompt: "Weekly signups" } });
    expect(refused).toEqual({
      status: 403,
      body: { type: "authentication_error", code: "permission_denied", detail: "API key missing required scope 'query:read'", attr: null },
    });
    expect((await without.call("/subscriptions/", { method: "POST", body: { ...subscription, insight: 1 } })).status).toBe(201);
    const withQuery = liveMock({ keys }, "phx_query");
    const created = await withQuery.call("/subscriptions/", { method: "POST", body: { ...subscription, prompt: "Weekly signups" } });
    expect(created.status).toBe(201);
    // The same mock's state, through the key without query:read: an update of a prompt subscription needs it too.
    const id = created.body.id;
    const update = await withQuery.mock.fetch(`${project}/subscriptions/${id}/`, {
      method: "PATCH",
      headers: { Authorization: "Bearer phx_subs", "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Renamed" }),
    });
    expect(update.status).toBe(403);
    expect(await update.json()).toMatchObject({ detail: "API key missing required scope 'query:read'" });
  });
});

describe("a recording's PATCH (39.3)", () => {
  it("takes player_metadata without storing it, and refuses null", async () => {
    const { mock, call } = liveMock();
    const recording = "/session_recordings/0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52/";
    const marked = await call(recording, { method: "PATCH", body: { viewed: true, player_metadata: { id: "pm-marker-7f3a", recording_duration: 4242 } } });
    expect(marked).toEqual({ status: 200, body: { success: true } });
    expect(mock.snapshotJson()).not.toContain("pm-marker-7f3a");
    expect((await call(recording)).body).not.toHaveProperty("player_metadata");
    const refused = await call(recording, { method: "PATCH", body: { viewed: true, player_metadata: null } });
    expect(refused.status).toBe(400);
    expect(refused.body.attr).toBe("player_metadata");
  });
});

describe("a recording's PATCH with neither flag (39.9)", () => {
  it("is refused in the serializer's words with attr null, while a field of the wrong type is still named", async () => {
    const { call } = liveMock();
    const recording = "/session_recordings/0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52/";
    const neither = { type: "validation_error", code: "invalid_input", detail: "At least one of 'viewed' or 'analyzed' must be provided.", attr: null };
    for (const body of [{}, { viewed: false }, { analyzed: false, viewed: false }, { player_metadata: {} }]) {
      expect(await call(recording, { method: "PATCH", body }), JSON.stringify(body)).toEqual({ status: 400, body: neither });
    }
    const typed = await call(recording, { method: "PATCH", body: { viewed: "yes" } });
    expect(typed.status).toBe(400);
    expect(typed.body.attr).toBe("viewed");
  });
});

describe("the session lookups (39.5)", () => {
  it("never refuses a property_definitions query", async () => {
    const { call } = liveMock();
    for (const query of ["is_numerical=maybe", "is_numerical=", "search=%24%24", "is_numerical=TRUE&search=x"])
      expect((await call(`/sessions/property_definitions/?${query}`)).status, query).toBe(200);
  });
});

describe("the main description's error codes (34.6)", () => {
  it("answers invalid_input from the description's mock too, as the service's handler renames invalid", async () => {
    const mock = createSeedMock();
    const response = await mock.fetch(`${project}/session_recording_playlists/`, {
      method: "POST",
      headers: { Authorization: "Bearer phx_seed", "Content-Type": "application/json" },
      body: JSON.stringify({ name: "x", pinned: "yes" }),
    });
    expect(await response.json()).toEqual({ type: "validation_error", code: "invalid_input", detail: "Must be a valid boolean.", attr: "pinned" });
  });

  it("answers an interval below 1 with the service's min_value from the description's mock too (39.8)", async () => {
    const response = await createSeedMock().fetch(`${project}/subscriptions/`, {
      method: "POST",
      headers: { Authorization: "Bearer phx_seed", "Content-Type": "application/json" },
      body: JSON.stringify({ ...subscription, insight: 1, interval: 0 }),
    });
    expect(await response.json()).toEqual({
      type: "validation_error",
      code: "min_value",
      detail: "Ensure this value is greater than or equal to 1.",
      attr: "interval",
    });
  });
});

describe("the project listing's project_id (issue 43, the version set's re-read)", () => {
  it("sends each project's own id again as project_id in the live profile, and not in the seed's", async () => {
    const { call } = liveMock();
    const live = (await call(`${origin}/api/projects/`)).body.results as { id: number; project_id?: number }[];
    expect(live.length).toBeGreaterThan(1);
    for (const project of live) expect(project.project_id).toBe(project.id);
    const seed = await createSeedMock().fetch(`${origin}/api/projects/`, { headers: { Authorization: "Bearer phx_seed" } });
    for (const project of ((await seed.json()) as { results: Record<string, unknown>[] }).results) expect(project).not.toHaveProperty("project_id");
  });
});
