// The listings' filters on their own, on small hand-built projects: each filter alone, how
// `operand` combines, the date window's inclusive ends and relative moments, the orders both
// ways, and soft-deleted records left out unless the query asks for them. The filters take the
// query as validation leaves it (defaults filled in, JSON documents decoded), so the queries
// here start from those defaults, and a first test holds them to what validation really gives.
import { describe, expect, it } from "vitest";
import compiledStory from "../../generated/mock/story.json";
import { seedProfile } from "../../src/mock/profiles/seed.js";
import { dateWindow, moment, ordering, sortBy } from "../../src/mock/resources/filtering.js";
import { filterPlaylists } from "../../src/mock/resources/playlists.js";
import { filterRecordings } from "../../src/mock/resources/recordings.js";
import { filterSubscriptions } from "../../src/mock/resources/subscriptions.js";
import type { OperationId } from "../../src/mock/spec/operations.js";
import { checkRequest } from "../../src/mock/spec/validate-request.js";
import { seededRandom } from "../../src/mock/state/random.js";
import { seedState } from "../../src/mock/state/seed.js";
import { copy, type Playlist, type ProjectState, type Recording, type Subscription, type User } from "../../src/mock/state/state.js";
import { listed, readable } from "../../src/mock/state/visibility.js";
import { deref, operations as specOperations } from "../support/spec.js";

const { operations } = seedProfile.table;

type Query = Record<string, unknown>;
type Story = { projects: ProjectState["project"][]; playlists: Playlist[]; recordings: Recording[]; subscriptions: Subscription[] };
const story = compiledStory as unknown as Story;

