// What a hostile review of the recorder found reaching the output, each tried as an account
// would hold it, against the live-profile mock in-process: numbers where phone numbers go, the
// key pasted into a playlist, a start_url with no scheme, and property and filter keys that
// carry a name. None may survive, and the recorded filters must still match what they matched.
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/live.js";
import { createMock } from "../../src/mock/live.js";
import type { MockState } from "../../src/mock/state/state.js";
import { recordAccount } from "../../src/record/record.js";

const projectId = "28417";
const path = { project_id: projectId };
const now = new Date();

/** The mock's story, one project and ten recordings, each with a click count of its own; `change` plants what a test needs. */
function account(change: (project: MockState["projects"][string]) => void): MockState {
  const state = createMock({ now: () => now }).snapshot();
  for (const id of Object.keys(state.projects)) if (id !== projectId) delete state.projects[id];
  const project = state.projects[projectId]!;
  project.recordings = project.recordings.slice(0, 10).map((recording, i) => ({ ...recording, click_count: 9000 + i }));
  for (const id of Object.keys(project.members)) project.members[id] = [];
  Object.assign(project, { activity: {}, sharing: {} });
  change(project);
  return state;
}

const record = (state: MockState, extra: Partial<Parameters<typeof recordAccount>[0]> = {}) =>
  recordAccount({
    baseUrl: "http://mock.local",
    apiKey: "phx_hostile_review",
    project: projectId,
    fetch: createMock({ snapshot: state, now: () => now }).fetch,
    paceMs: 0,
    recordingsPaceMs: 0,
    salt: "hostile",
    now,
    ...extra,
  });

/** The click counts of the recordings a person-property filter lists, on `state`. */
async function matching(state: MockState, filters: unknown): Promise<number[]> {
  const api = createClient({ baseUrl: "http://mock.local", apiKey: "phx_hostile_review", fetch: createMock({ snapshot: state, now: () => now }).fetch });
  const out: number[] = [];
  for await (const r of api.paginate("/api/environments/{project_id}/session_recordings/", {
    params: { path, query: { date_from: "-90d", properties: JSON.stringify(filters) } as never },
  }))
    out.push(r.click_count ?? -1);
  return out.sort();
}

/** The playlist a test plants filters in: the story's first of type `filters`, by its short_id (kept by the recorder). */
const plantedIn = (project: MockState["projects"][string]) => project.playlists.find((p) => p.type === "filters")!;
const filtersOf = (state: MockState, of: MockState) => {
  const { short_id } = plantedIn(of.projects[projectId]!);
  return state.projects[projectId]!.playlists.find((p) => p.short_id === short_id)!.filters as { properties: unknown[] };
};

describe("the recorder against a hostile account", () => {
  it("maps numbers under free keys like text: a filter's phone number, alone or in a list, and a kept property's; the filters still match", async () => {
    const source = account((project) => {
      Object.assign(project.recordings[3]!.person!.properties as object, { $os_version: 4155550123, phone: 4155550123 });
      Object.assign(plantedIn(project), {
        filters: {
          properties: [
            { key: "phone", type: "person", value: 4155550123, operator: "exact" },
            { key: "phone", type: "person", value: [447946095800, 14155550123], operator: "exact" },
            { key: "$os_version", type: "person", value: 4155550123, operator: "exact" },
          ],
        },
      });
    });
    const recording = await record(source);
    const text = JSON.stringify(recording.snapshot) + JSON.stringify(recording.sidecar);
    for (const number of ["4155550123", "447946095800", "14155550123"]) expect(text).not.toContain(number);
    const written = filtersOf(recording.snapshot, source).properties;
    expect(await matching(recording.snapshot, [written[2]])).toEqual(await matching(source, [filtersOf(source, source).properties[2]]));
    expect(await matching(recording.snapshot, [written[2]])).toEqual([9003]);
  });

  it("writes the key pasted into a playlist's name or description nowhere, in any spelling: free text is synthetic", async () => {
    const apiKey = "phx_fake_pasted_key_000000000000";
    const source = account((project) => {
      project.playlists[0]!.name = `Review (key ${apiKey})`;
      project.playlists[1]!.description = `key, encoded: ${Buffer.from(apiKey).toString("base64")}`;
    });
    const recording = await record(source, { apiKey });
    const text = JSON.stringify(recording.snapshot) + JSON.stringify(recording.sidecar);
    for (const form of [apiKey, Buffer.from(apiKey).toString("base64"), "phx_fake"]) expect(text).not.toContain(form);
  });

  it("maps the host of a start_url with no scheme, and templates its path", async () => {
    const source = account((project) => {
      project.recordings[0]!.start_url = "app.acme.com/u/jane@acme.com?x=1";
    });
    const recording = await record(source);
    const first = recording.snapshot.projects[projectId]!.recordings.find((r) => r.click_count === 9000)!;
    // `u` is one person's segment here (fewer than k persons' pages hold it): templated too.
    expect(first.start_url).toMatch(/^site-[a-z]+\.example\/:text\/:email$/);
  });

  it("writes keys that carry a name as one pseudonym each, in persons, filters and the sidecar, so the filters still match", async () => {
    const source = account((project) => {
      // Four persons hold the key: fewer than k.
      for (const [i, r] of project.recordings.entries()) if (i % 3 === 0) Object.assign(r.person!.properties as object, { jane_doe_vip: true });
      Object.assign(plantedIn(project), {
        filters: {
          properties: [
            { key: "jane_doe_vip", type: "person", value: true, operator: "exact" },
            { key: "jane_roe_notes", type: "person", value: "anything", operator: "icontains" },
          ],
          jane_poe_extra: { x: 1 },
        },
      });
    });
    const recording = await record(source);
    for (const text of [JSON.stringify(recording.snapshot), JSON.stringify(recording.sidecar)]) expect(text).not.toMatch(/jane_[drp]oe/);
    const [vip, notes] = filtersOf(recording.snapshot, source).properties as { key: string }[];
    const person = recording.snapshot.projects[projectId]!.recordings[0]!.person!.properties as Record<string, unknown>;
    expect(vip!.key).toMatch(/^property_[a-z]+$/);
    expect(person[vip!.key]).toBeTypeOf("boolean");
    expect(notes!.key).toMatch(/^property_[a-z]+$/);
    expect(recording.report.notReproducible.join("\n")).toContain(`on ${notes!.key} (icontains)`);
    expect(Object.keys(recording.report.dropped).filter((field) => /^playlist\.filters\.property_[a-z]+$/.test(field))).toHaveLength(1);
    expect(await matching(recording.snapshot, [vip])).toEqual(await matching(source, [filtersOf(source, source).properties[0]]));
    expect(await matching(recording.snapshot, [vip])).toEqual([9000, 9003, 9006, 9009]);
  });
});
