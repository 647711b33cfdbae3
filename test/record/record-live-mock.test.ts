// The recorder against the live-profile mock server loaded with planted personal data: nothing
// planted survives, the output loads everywhere a snapshot does, and the recorded mock answers
// the same listings, counts, memberships and property filters as the source, modulo pseudonyms.
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type LiveApiClient, unwrap } from "../../src/live.js";
import { type StatefulMock, startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { createMock } from "../../src/mock/live.js";
import type { MockState } from "../../src/mock/state/state.js";
import { type Recording, recordAccount } from "../../src/record/record.js";
import { writeRecording } from "../../src/record/write-files.js";
import { planted, plantedClicks, plantedState, projectId } from "./planted.js";

const now = new Date();
const apiKey = "phx_recorder_test";
let source: StatefulMock;
let dir: string;
let recording: Recording;
const path = { project_id: projectId };

const record = (extra: Partial<Parameters<typeof recordAccount>[0]> = {}) =>
  recordAccount({ baseUrl: source.url, apiKey, project: projectId, paceMs: 0, recordingsPaceMs: 0, salt: "test salt", now, ...extra });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "record-"));
  source = await startStatefulMock({ port: 0, profile: "live", log: () => {} });
  source.mock.restore(plantedState(now));
  recording = await record();
});
afterAll(async () => {
  await source.stop();
  await rm(dir, { recursive: true, force: true });
});

const clientOn = (fetch: (input: Request, init?: RequestInit) => Promise<Response>): LiveApiClient =>
  createClient({ baseUrl: "http://mock.local", apiKey, fetch, maxRetries: 0 });
const sourceApi = () => createClient({ baseUrl: source.url, apiKey, maxRetries: 0 });

/** The lines git's diff finds removed from `before` and added in `after` (two files). */
function changedLines(before: string, after: string) {
  const diff = spawnSync("git", ["diff", "--no-index", "--no-color", "-U0", before, after], { encoding: "utf8", timeout: 10_000 });
  const lines = diff.stdout.split("\n").filter((line) => /^[-+]/.test(line) && !/^(---|\+\+\+) /.test(line));
  return {
    removed: lines.filter((line) => line.startsWith("-")).map((line) => line.slice(1)),
    added: lines.filter((line) => line.startsWith("+")).map((line) => line.slice(1)),
  };
}

type Query = Record<string, unknown>;
/** The click counts (unique for the planted recordings) of every recording a listing gives, sorted: comparable across pseudonyms. */
async function clicks(api: LiveApiClient, query: Query = {}): Promise<number[]> {
  const out: number[] = [];
  for await (const r of api.paginate("/api/environments/{project_id}/session_recordings/", { params: { path, query: query as never } }))
    out.push(r.click_count ?? -1);
  return out.sort((a, b) => a - b);
}