const day = 86_400_000;
const now = new Date("2026-11-22T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

// The queries as validation leaves them when the caller sends nothing.
const recordingDefaults: Query = { limit: 50, offset: 0, order: "start_time", order_direction: "DESC", operand: "AND" };
const playlistDefaults: Query = { limit: 100, offset: 0, order: "-last_modified_at" };
const subscriptionDefaults: Query = { limit: 100, offset: 0, deleted: false, ordering: "-created_at" };

const maya: User = copy(story.playlists[0]!.created_by!);
const other: User = { ...copy(maya), id: maya.id + 1, uuid: "0190a6f2-0000-7000-8000-000000000001", email: "someone.else@example.com" };

function project(parts: Partial<ProjectState>): ProjectState {
  return { project: copy(story.projects[0]!), playlists: [], members: {}, recordings: [], activity: {}, subscriptions: [], sharing: {}, ...parts };
}

function recording(id: string, overrides: Partial<Recording> = {}, properties: Record<string, unknown> = {}): Recording {
  const base = copy(story.recordings[0]!);
  return { ...base, id, person: { ...base.person!, uuid: `person-${id}`, properties }, distinct_id: `distinct-${id}`, viewed: false, ...overrides };
}

function playlist(short_id: string, overrides: Partial<Playlist> = {}): Playlist {
  return {
    ...copy(story.playlists[0]!),
    short_id,
    name: short_id,
    derived_name: null,
    pinned: false,
    deleted: false,
    type: "collection",
    created_by: maya,
    ...overrides,
  };
}

function subscription(id: number, overrides: Partial<Subscription> = {}): Subscription {
  return { ...copy(story.subscriptions[0]!), id, title: `title ${id}`, target_value: `t${id}@example.com`, deleted: false, created_by: maya, ...overrides };
}

const ids = <T extends { id: unknown }>(records: T[]) => records.map((r) => r.id);
const shortIds = (records: Playlist[]) => records.map((p) => p.short_id);

async function validatedQuery(operationId: OperationId, search: string): Promise<Query> {
  const operation = operations.find((o) => o.id === operationId)!;
  const url = new URL(`http://mock.local${operation.path.replace("{project_id}", "28417")}${search}`);
  const checked = await checkRequest(operation, new Request(url), url, { project_id: "28417" });
  if (!checked.ok) throw new Error(`not valid: ${JSON.stringify(checked)}`);
  return checked.request.query;
}

describe("the query the filters get", () => {
  it("is, for an empty query string, exactly the defaults these tests start from", async () => {
    expect(await validatedQuery("listRecordings", "")).toEqual(recordingDefaults);
    expect(await validatedQuery("listPlaylists", "")).toEqual(playlistDefaults);
    expect(await validatedQuery("listSubscriptions", "")).toEqual(subscriptionDefaults);
  });

  it("has its JSON documents decoded into arrays, which the recording filters then apply", async () => {
    const [a, b, c] = ["0193401e-0000-7000-8000-00000000000a", "0193401e-0000-7000-8000-00000000000b", "0193401e-0000-7000-8000-00000000000c"];
    const query = await validatedQuery(
      "listRecordings",
      `?session_ids=${encodeURIComponent(JSON.stringify([a, b]))}&events=${encodeURIComponent(JSON.stringify([{ id: "x" }]))}`,
    );
    expect(query).toMatchObject({ ...recordingDefaults, session_ids: [a, b], events: [{ id: "x" }] });
    const records = project({
      recordings: [recording(a), recording(b), recording(c)],
      activity: { [a]: { events: [], actions: [] }, [b]: { events: ["x"], actions: [] }, [c]: { events: ["x"], actions: [] } },
    });
    expect(ids(filterRecordings(records, query, now))).toEqual([b]);
  });
});

describe("moment", () => {
  it("reads relative moments in hours, days, weeks, 30-day months, 91-day quarters and 365-day years", () => {
    const cases: [string, number][] = [
      ["-0d", 0],
      ["-3h", 3 * 3_600_000],
      ["-7d", 7 * day],
      ["-2w", 14 * day],
      ["-1m", 30 * day],
      ["-1q", 91 * day],
      ["-1y", 365 * day],
      ["-36h", 36 * 3_600_000],
    ];
    for (const [value, back] of cases) expect(moment(value, now), value).toBe(now.getTime() - back);
  });

  it("ignores endOfDay for relative moments and date-times", () => {
    expect(moment("-7d", now, true)).toBe(now.getTime() - 7 * day);
    expect(moment("2026-11-01T09:30:00Z", now, true)).toBe(Date.parse("2026-11-01T09:30:00Z"));
  });

  it("reads a date-only value as midnight UTC, or its last millisecond for the window's end", () => {
    expect(moment("2026-11-01", now)).toBe(Date.parse("2026-11-01T00:00:00.000Z"));
    expect(moment("2026-11-01", now, true)).toBe(Date.parse("2026-11-01T23:59:59.999Z"));
  });

  it("reads date-times with a zone", () => {
    expect(moment("2026-11-01T09:00:00Z", now)).toBe(Date.parse("2026-11-01T09:00:00.000Z"));
    expect(moment("2026-11-01T09:00:00+02:00", now)).toBe(Date.parse("2026-11-01T07:00:00.000Z"));
    expect(moment("2026-11-01T09:00:00.250Z", now)).toBe(Date.parse("2026-11-01T09:00:00.250Z"));
  });

  it("is undefined for what is not a moment", () => {
    for (const value of [undefined, null, 7, true, "", "yesterday", "7d", "-7x", "-d", "2026-13-45"]) expect(moment(value, now), String(value)).toBeUndefined();
  });
});

describe("dateWindow", () => {
  const at = (iso: string) => iso;

  it("lets everything through, even a missing moment, when neither end is given", () => {
    const inWindow = dateWindow({}, now);
    for (const iso of [at("1970-01-01T00:00:00Z"), at("2999-01-01T00:00:00Z"), null, undefined]) expect(inWindow(iso)).toBe(true);
  });

  it("includes both ends; a date-only date_to covers that whole day", () => {
    const inWindow = dateWindow({ date_from: "2026-11-20", date_to: "2026-11-20" }, now);
    expect(inWindow("2026-11-19T23:59:59.999Z")).toBe(false);
    expect(inWindow("2026-11-20T00:00:00.000Z")).toBe(true);
    expect(inWindow("2026-11-20T12:00:00.000Z")).toBe(true);
    expect(inWindow("2026-11-20T23:59:59.999Z")).toBe(true);
    expect(inWindow("2026-11-21T00:00:00.000Z")).toBe(false);
  });

  it("includes a date-time end exactly, and nothing a millisecond beyond", () => {
    const inWindow = dateWindow({ date_from: "2026-11-20T08:00:00Z", date_to: "2026-11-20T09:00:00Z" }, now);
    expect(inWindow("2026-11-20T07:59:59.999Z")).toBe(false);
    expect(inWindow("2026-11-20T08:00:00.000Z")).toBe(true);
    expect(inWindow("2026-11-20T09:00:00.000Z")).toBe(true);
    expect(inWindow("2026-11-20T09:00:00.001Z")).toBe(false);
  });

  it("takes relative ends from now, inclusive", () => {
    const inWindow = dateWindow({ date_from: "-7d", date_to: "-1d" }, now);
    expect(inWindow(ago(7 * day + 1))).toBe(false);
    expect(inWindow(ago(7 * day))).toBe(true);
    expect(inWindow(ago(3 * day))).toBe(true);
    expect(inWindow(ago(day))).toBe(true);
    expect(inWindow(ago(day - 1))).toBe(false);
  });

  it("leaves out a record without a moment once either end is given", () => {
    for (const query of [{ date_from: "-7d" }, { date_to: "2030-01-01" }]) {
      const inWindow = dateWindow(query, now);
      expect(inWindow(null)).toBe(false);
      expect(inWindow(undefined)).toBe(false);
      expect(inWindow("not a date")).toBe(false);
    }
  });

  it("is open at the end that is not given", () => {
    expect(dateWindow({ date_from: "2026-11-20" }, now)("2999-01-01T00:00:00Z")).toBe(true);
    expect(dateWindow({ date_to: "2026-11-20" }, now)("1970-01-01T00:00:00Z")).toBe(true);
  });
});

describe("sortBy and ordering", () => {
  it("sorts both ways, in place, and keeps equal keys in their order", () => {
    const items = [
      { k: "b", n: 1 },
      { k: "a", n: 2 },
      { k: "c", n: 3 },
      { k: "a", n: 4 },
    ];
    const result = sortBy(items, (i) => i.k, false);
    expect(result).toBe(items);
    expect(result.map((i) => i.n)).toEqual([2, 4, 1, 3]);
    expect(sortBy(items, (i) => i.k, true).map((i) => i.n)).toEqual([3, 1, 2, 4]);
  });

  it("sorts numbers as numbers, not as text", () => {
    expect(sortBy([10, 9, 100, 1], (n) => n, false)).toEqual([1, 9, 10, 100]);
    expect(sortBy([10, 9, 100, 1], (n) => n, true)).toEqual([100, 10, 9, 1]);
  });

  it("puts missing text keys first ascending and last descending", () => {
    const items = [{ v: "b" }, { v: null }, { v: "a" }, { v: undefined }];
    expect(sortBy([...items], (i) => i.v, false).map((i) => i.v)).toEqual([null, undefined, "a", "b"]);
    expect(sortBy([...items], (i) => i.v, true).map((i) => i.v)).toEqual(["b", "a", null, undefined]);
  });

  // Issue 15: a missing number key became "", equal to 0 and greater than a negative number.
  it("puts a missing number key (null, undefined, NaN) before 0 and negatives ascending, after them descending", () => {
    const items = [{ v: 0 }, { v: null }, { v: -3 }, { v: undefined }, { v: 2 }, { v: Number.NaN }];
    expect(sortBy([...items], (i) => i.v, false).map((i) => i.v)).toEqual([null, undefined, Number.NaN, -3, 0, 2]);
    expect(sortBy([...items], (i) => i.v, true).map((i) => i.v)).toEqual([2, 0, -3, null, undefined, Number.NaN]);
  });

  it("computes each key once, not once per comparison", () => {
    let calls = 0;
    const items = Array.from({ length: 200 }, (_, i) => (i * 7919) % 200);
    sortBy(
      items,
      (n) => {
        calls++;
        return n;
      },
      false,
    );
    expect(calls).toBe(200);
    expect(items).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it("reads a leading minus as descending", () => {
    expect(ordering("-created_at")).toEqual({ field: "created_at", descending: true });
    expect(ordering("created_at")).toEqual({ field: "created_at", descending: false });
    expect(ordering("-next_delivery_date")).toEqual({ field: "next_delivery_date", descending: true });
  });
});

describe("filterRecordings", () => {
  // Five recordings, a day apart, oldest first in the list.
  const records = () =>
    project({
      recordings: [
        recording(
          "r1",
          {
            start_time: ago(5 * day),
            recording_duration: 50,
            click_count: 3,
            viewed: true,
            console_error_count: 0,
            console_warn_count: 1,
            console_log_count: 0,
          },
          { $browser: "Chrome", email: "a@example.com" },
        ),
        recording(
          "r2",
          { start_time: ago(4 * day), recording_duration: 10, click_count: 9, console_error_count: 2, console_warn_count: 0, console_log_count: 5 },
          { $browser: "Firefox", email: "b@posthog-test.com", is_test_account: true },
        ),
        recording(
          "r3",
          {
            start_time: ago(3 * day),
            recording_duration: 40,
            click_count: 1,
            viewed: true,
            console_error_count: 0,
            console_warn_count: 0,
            console_log_count: 0,
          },
          { $browser: "Safari" },
        ),
        recording(
          "r4",
          { start_time: ago(2 * day), recording_duration: 30, click_count: 7, console_error_count: 1, console_warn_count: 3, console_log_count: 2 },
          { $browser: "Chrome", plan: null },
        ),
        recording(
          "r5",
          { start_time: ago(1 * day), recording_duration: 20, click_count: 5, console_error_count: 0, console_warn_count: 0, console_log_count: 9 },
          { $browser: "Edge", email: "E@EXAMPLE.COM" },
        ),
      ],
      activity: {
        r1: { events: ["$pageview", "signup"], actions: [1] },
        r2: { events: ["$pageview"], actions: [2] },
        r3: { events: ["$pageview", "signup", "$rageclick"], actions: [] },
        r4: { events: ["$pageview", "$rageclick"], actions: [1, 2] },
        r5: { events: [], actions: [] },
      },
    });
  const list = (query: Query) => ids(filterRecordings(records(), { ...recordingDefaults, ...query }, now));

  it("with no filters lists every recording, newest first", () => {
    expect(list({})).toEqual(["r5", "r4", "r3", "r2", "r1"]);
  });

  it("orders by each field both ways; duration means recording_duration", () => {
    expect(list({ order_direction: "ASC" })).toEqual(["r1", "r2", "r3", "r4", "r5"]);
    expect(list({ order: "recording_duration" })).toEqual(["r1", "r3", "r4", "r5", "r2"]);
    expect(list({ order: "recording_duration", order_direction: "ASC" })).toEqual(["r2", "r5", "r4", "r3", "r1"]);
    expect(list({ order: "duration" })).toEqual(list({ order: "recording_duration" }));
    expect(list({ order: "duration", order_direction: "ASC" })).toEqual(list({ order: "recording_duration", order_direction: "ASC" }));
    expect(list({ order: "click_count" })).toEqual(["r2", "r4", "r5", "r1", "r3"]);
    expect(list({ order: "click_count", order_direction: "ASC" })).toEqual(["r3", "r1", "r5", "r4", "r2"]);
  });

  it("does not change the project's own list", () => {
    const state = records();
    const before = ids(state.recordings);
    filterRecordings(state, { ...recordingDefaults, order: "click_count" }, now);
    expect(ids(state.recordings)).toEqual(before);
  });

  it("date_from and date_to, relative and absolute, with inclusive ends", () => {
    expect(list({ date_from: "-3d" })).toEqual(["r5", "r4", "r3"]);
    expect(list({ date_to: "-4d" })).toEqual(["r2", "r1"]);
    expect(list({ date_from: "-4d", date_to: "-2d" })).toEqual(["r4", "r3", "r2"]);
    // A date-only date_to covers the whole day: r4 started at noon on 2026-11-20.
    expect(list({ date_from: "2026-11-20", date_to: "2026-11-20" })).toEqual(["r4"]);
    expect(list({ date_to: "2026-11-19" })).toEqual(["r3", "r2", "r1"]);
  });

  it("person_uuid, distinct_ids and session_ids", () => {
    expect(list({ person_uuid: "person-r3" })).toEqual(["r3"]);
    expect(list({ person_uuid: "nobody" })).toEqual([]);
    expect(list({ distinct_ids: ["distinct-r1", "distinct-r4", "distinct-none"] })).toEqual(["r4", "r1"]);
    expect(list({ session_ids: ["r2", "r5"] })).toEqual(["r5", "r2"]);
    expect(list({ session_ids: [] })).toEqual([]);
  });

  it("filter_test_accounts and hide_viewed_recordings, only when true", () => {
    expect(list({ filter_test_accounts: true })).toEqual(["r5", "r4", "r3", "r1"]);
    expect(list({ filter_test_accounts: false })).toHaveLength(5);
    expect(list({ hide_viewed_recordings: true })).toEqual(["r5", "r4", "r2"]);
    expect(list({ hide_viewed_recordings: false })).toHaveLength(5);
  });

  it("console_log_filters by level; several filters must all hold, several levels in one are any", () => {
    const level = (...value: string[]) => ({ key: "level", type: "log_entry", operator: "exact", value });
    expect(list({ console_log_filters: [level("error")] })).toEqual(["r4", "r2"]);
    expect(list({ console_log_filters: [level("warn")] })).toEqual(["r4", "r1"]);
    expect(list({ console_log_filters: [level("info")] })).toEqual(["r5", "r4", "r2"]);
    expect(list({ console_log_filters: [level("error", "warn")] })).toEqual(["r4", "r2", "r1"]);
    expect(list({ console_log_filters: [level("error"), level("warn")] })).toEqual(["r4"]);
  });

  it("events and actions: every one listed must have happened", () => {
    expect(list({ events: [{ id: "signup" }] })).toEqual(["r3", "r1"]);
    expect(list({ events: [{ id: "signup" }, { id: "$rageclick" }] })).toEqual(["r3"]);
    expect(list({ actions: [{ id: 2 }] })).toEqual(["r4", "r2"]);
    expect(list({ actions: [{ id: "1" }] })).toEqual(["r4", "r1"]);
    expect(list({ actions: [{ id: 1 }, { id: 2 }] })).toEqual(["r4"]);
    expect(list({ events: [] })).toHaveLength(5);
  });

  it("properties, with each operator, a value or a list of values", () => {
    const prop = (key: string, operator: string | undefined, value?: unknown) => ({ key, type: "person", operator, value });
    expect(list({ properties: [prop("$browser", "exact", ["Chrome"])] })).toEqual(["r4", "r1"]);
    expect(list({ properties: [prop("$browser", "exact", "Chrome")] })).toEqual(["r4", "r1"]);
    expect(list({ properties: [prop("$browser", undefined, ["Safari", "Edge"])] })).toEqual(["r5", "r3"]);
    expect(list({ properties: [prop("$browser", "is_not", ["Chrome", "Edge"])] })).toEqual(["r3", "r2"]);
    expect(list({ properties: [prop("email", "icontains", "example.com")] })).toEqual(["r5", "r1"]);
    expect(list({ properties: [prop("email", "is_set")] })).toEqual(["r5", "r2", "r1"]);
    // A property set to null is not set.
    expect(list({ properties: [prop("plan", "is_not_set")] })).toEqual(["r5", "r4", "r3", "r2", "r1"]);
    expect(list({ properties: [prop("email", "is_not_set")] })).toEqual(["r4", "r3"]);
    expect(list({ properties: [prop("$browser", "exact", ["Chrome"]), prop("email", "is_set")] })).toEqual(["r1"]);
  });

  it("operand AND: a recording must match events, actions and properties; OR: any one of them", () => {
    const groups = { events: [{ id: "signup" }], actions: [{ id: 2 }], properties: [{ key: "$browser", operator: "exact", value: ["Edge"] }] };
    // signup: r1, r3; action 2: r2, r4; Edge: r5.
    expect(list({ ...groups })).toEqual([]);
    expect(list({ ...groups, operand: "OR" })).toEqual(["r5", "r4", "r3", "r2", "r1"]);
    expect(list({ events: groups.events, actions: [{ id: 1 }] })).toEqual(["r1"]);
    expect(list({ events: groups.events, actions: [{ id: 1 }], operand: "OR" })).toEqual(["r4", "r3", "r1"]);
    // A single group reads the same either way.
    expect(list({ events: groups.events, operand: "OR" })).toEqual(list({ events: groups.events }));
  });

  it("operand OR does not loosen the other filters: they still all hold", () => {
    const groups = { events: [{ id: "signup" }], actions: [{ id: 2 }], operand: "OR" };
    expect(list({ ...groups, hide_viewed_recordings: true })).toEqual(["r4", "r2"]);
    expect(list({ ...groups, filter_test_accounts: true, date_from: "-3d" })).toEqual(["r4", "r3"]);
  });

  // Issue 16: OR combined the groups, while within a group every item still had to match.
  it("operand OR: any one item, within a group as across groups; AND: every item", () => {
    expect(list({ events: [{ id: "signup" }, { id: "$rageclick" }], operand: "OR" })).toEqual(["r4", "r3", "r1"]);
    expect(list({ events: [{ id: "signup" }, { id: "$rageclick" }] })).toEqual(["r3"]);
    expect(list({ actions: [{ id: 1 }, { id: 2 }], operand: "OR" })).toEqual(["r4", "r2", "r1"]);
    expect(list({ actions: [{ id: 1 }, { id: 2 }] })).toEqual(["r4"]);
    const safariOrEmail = [
      { key: "$browser", operator: "exact", value: "Safari" },
      { key: "email", operator: "is_set" },
    ];
    expect(list({ properties: safariOrEmail, operand: "OR" })).toEqual(["r5", "r3", "r2", "r1"]);
    expect(list({ properties: safariOrEmail })).toEqual([]);
    const mixed = { events: [{ id: "$rageclick" }], actions: [{ id: 2 }], properties: [{ key: "$browser", value: "Edge" }] };
    expect(list({ ...mixed, operand: "OR" })).toEqual(["r5", "r4", "r3", "r2"]);
    // Empty groups add no item: OR over what is left, and nothing left filters nothing.
    expect(list({ events: [], actions: [{ id: 2 }], operand: "OR" })).toEqual(["r4", "r2"]);
    expect(list({ events: [], actions: [], properties: [], operand: "OR" })).toHaveLength(5);
  });

  it("property: AND gives the intersection and OR the union of every item alone; every filter only narrows", () => {
    const random = seededRandom(42);
    const eventNames = ["a", "b", "c"];
    const browsers = ["Chrome", "Firefox", "Safari"];
    for (let round = 0; round < 200; round++) {
      const recordings: Recording[] = [];
      const activity: ProjectState["activity"] = {};
      for (let i = 0; i < 12; i++) {
        const id = `g${i}`;
        recordings.push(
          recording(id, { start_time: ago(Math.floor(random() * 10 * day)), viewed: random() < 0.3 }, { $browser: browsers[Math.floor(random() * 3)] }),
        );
        activity[id] = { events: eventNames.filter(() => random() < 0.5), actions: [1, 2].filter(() => random() < 0.5) };
      }
      const state = project({ recordings, activity });
      const pick = <T>(items: T[]) => items.filter(() => random() < 0.5);
      const parts: Record<string, unknown[]> = {
        events: pick(eventNames).map((id) => ({ id })),
        actions: pick([1, 2]).map((id) => ({ id })),
        properties: [
          ...pick(browsers).map((value) => ({ key: "$browser", operator: "exact", value })),
          ...(random() < 0.5 ? [{ key: "$browser", operator: "is_not", value: pick(browsers) }] : []),
        ],
      };
      const extra: Query = random() < 0.5 ? { hide_viewed_recordings: true } : { date_from: "-5d" };
      const run = (query: Query) => ids(filterRecordings(state, { ...recordingDefaults, ...extra, ...query }, now));
      const alone = Object.entries(parts).flatMap(([name, items]) => items.map((item) => new Set(run({ [name]: [item] }))));
      const all = run({});
      expect(run(parts)).toEqual(all.filter((id) => alone.every((set) => set.has(id))));
      expect(run({ ...parts, operand: "OR" })).toEqual(alone.length === 0 ? all : all.filter((id) => alone.some((set) => set.has(id))));
      for (const set of alone) for (const id of set) expect(all).toContain(id);
      expect(all.length).toBeLessThanOrEqual(ids(filterRecordings(state, recordingDefaults, now)).length);
    }
  });
});

describe("filterPlaylists", () => {
  const records = () =>
    project({
      playlists: [
        playlist("p1", { name: "Checkout drop-offs", pinned: true, type: "collection", created_at: ago(10 * day), last_modified_at: ago(1 * day) }),
        playlist("p2", {
          name: "rage clicks",
          derived_name: null,
          type: "filters",
          created_at: ago(9 * day),
          last_modified_at: ago(3 * day),
          created_by: other,
        }),
        playlist("p3", { name: null, derived_name: "Errors after CHECKOUT", type: "filters", created_at: ago(8 * day), last_modified_at: ago(2 * day) }),
        playlist("p4", { name: "Archived", deleted: true, pinned: true, created_at: ago(7 * day), last_modified_at: ago(0) }),
        playlist("p5", { name: "Beta users", pinned: true, created_at: ago(6 * day), last_modified_at: ago(5 * day), created_by: other }),
      ],
      members: { p1: ["r1", "r2"], p2: [], p4: ["r1"], p5: ["r2"] },
    });
  const list = (query: Query, user: User = maya) => shortIds(filterPlaylists(records(), { ...playlistDefaults, ...query }, user, now));

  it("with no filters lists the playlists not deleted, most recently modified first", () => {
    expect(list({})).toEqual(["p1", "p3", "p2", "p5"]);
  });

  it("orders by last_modified_at, created_at and name, both ways; name ignores case and puts no name first", () => {
    expect(list({ order: "last_modified_at" })).toEqual(["p5", "p2", "p3", "p1"]);
    expect(list({ order: "-created_at" })).toEqual(["p5", "p3", "p2", "p1"]);
    expect(list({ order: "created_at" })).toEqual(["p1", "p2", "p3", "p5"]);
    expect(list({ order: "name" })).toEqual(["p3", "p5", "p1", "p2"]);
    expect(list({ order: "-name" })).toEqual(["p2", "p1", "p5", "p3"]);
  });

  it("created_by, type, and short_id ignored as the service ignores it", () => {
    expect(list({ short_id: "p2" })).toEqual(list({}));
    expect(list({ created_by: other.id })).toEqual(["p2", "p5"]);
    expect(list({ created_by: 1 })).toEqual([]);
    expect(list({ type: "filters" })).toEqual(["p3", "p2"]);
    expect(list({ type: "collection" })).toEqual(["p1", "p5"]);
  });

  it("user and pinned filter whenever present, whatever their value (as the spec says the live service does)", () => {
    expect(list({ user: true })).toEqual(["p1", "p3"]);
    expect(list({ user: false })).toEqual(["p1", "p3"]);
    expect(list({ user: true }, other)).toEqual(["p2", "p5"]);
    expect(list({ pinned: true })).toEqual(["p1", "p5"]);
    expect(list({ pinned: false })).toEqual(["p1", "p5"]);
  });

  it("search looks in name and derived_name, ignoring case", () => {
    expect(list({ search: "checkout" })).toEqual(["p1", "p3"]);
    expect(list({ search: "RAGE" })).toEqual(["p2"]);
    expect(list({ search: "archived" })).toEqual([]);
    expect(list({ search: "nothing like it" })).toEqual([]);
  });

  // Issue 15: the search ran over `${name} ${derived_name}`, so text spanning the two fields (or
  // ending in the joining space) matched a playlist neither field contains.
  it("search does not match text spanning name and derived_name, nor the space between them", () => {
    const state = project({ playlists: [playlist("q1", { name: "Rage", derived_name: "clicks" }), playlist("q2", { name: null, derived_name: null })] });
    const search = (text: string) => shortIds(filterPlaylists(state, { ...playlistDefaults, search: text }, maya, now));
    expect(search("rage clicks")).toEqual([]);
    expect(search("rage ")).toEqual([]);
    expect(search(" clicks")).toEqual([]);
    expect(search("null")).toEqual([]);
    expect(search("undefined")).toEqual([]);
    expect(search("RAGE")).toEqual(["q1"]);
    expect(search("Licks")).toEqual(["q1"]);
  });

  it("date_from and date_to on last_modified_at, inclusive", () => {
    expect(list({ date_from: "-2d" })).toEqual(["p1", "p3"]);
    expect(list({ date_to: "-3d" })).toEqual(["p2", "p5"]);
    expect(list({ date_from: "-3d", date_to: "-1d" })).toEqual(["p1", "p3", "p2"]);
  });

  it("session_recording_id: the playlists holding that recording", () => {
    expect(list({ session_recording_id: "r1" })).toEqual(["p1"]);
    expect(list({ session_recording_id: "r2" })).toEqual(["p1", "p5"]);
    expect(list({ session_recording_id: "r9" })).toEqual([]);
  });

  it("filters combine: every one given must hold", () => {
    expect(list({ pinned: true, created_by: other.id })).toEqual(["p5"]);
    expect(list({ type: "filters", search: "checkout" })).toEqual(["p3"]);
    expect(list({ type: "collection", date_from: "-2d", session_recording_id: "r2" })).toEqual(["p1"]);
  });

  it("leaves soft-deleted playlists out; a query asking for deleted ones gets only those", () => {
    expect(list({ search: "Archived" })).toEqual([]);
    expect(list({ deleted: false })).toEqual(list({}));
    expect(list({ deleted: true })).toEqual(["p4"]);
  });

  it("property: on the seeded project, ordering one way is the other reversed, and filters narrow", () => {
    const seeded = seedState(3, now, { recordings: 40, playlists: 30, subscriptions: 0 }).projects["28417"]!;
    const seededList = (query: Query) => shortIds(filterPlaylists(seeded, { ...playlistDefaults, ...query }, maya, now));
    const everyone = seededList({});
    expect(everyone.length).toBeGreaterThan(10);
    for (const field of ["last_modified_at", "created_at"] as const) {
      // Keys, not ids: generated playlists share creation moments, and ties keep their order either way.
      const keys = (order: string) => filterPlaylists(seeded, { ...playlistDefaults, order }, maya, now).map((p) => p[field]);
      expect(keys(field)).toEqual([...keys(`-${field}`)].reverse());
      expect(keys(field)).toEqual([...keys(field)].sort());
    }
    for (const query of [{ pinned: true }, { type: "filters" }, { type: "collection" }, { search: "s" }, { date_from: "-7d" }]) {
      const narrowed = seededList(query);
      expect(narrowed.every((id) => everyone.includes(id))).toBe(true);
    }
  });
});

describe("filterSubscriptions", () => {
  const records = () =>
    project({
      subscriptions: [
        subscription(1, {
          title: "Daily signups",
          insight: 10,
          dashboard: null,
          target_type: "email",
          target_value: "ops@example.com",
          created_at: ago(5 * day),
          next_delivery_date: ago(-2 * day),
        }),
        subscription(2, {
          title: "weekly growth",
          insight: null,
          dashboard: 20,
          target_type: "slack",
          target_value: "C01|#growth",
          created_at: ago(4 * day),
          next_delivery_date: null,
          created_by: other,
        }),
        subscription(3, {
          title: "Churn",
          insight: 11,
          dashboard: null,
          target_type: "slack",
          target_value: "https://hooks.example.com/x",
          created_at: ago(3 * day),
          next_delivery_date: ago(-1 * day),
        }),
        subscription(4, {
          title: "Old report",
          insight: 10,
          dashboard: null,
          target_type: "email",
          target_value: "old@example.com",
          created_at: ago(2 * day),
          deleted: true,
        }),
        subscription(5, {
          title: "Revenue",
          insight: null,
          dashboard: 21,
          target_type: "email",
          target_value: "cfo@example.com",
          created_at: ago(1 * day),
          next_delivery_date: ago(-3 * day),
        }),
      ],
    });
  const list = (query: Query) => ids(filterSubscriptions(records(), { ...subscriptionDefaults, ...query }));

  it("with no filters lists the subscriptions not deleted, newest first", () => {
    expect(list({})).toEqual([5, 3, 2, 1]);
  });

  it("orders by created_at, title and next_delivery_date, both ways (no next delivery first ascending)", () => {
    expect(list({ ordering: "created_at" })).toEqual([1, 2, 3, 5]);
    expect(list({ ordering: "next_delivery_date" })).toEqual([2, 3, 1, 5]);
    expect(list({ ordering: "-next_delivery_date" })).toEqual([5, 1, 3, 2]);
    const byTitle = list({ ordering: "title" });
    expect(list({ ordering: "-title" })).toEqual([...byTitle].reverse());
    expect(byTitle.filter((id) => id !== 2)).toEqual([3, 1, 5]);
  });

  it("insight, dashboard, created_by, resource_type, target_type", () => {
    expect(list({ insight: 10 })).toEqual([1]);
    expect(list({ dashboard: 21 })).toEqual([5]);
    expect(list({ created_by: other.uuid })).toEqual([2]);
    expect(list({ created_by: maya.uuid })).toEqual([5, 3, 1]);
    expect(list({ resource_type: "insight" })).toEqual([3, 1]);
    expect(list({ resource_type: "dashboard" })).toEqual([5, 2]);
    expect(list({ target_type: "email" })).toEqual([5, 1]);
    expect(list({ target_type: "slack" })).toEqual([3, 2]);
  });

  it("search looks in title and target_value, ignoring case", () => {
    expect(list({ search: "GROWTH" })).toEqual([2]);
    expect(list({ search: "hooks.example" })).toEqual([3]);
    expect(list({ search: "example.com" })).toEqual([5, 3, 1]);
    expect(list({ search: "old" })).toEqual([]);
  });

  // Issue 15: as for playlists, the search ran over `${title} ${target_value}`.
  it("search does not match text spanning title and target_value, nor the space between them, nor a missing title", () => {
    expect(list({ search: "churn https" })).toEqual([]);
    expect(list({ search: "churn " })).toEqual([]);
    expect(list({ search: " https" })).toEqual([]);
    const untitled = project({ subscriptions: [subscription(1, { title: null, target_value: "a@example.com" })] });
    expect(ids(filterSubscriptions(untitled, { ...subscriptionDefaults, search: "null" }))).toEqual([]);
    expect(ids(filterSubscriptions(untitled, { ...subscriptionDefaults, search: "null a@" }))).toEqual([]);
    expect(ids(filterSubscriptions(untitled, { ...subscriptionDefaults, search: "A@EXAMPLE" }))).toEqual([1]);
  });

  it("filters combine: every one given must hold", () => {
    expect(list({ target_type: "email", resource_type: "dashboard" })).toEqual([5]);
    expect(list({ search: "example.com", resource_type: "insight", ordering: "created_at" })).toEqual([1, 3]);
  });

  it("leaves soft-deleted subscriptions out; deleted: true lists only those", () => {
    expect(list({ deleted: false })).toEqual([5, 3, 2, 1]);
    expect(list({ deleted: true })).toEqual([4]);
    expect(list({ deleted: true, insight: 10 })).toEqual([4]);
    expect(list({ deleted: true, insight: 11 })).toEqual([]);
  });
});

describe("visibility", () => {
  it("readable and listed follow deleted, and listed follows the query's deleted", () => {
    for (const deleted of [undefined, null, false]) {
      expect(readable({ deleted })).toBe(true);
      expect(listed({ deleted }, {})).toBe(true);
      expect(listed({ deleted }, { deleted: true })).toBe(false);
    }
    expect(readable({ deleted: true })).toBe(false);
    expect(listed({ deleted: true }, {})).toBe(false);
    expect(listed({ deleted: true }, { deleted: false })).toBe(false);
    // Only the boolean true asks for deleted records, not the text a raw query would hold.
    expect(listed({ deleted: true }, { deleted: "true" })).toBe(false);
    expect(listed({ deleted: true }, { deleted: true })).toBe(true);
  });
});

// Every order of every listing, read from the description: nullable keys, date-times written
// with different offsets and precisions, and text of mixed case, on random records. The
// reference key here is computed independently of the mock (Date.parse of a date-time that
// carries its offset does not depend on the host's zone).
describe("every order of every listing", () => {
  const enumOf = (operationId: string, name: string): string[] => {
    const operation = specOperations.find((o) => o.operation.operationId === operationId)!;
    return deref(operation.parameters.find((p) => p.name === name)!.schema).enum;
  };
  const random = seededRandom(16);
  const maybe = <T>(value: T): T | null => (random() < 0.25 ? null : value);
  // One moment, written in one of several equivalent ways.
  const written = (at: number): string => {
    const variants = [
      () => new Date(at).toISOString(),
      () => new Date(at).toISOString().replace(".000Z", "Z"),
      () => new Date(at + 2 * 3_600_000).toISOString().replace("Z", "+02:00"),
      () => new Date(at - 5 * 3_600_000 - 30 * 60_000).toISOString().replace("Z", "-05:30"),
    ];
    return variants[Math.floor(random() * variants.length)]!();
  };
  const moment = () => now.getTime() - Math.floor(random() * 40) * 3_600_000 - Math.floor(random() * 2) * 500;
  const words = ["alpha", "Beta", "gamma", "DELTA", "epsilon"];
  const word = () => words[Math.floor(random() * words.length)]!;
  const count = () => maybe(Math.floor(random() * 4));
  type Key = number | string | null;
  const reference = (value: unknown): Key =>
    value === null || value === undefined
      ? null
      : typeof value === "number"
        ? value
        : /^\d{4}-/.test(String(value))
          ? Date.parse(String(value))
          : String(value).toLowerCase();
  function expectOrdered(keys: Key[], descending: boolean, label: string) {
    for (let i = 1; i < keys.length; i++) {
      const [a, b] = (descending ? [keys[i], keys[i - 1]] : [keys[i - 1], keys[i]]) as [Key, Key];
      // Missing keys come first ascending (last descending), then values in order.
      const inOrder = a === null || (b !== null && a <= b);
      expect(inOrder, `${label}: ${JSON.stringify(keys)}`).toBe(true);
    }
  }

  it("recordings: every `order`, both directions", () => {
    for (let round = 0; round < 30; round++) {
      const recordings = Array.from({ length: 15 }, (_, i) =>
        recording(`o${i}`, {
          start_time: maybe(written(moment())),
          recording_duration: count(),
          active_seconds: count(),
          inactive_seconds: count(),
          console_error_count: count(),
          click_count: count(),
          keypress_count: count(),
          mouse_activity_count: count(),
          activity_score: maybe(random() * 3 - 1),
        }),
      );
      const state = project({ recordings });
      for (const order of enumOf("listRecordings", "order")) {
        const field = (order === "duration" ? "recording_duration" : order) as keyof Recording;
        for (const direction of enumOf("listRecordings", "order_direction")) {
          const listed = filterRecordings(state, { ...recordingDefaults, order, order_direction: direction }, now);
          expect(listed).toHaveLength(15);
          expectOrdered(
            listed.map((r) => reference(r[field])),
            direction === "DESC",
            `${order} ${direction}`,
          );
        }
      }
    }
  });

  it("playlists: every `order`", () => {
    for (let round = 0; round < 30; round++) {
      const playlists = Array.from({ length: 15 }, (_, i) =>
        playlist(`p${i}`, { name: maybe(word()), created_at: written(moment()), last_modified_at: written(moment()) }),
      );
      const state = project({ playlists });
      for (const order of enumOf("listPlaylists", "order")) {
        const listed = filterPlaylists(state, { ...playlistDefaults, order }, maya, now);
        expect(listed).toHaveLength(15);
        const field = order.replace(/^-/, "") as "name" | "created_at" | "last_modified_at";
        expectOrdered(
          listed.map((p) => reference(p[field])),
          order.startsWith("-"),
          order,
        );
      }
    }
  });

  it("subscriptions: every `ordering`", () => {
    for (let round = 0; round < 30; round++) {
      const subscriptions = Array.from({ length: 15 }, (_, i) =>
        subscription(i + 1, { title: maybe(word()), created_at: written(moment()), next_delivery_date: maybe(written(moment())) }),
      );
      const state = project({ subscriptions });
      for (const ordering of enumOf("listSubscriptions", "ordering")) {
        const listed = filterSubscriptions(state, { ...subscriptionDefaults, ordering });
        expect(listed).toHaveLength(15);
        const field = ordering.replace(/^-/, "") as "title" | "created_at" | "next_delivery_date";
        expectOrdered(
          listed.map((s) => reference(s[field])),
          ordering.startsWith("-"),
          ordering,
        );
      }
    }
  });
});

describe("ids compared as ids", () => {
  // A UUID names the same thing in either case; the description's `format: uuid` takes both.
  it("person_uuid, session_ids, session_recording_id and created_by ignore the case of the UUID", () => {
    const id = "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52";
    const person = "01933f8a-2b61-7c0e-a4d9-5e7f1b3c8a26";
    const base = recording(id);
    const records = project({
      recordings: [{ ...base, person: { ...base.person!, uuid: person } }, recording("0193401e-0000-7000-8000-00000000000b")],
      playlists: [playlist("p1"), playlist("p2")],
      members: { p1: [id], p2: [] },
      subscriptions: [subscription(1, { created_by: { ...maya, uuid: person } }), subscription(2)],
    });
    for (const written of [id, id.toUpperCase()]) {
      expect(ids(filterRecordings(records, { ...recordingDefaults, session_ids: [written] }, now))).toEqual([id]);
      expect(shortIds(filterPlaylists(records, { ...playlistDefaults, session_recording_id: written }, maya, now))).toEqual(["p1"]);
    }
    for (const written of [person, person.toUpperCase()]) {
      expect(ids(filterRecordings(records, { ...recordingDefaults, person_uuid: written }, now))).toEqual([id]);
      expect(ids(filterSubscriptions(records, { ...subscriptionDefaults, created_by: written }))).toEqual([1]);
    }
  });
});

describe("property and console filters read only what is there", () => {
  const records = () =>
    project({
      recordings: [
        recording("n1", {}, { plan: 10, name: "Ada" }),
        recording("n2", {}, { plan: "25", name: "Grace" }),
        recording("n3", {}, { plan: "pro", nested: { a: 1 } }),
        recording("n4", { person: undefined }),
        recording("n5", { start_time: ago(1) }, { plan: 3 }),
      ].map((r, i) => ({ ...r, start_time: ago((i + 1) * day) })),
    });
  const list = (properties: unknown[], operand = "AND") => ids(filterRecordings(records(), { ...recordingDefaults, properties, operand }, now)).sort();
  const prop = (key: string, operator: string, value?: unknown) => ({ key, operator, value });

  it("compares numbers for gt, gte, lt and lte; text that is not a number never matches them", () => {
    expect(list([prop("plan", "gt", 9)])).toEqual(["n1", "n2"]);
    expect(list([prop("plan", "gte", "10")])).toEqual(["n1", "n2"]);
    expect(list([prop("plan", "lt", 10)])).toEqual(["n5"]);
    expect(list([prop("plan", "lte", 10)])).toEqual(["n1", "n5"]);
    expect(list([prop("plan", "gt", "pro")])).toEqual([]);
    expect(list([prop("plan", "lt", [5, 20])])).toEqual(["n1", "n5"]);
  });

  it("not_icontains and is_not hold when no value matches, a missing property included", () => {
    expect(list([prop("name", "not_icontains", ["ad", "zzz"])])).toEqual(["n2", "n3", "n4", "n5"]);
    expect(list([prop("name", "is_not", "Ada")])).toEqual(["n2", "n3", "n4", "n5"]);
  });

  it("an object property matches no value, not even the text it would print as", () => {
    expect(list([prop("nested", "exact", "[object Object]")])).toEqual([]);
    expect(list([prop("nested", "icontains", "object")])).toEqual([]);
    expect(list([prop("nested", "is_set")])).toEqual(["n3"]);
  });

  it("finds only the person's own properties: Object.prototype's names are not set", () => {
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(list([prop(key, "is_set")]), key).toEqual([]);
      expect(list([prop(key, "icontains", "function")]), key).toEqual([]);
      expect(list([prop(key, "is_not_set")]), key).toHaveLength(5);
    }
  });

  it("a recording without a person, or whose person's properties are not an object, has no property set", () => {
    const odd = project({
      recordings: [recording("x1", { person: undefined }), recording("x2"), recording("x3")].map((r, i) =>
        i === 0 ? r : { ...r, person: { ...r.person!, properties: i === 1 ? ["a", "b"] : "text" } },
      ),
    });
    const run = (properties: unknown[]) => ids(filterRecordings(odd, { ...recordingDefaults, properties }, now));
    expect(run([prop("0", "is_set")])).toEqual([]);
    expect(run([prop("length", "is_set")])).toEqual([]);
    expect(run([prop("0", "exact", "a")])).toEqual([]);
  });

  it("console_log_filters: info is the log count, and is_not asks for none of the levels", () => {
    const logs = project({
      recordings: [
        recording("c1", { start_time: ago(3 * day), console_error_count: 1, console_warn_count: 0, console_log_count: 0 }),
        recording("c2", { start_time: ago(2 * day), console_error_count: 0, console_warn_count: 2, console_log_count: null }),
        recording("c3", { start_time: ago(1 * day), console_error_count: null, console_warn_count: null, console_log_count: 4 }),
      ],
    });
    const run = (...filters: unknown[]) => ids(filterRecordings(logs, { ...recordingDefaults, console_log_filters: filters }, now));
    const level = (operator: string, ...value: string[]) => ({ key: "level", type: "log_entry", operator, value });
    expect(run(level("exact", "info"))).toEqual(["c3"]);
    expect(run(level("is_not", "error"))).toEqual(["c3", "c2"]);
    expect(run(level("is_not", "error", "warn"))).toEqual(["c3"]);
    expect(run({ key: "level", value: "warn" })).toEqual(["c2"]);
    expect(run(level("is_not", "error"), level("exact", "warn"))).toEqual(["c2"]);
  });
});
