// The live recordings listing and recording as PostHog's newest recordings test says (issue 45),
// where the replayed cases in test/posthog do not pin it: the parameters the service drops
// before validating, the default window beside an explicit one, a selected recording the
// project has not, the fields worked out from a recording's retention, and what the bulk
// delete takes from the state and which cached reads it changes.
import { describe, expect, it } from "vitest";
import { queriesChangedBy } from "../../src/live-query.js";
import { createMock } from "../../src/mock/live.js";
import type { Recording } from "../../src/mock/state/state.js";

const origin = "http://mock.local";
const project = `${origin}/api/environments/28417`;
const now = new Date("2026-11-25T12:00:00Z");

function liveMock() {
  const mock = createMock({ now: () => now });
  const call = async (path: string, body?: unknown) => {
    const headers = { Authorization: "Bearer phx_live", "Content-Type": "application/json" };
    const response = await mock.fetch(`${project}${path}`, body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { mock, call };
}

const ids = (body: Record<string, unknown>) => (body.results as { id: string }[]).map((r) => r.id);
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/** The live mock with the project's recordings replaced by `recordings`, each started `days` ago. */
function withRecordings(recordings: { days: number; fields?: Partial<Recording> }[]) {
  const live = liveMock();
  const state = live.mock.snapshot();
  const held = state.projects["28417"]!;
  const template = held.recordings[0]!;
  held.recordings = recordings.map(({ days, fields }, i) => ({
    ...template,
    id: `0190a6f2-0000-7000-8000-0000000000${String(i).padStart(2, "0")}`,
    start_time: daysAgo(days),
    end_time: daysAgo(days),
    viewed: false,
    viewers: [],
    ...fields,
  }));
  held.members = {};
  held.activity = {};
  held.sharing = {};
  live.mock.restore(state);
  return { ...live, held: held.recordings };
}

describe("the live recordings listing (issue 45)", () => {
  it("takes the parameters the service drops before validating, and refuses any other it has not", async () => {
    const { call } = liveMock();
    expect((await call("/session_recordings/?version=2&hogql_filtering=1&as_query=1")).status).toBe(200);
    const refused = await call("/session_recordings/?tomato=potato&version=2");
    expect(refused.status).toBe(400);
    expect(JSON.parse(String(refused.body.detail))).toEqual([
      {
        type: "extra_forbidden",
        loc: ["tomato"],
        msg: "Extra inputs are not permitted",
        input: "potato",
        url: "https://errors.pydantic.dev/2.12/v/extra_forbidden",
      },
    ]);
  });

  it("looks three days back by default, as far as date_from says otherwise", async () => {
    const { call, held } = withRecordings([{ days: 1 }, { days: 5 }]);
    expect(ids((await call("/session_recordings/")).body)).toEqual([held[0]!.id]);
    expect(ids((await call("/session_recordings/?date_from=-7d")).body)).toEqual([held[0]!.id, held[1]!.id]);
  });

  it("answers a session_recording_id the project has not with the page alone, every recording matching the filters", async () => {
    const { call, held } = withRecordings([{ days: 1 }]);
    const page = await call("/session_recordings/?session_recording_id=0190a6f2-0000-7000-8000-00000000ffff");
    expect(ids(page.body)).toEqual([held[0]!.id]);
    expect(page.body.results).toEqual([expect.objectContaining({ matches_filters: true })]);
  });
});

describe("the live recording's fields (issue 45)", () => {
  it("works expiry_time and recording_ttl out from the start and the retention, and answers null without a retention", async () => {
    const { call, held } = withRecordings([{ days: 1, fields: { retention_period_days: 30 } as never }, { days: 2 }]);
    const kept = await call(`/session_recordings/${held[0]!.id}/`);
    expect(kept.body).toMatchObject({ retention_period_days: 30, expiry_time: "2026-12-24T00:00:00Z", recording_ttl: 29, total_size: null, event_count: null });
    const unknown = await call(`/session_recordings/${held[1]!.id}/`);
    expect(unknown.body).toMatchObject({
      retention_period_days: null,
      expiry_time: null,
      recording_ttl: null,
      external_references: [],
      snapshot_library: null,
    });
    expect(unknown.body).not.toHaveProperty("has_summary");
  });
});

describe("the live bulk delete (issue 45)", () => {
  it("deletes the ids found since date_from, out of the playlists too, and skips the others", async () => {
    const { mock, call, held } = withRecordings([{ days: 1 }, { days: 100 }, { days: 2 }]);
    const state = mock.snapshot();
    state.projects["28417"]!.members[state.projects["28417"]!.playlists[0]!.short_id] = [held[0]!.id];
    mock.restore(state);
    const ids = [held[0]!.id, held[1]!.id, "0190a6f2-0000-7000-8000-00000000ffff"];
    const answer = await call("/session_recordings/bulk_delete/", { session_recording_ids: ids });
    expect(answer).toEqual({ status: 200, body: { success: true, deleted_count: 1, total_requested: 3, failed_ids: [] } });
    const left = mock.snapshot().projects["28417"]!;
    expect(left.recordings.map((r) => r.id)).toEqual([held[1]!.id, held[2]!.id]);
    expect(Object.values(left.members).flat()).not.toContain(held[0]!.id);
    // Past the default 90 days only when date_from reaches it.
    expect((await call("/session_recordings/bulk_delete/", { session_recording_ids: [held[1]!.id], date_from: "-101d" })).body.deleted_count).toBe(1);
  });

  it("changes the cached reads of the playlists that held a recording", () => {
    const changed = queriesChangedBy("post", "/api/environments/{project_id}/session_recordings/bulk_delete/", {
      params: { path: { project_id: "28417" } },
      body: { session_recording_ids: ["x"] },
    });
    const read = (path: string) => ["get", path, { params: { path: { project_id: "28417", short_id: "Ub3KpD7w" } } }];
    expect(changed.matchesKey(read("/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/"))).toBe(true);
    expect(changed.matchesKey(read("/api/environments/{project_id}/session_recording_playlists/"))).toBe(true);
  });
});