describe("a recording of the live mock with planted personal data", () => {
  it("holds no planted value, no email outside .invalid, no IP and no phone number", () => {
    const text = JSON.stringify(recording.snapshot).toLowerCase();
    for (const value of planted) expect(text, value).not.toContain(value.toLowerCase());
    const emails = text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [];
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.filter((email) => !email.endsWith(".invalid"))).toEqual([]);
    expect(text.match(/\b\d{1,3}(\.\d{1,3}){3}\b/g)).toBeNull();
    expect(JSON.stringify(recording.sidecar).toLowerCase()).not.toMatch(/plant|phx_|test salt/);
  });

  it("keeps the insights and dashboards its subscriptions name and their tiles, under placeholder names and pseudonymous short ids", () => {
    const recorded = recording.snapshot.projects[projectId]!;
    const source = plantedState(now).projects[projectId]!;
    const insights = new Map(recorded.insights!.map((i) => [i.id, i]));
    const named = recorded.subscriptions.filter((s) => s.insight != null);
    expect(named.length).toBeGreaterThan(0);
    // Short ids are pseudonyms (a source can put any eight characters there), one per insight, none the one read.
    for (const s of named) expect(insights.get(s.insight!)?.short_id).toMatch(/^[bcdfghjkmnpqrstvwxz]{10}$/);
    for (const s of named) expect(insights.get(s.insight!)?.short_id).not.toBe(source.insights!.find((i) => i.id === s.insight)!.short_id);
    expect(new Set(recorded.insights!.map((i) => i.short_id)).size).toBe(recorded.insights!.length);
    for (const dashboard of recorded.dashboards!) for (const id of dashboard.tiles) expect(insights.has(id), `tile ${id}`).toBe(true);
    const names = [...recorded.insights!.map((i) => i.name), ...recorded.dashboards!.map((d) => d.name)];
    for (const name of names) expect(name).toMatch(/^(Insight|Dashboard) \d+$/);
    expect(recording.report.replaced["insight and dashboard names (placeholders)"]).toBe(names.length);
  });

  it("drops what it does not know, and says so by count: unknown person properties, live-only fields, unknown filter keys", () => {
    const { dropped, replaced } = recording.report;
    expect(dropped["person.properties.$ip"]).toBeGreaterThan(0);
    // Fields the recorder does not know are counted, never named: a source's field name can carry anything.
    expect(dropped["recording (fields the recorder does not know)"]).toBeGreaterThan(0);
    expect(dropped["subscription (fields the recorder does not know)"]).toBeGreaterThan(0);
    expect(JSON.stringify(recording.sidecar)).not.toMatch(/external_references|snapshot_library|resource_name/);
    expect(replaced["person.properties.email"]).toBeGreaterThan(0);
    // Keys every planted person holds keep their names (k or more persons); a value that is a person's own (a phone, a secret) is dropped.
    expect(dropped["person.properties.custom_secret"]).toBe(12);
    expect(dropped["person.properties.phone"]).toBe(12);
    // A filter key the recorder does not know is named by its pseudonym, never as read.
    expect(Object.keys(dropped).filter((field) => /^playlist\.filters\.property_[a-z]+$/.test(field))).toHaveLength(1);
    expect(JSON.stringify(recording.sidecar)).not.toMatch(/unknown_note|PlantedCustomValue/);
    const recorded = recording.snapshot.projects[projectId]!;
    const planted0 = recorded.recordings.find((r) => r.click_count === plantedClicks(0))!;
    expect(Object.keys(planted0.person!.properties as object).sort()).toEqual([
      "$browser",
      "$current_url",
      "$geoip_country_code",
      "$os",
      "email",
      "is_test_account",
      "name",
    ]);
    expect((planted0 as { retention_period_days?: number }).retention_period_days).toBe(30);
    expect(planted0.start_url).toMatch(/^https:\/\/site-[a-z]+\.example\/users\/:email\/orders\/:id$/);
    expect(recorded.sharing).toEqual({});
    const targets = recorded.subscriptions.map((s) => s.target_value);
    for (const target of targets) expect(target).toMatch(/^(user-\d+@example\.invalid(,user-\d+@example\.invalid)*|#channel-[a-z]+)$/);
    expect(targets.filter((target) => target.includes(","))).not.toEqual([]);
    expect(recorded.subscriptions.every((s) => s.invite_message === null)).toBe(true);
  });

  it("gives a distinct id one pseudonym in the recording, its person and a playlist's filters; staff one in every place", () => {
    const recorded = recording.snapshot.projects[projectId]!;
    const r2 = recorded.recordings.find((r) => r.click_count === plantedClicks(2))!;
    const r3 = recorded.recordings.find((r) => r.click_count === plantedClicks(3))!;
    expect(r2.person!.distinct_ids).toBe(r2.distinct_id);
    const filters = recorded.playlists.find((p) => Array.isArray((p.filters as { distinct_ids?: unknown }).distinct_ids))!.filters as Record<string, unknown>;
    expect(filters.distinct_ids).toEqual([r2.distinct_id, r3.distinct_id]);
    expect((filters.properties as { value: string[] }[])[0]!.value).toEqual([(r2.person!.properties as Record<string, string>).email]);
    const creators = new Set(recorded.playlists.filter((p) => p.created_by?.id !== undefined).map((p) => JSON.stringify(p.created_by)));
    const collection = plantedState(now).projects[projectId]!.playlists.find((p) => p.type === "collection")!;
    const staff = recorded.playlists.find((p) => p.short_id === collection.short_id)!.created_by!;
    expect(creators.has(JSON.stringify(staff))).toBe(true);
    expect(r2.viewers).toContain(staff.email);
  });

  it("names the filters the recorded mock cannot reproduce: events, partial matches on pseudonyms", () => {
    const lines = recording.report.notReproducible.join("\n");
    expect(lines).toMatch(/filters\.events \(\$pageview\): the API gives no recording's events/);
    expect(lines).toMatch(/on email \(icontains\)/);
  });

  it("answers the same listings, counts, memberships and property filters as the source", async () => {
    const replay = createMock({ snapshot: recording.snapshot });
    const api = clientOn(replay.fetch);
    const from = sourceApi();
    const queries: Query[] = [
      {},
      { date_from: "-30d" },
      { date_from: "-90d", order: "duration" },
      { date_from: "-30d", filter_test_accounts: true },
      { date_from: "-30d", properties: JSON.stringify([{ key: "$browser", type: "person", value: "Firefox", operator: "exact" }]) },
      { date_from: "-30d", properties: JSON.stringify([{ key: "$os", type: "person", value: "is_set", operator: "is_set" }]) },
    ];
    for (const query of queries) expect(await clicks(api, query), JSON.stringify(query)).toEqual(await clicks(from, query));
    expect((await clicks(api, { date_from: "-90d" })).filter((c) => c >= 7000)).toHaveLength(12);

    // A filter on a pseudonymised value matches when given the pseudonym.
    const recorded = recording.snapshot.projects[projectId]!;
    const pseudonym = (recorded.recordings.find((r) => r.click_count === plantedClicks(4))!.person!.properties as Record<string, string>).email;
    const byEmail = (value: string) => JSON.stringify([{ key: "email", type: "person", value, operator: "exact" }]);
    expect(await clicks(api, { date_from: "-30d", properties: byEmail(pseudonym!) })).toEqual(
      await clicks(from, { date_from: "-30d", properties: byEmail("plant.person4@plantco.com") }),
    );
    expect(await clicks(api, { date_from: "-30d", properties: byEmail(pseudonym!) })).toEqual([plantedClicks(4)]);

    const listPlaylists = async (a: LiveApiClient) => {
      const out: { short_id: string; counts: unknown; members: number[] }[] = [];
      for await (const p of a.paginate("/api/environments/{project_id}/session_recording_playlists/", {
        params: { path, query: { collection_type: "custom" } },
      })) {
        const members: number[] = [];
        for await (const r of a.paginate("/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/", {
          params: { path: { ...path, short_id: p.short_id } },
        }))
          members.push(r.click_count ?? -1);
        out.push({ short_id: p.short_id, counts: p.recordings_counts, members: members.sort((x, y) => x - y) });
      }
      return out.sort((x, y) => x.short_id.localeCompare(y.short_id));
    };
    const playlists = await listPlaylists(api);
    expect(playlists).toEqual(await listPlaylists(from));
    expect(playlists.some((p) => p.members.includes(plantedClicks(11)))).toBe(true);

    const subscriptions = async (a: LiveApiClient) => (await a.GET("/api/environments/{project_id}/subscriptions/", { params: { path } })).data?.count;
    expect(await subscriptions(api)).toBe(await subscriptions(from));
  });

  it("sent GET only, and never asked for snapshots, sharing or the AI helpers", () => {
    const requests = source.mock.requests();
    expect(requests.length).toBeGreaterThan(5);
    expect(requests.filter((r) => r.method !== "GET" && r.method !== "HEAD")).toEqual([]);
    expect(requests.filter((r) => /snapshots|sharing|\/ai\//.test(r.path))).toEqual([]);
  });

  it("loads through --persist, PUT /__mock/state and restore(), in the live profile", async () => {
    const file = join(dir, "acme.mock.json");
    const written = await writeRecording(file, recording);
    expect(JSON.parse(await readFile(written.sidecar, "utf8"))).toMatchObject({
      host: new URL(source.url).host,
      project: projectId,
      options: { salted: true },
      counts: recording.report.counts,
    });
    const text = await readFile(file, "utf8");
    const persisted = await startStatefulMock({ port: 0, profile: "live", persist: file, log: () => {} });
    const other = await startStatefulMock({ port: 0, profile: "live", log: () => {} });
    try {
      const put = await fetch(`${other.url}/__mock/state`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: text });
      expect(put.status).toBe(204);
      const fresh = createMock();
      fresh.restore(JSON.parse(text));
      const expected = await clicks(clientOn(fresh.fetch), { date_from: "-30d" });
      expect(expected.filter((c) => c >= 7000)).toHaveLength(11);
      for (const server of [persisted, other])
        expect(await clicks(createClient({ baseUrl: server.url, apiKey, maxRetries: 0 }), { date_from: "-30d" })).toEqual(expected);
    } finally {
      await persisted.stop();
      await other.stop();
    }
  });

  it("is left byte for byte by a --persist server that only reads, start after start, and one create changes only its own lines", async () => {
    const file = join(dir, "committed.mock.json");
    await writeRecording(file, recording);
    const committed = await readFile(file, "utf8");
    for (let round = 0; round < 2; round++) {
      const server = await startStatefulMock({ port: 0, profile: "live", persist: file, log: () => {} });
      expect(await clicks(createClient({ baseUrl: server.url, apiKey, maxRetries: 0 }))).not.toEqual([]);
      await server.stop();
      expect(await readFile(file, "utf8"), `start ${round + 1}`).toBe(committed);
    }

    const server = await startStatefulMock({ port: 0, profile: "live", persist: file, log: () => {} });
    const made = unwrap(
      await createClient({ baseUrl: server.url, apiKey, maxRetries: 0 }).POST("/api/environments/{project_id}/session_recording_playlists/", {
        params: { path },
        body: { name: "one create", type: "collection" },
      }),
    );
    await server.stop();
    const saved = JSON.parse(await readFile(file, "utf8")) as MockState;
    const stored = saved.projects[projectId]!.playlists.find((p) => p.short_id === made.short_id)!;
    const before = join(dir, "committed.before.json");
    await writeFile(before, committed);
    const { removed, added } = changedLines(before, file);
    // What gains a comma to have something after it, and the next id: nothing else of what was committed.
    expect(removed.length).toBeLessThanOrEqual(3);
    for (const line of removed) expect(added.includes(`${line},`) || /^ {4}"playlist": \d+,$/.test(line), line).toBe(true);
    // The record's own lines, and its (empty) list of members.
    const recordLines = JSON.stringify(stored, null, 2).split("\n").length;
    expect(added.length - removed.length).toBe(recordLines + 1);
    expect(added).toContain(`          "short_id": "${made.short_id}",`);
    expect(added).toContain(`        "${made.short_id}": []`);
  });

  it("stays current: loaded a week later, the newest recording starts then, and a listing's window finds the same records", async () => {
    const later = new Date(now.getTime() + 7 * 86_400_000);
    const replay = createMock({ snapshot: recording.snapshot, now: () => later });
    const state = replay.snapshot() as MockState;
    const starts = state.projects[projectId]!.recordings.map((r) => Date.parse(r.start_time!));
    expect(Math.max(...starts)).toBe(later.getTime());
    expect(state.anchor).toBe(later.toISOString());
    expect(await clicks(clientOn(replay.fetch), { date_from: "-3d" })).toEqual(await clicks(sourceApi(), { date_from: "-3d" }));
    // The ids carry the start as recorded (UUIDv7's first 48 bits).
    const first = recording.snapshot.projects[projectId]!.recordings[0]!;
    expect(Number.parseInt(first.id.replace(/-/g, "").slice(0, 12), 16)).toBe(Date.parse(first.start_time!));
  });

  it("is the same for the same salt and moment, different for another salt; --keep-times keeps the times", async () => {
    expect((await record()).snapshot).toEqual(recording.snapshot);
    const other = await record({ salt: "another salt" });
    const ids = (r: Recording) => r.snapshot.projects[projectId]!.recordings.map((x) => x.distinct_id);
    expect(ids(other).filter((id, i) => id !== null && id === ids(recording)[i])).toEqual([]);
    const kept = await record({ keepTimes: true });
    expect(kept.snapshot.anchor).toBeUndefined();
    const planted0 = kept.snapshot.projects[projectId]!.recordings.find((r) => r.click_count === plantedClicks(0))!;
    expect(planted0.start_time).toBe(new Date(now.getTime() - 1000).toISOString());
  });

  it("writes another project id when asked, in the snapshot and the sidecar, and nowhere the real one", async () => {
    const moved = await record({ projectIdOut: "4242" });
    expect(Object.keys(moved.snapshot.projects)).toEqual(["4242"]);
    expect(moved.snapshot.projects["4242"]!.project.id).toBe(4242);
    expect(moved.sidecar.project).toBe("4242");
    expect(JSON.stringify(moved.sidecar)).not.toContain(projectId);
    expect(createMock({ snapshot: moved.snapshot }).snapshot().projects["4242"]!.recordings).toHaveLength(moved.report.counts.recordings);
  });

  it("writes free text as synthetic text of about its length, unless a field is kept on request", async () => {
    const state = plantedState(now);
    state.projects[projectId]!.playlists[0]!.description = "Ask plant.person1@plantco.com";
    source.mock.restore(state);
    try {
      const synthetic = await record();
      expect(JSON.stringify(synthetic.snapshot)).not.toMatch(/plant/i);
      const [before, after] = [state, synthetic.snapshot].map(
        (s) => s.projects[projectId]!.playlists.find((p) => p.short_id === state.projects[projectId]!.playlists[0]!.short_id)!.description,
      );
      expect(Math.abs(after!.length - before!.length)).toBeLessThan(12);
      expect(synthetic.report.replaced["playlist.description (synthetic text)"]).toBeGreaterThan(0);
      const asRead = await record({ keep: ["playlist.description"] });
      expect(JSON.stringify(asRead.snapshot)).toContain("Ask plant.person1@plantco.com");
      const kept = await record({ keep: ["person.properties.custom_secret"] });
      expect(kept.report.keptOnRequest).toEqual(["person.properties.custom_secret"]);
      expect(JSON.stringify(kept.snapshot)).toContain("PlantedCustomValue3");
    } finally {
      source.mock.restore(plantedState(now));
    }
  });
});
