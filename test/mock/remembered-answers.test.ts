// What the engine remembers of a read (a playlist as presented, an answer's text and verdict:
// state/generation.ts, serialised-answers.ts) never outlives the state it was made from: after
// each kind of change, the next read answers what a mock made fresh from the same state
// answers, byte for byte. Each case reads first, so the memo holds the old answer when the change comes.
import { describe, expect, it } from "vitest";
import { createMock, type Mock, type MockOptions } from "../../src/mock/index.js";
import { serialisedAnswers } from "../../src/mock/serialised-answers.js";
import { nextGeneration, rememberedPer } from "../../src/mock/state/generation.js";
import type { MockState } from "../../src/mock/state/state.js";
import { send, storyPlaylist } from "./support.js";

const playlists = "/api/environments/28417/session_recording_playlists/";
const onePlaylist = `${playlists}${storyPlaylist.short_id}/`;
const reads = [onePlaylist, `${playlists}?limit=100`, "/api/environments/28417/session_recordings/?limit=100"];

/** Each read's status and text, twice (the second from the memo), checked alike. */
async function answers(mock: Mock, paths = reads) {
  const texts = [];
  for (const path of paths) {
    const first = await send(mock, path);
    const second = await send(mock, path);
    const text = await first.text();
    expect(await second.text()).toBe(text);
    texts.push(`${first.status} ${text}`);
  }
  return texts;
}

/** What a mock made fresh from `mock`'s state answers now. */
const fresh = (mock: Mock, options: MockOptions = {}) => answers(createMock({ now: clock, ...options, snapshot: mock.snapshot() }));

const json = { "Content-Type": "application/json" };
// One clock for every mock of a case, so a reset or a fresh mock seeds the same times.
const at = new Date("2026-11-27T12:00:00.000Z");
const clock = () => at;

describe("a remembered answer", () => {
  it("follows a change of a record's own fields", async () => {
    const mock = createMock({ now: clock });
    const before = await answers(mock);
    const patched = await send(mock, onePlaylist, { method: "PATCH", headers: json, body: JSON.stringify({ name: "Renamed" }) });
    expect(patched.status).toBe(200);
    const after = await answers(mock);
    expect(after).not.toEqual(before);
    expect(after[0]).toContain('"name":"Renamed"');
    expect(after).toEqual(await fresh(mock));
  });

  it("follows a change of what a record is presented with (a recording added to the playlist changes its recordings_counts)", async () => {
    const mock = createMock({ now: clock });
    const before = await answers(mock);
    const state = mock.snapshot() as MockState;
    const outside = state.projects["28417"]!.recordings.find((r) => !state.projects["28417"]!.members[storyPlaylist.short_id]!.includes(r.id))!;
    const added = await send(mock, `${onePlaylist}recordings/${outside.id}/`, { method: "POST" });
    expect(added.ok).toBe(true);
    const after = await answers(mock);
    expect(after[0]).not.toBe(before[0]);
    expect(after).toEqual(await fresh(mock));
  });

  it("follows a create, and a reset back to the state the mock was made with", async () => {
    const mock = createMock({ now: clock });
    const before = await answers(mock);
    const created = await send(mock, playlists, { method: "POST", headers: json, body: JSON.stringify({ name: "New", type: "collection" }) });
    expect(created.status).toBe(201);
    const after = await answers(mock);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]).toContain('"name":"New"');
    mock.reset();
    expect(await answers(mock)).toEqual(before);
  });

  it("follows a scenario switch, and the switch back", async () => {
    const mock = createMock({ now: clock });
    const before = await answers(mock);
    mock.setScenario("empty");
    const empty = await answers(mock);
    expect(JSON.parse(empty[1]!.slice(4)).count).toBe(0);
    expect(empty).toEqual(await fresh(mock));
    mock.setScenario(null);
    expect(await answers(mock)).toEqual(before);
  });

  it("follows a restore, in process and over the admin route", async () => {
    const mock = createMock({ now: clock });
    await answers(mock);
    const state = mock.snapshot() as MockState;
    const renamed = (name: string) => {
      const next = structuredClone(state);
      next.projects["28417"]!.playlists.find((p) => p.short_id === storyPlaylist.short_id)!.name = name;
      return next;
    };
    mock.restore(renamed("Restored"));
    expect((await answers(mock))[0]).toContain('"name":"Restored"');
    const put = await mock.fetch("http://mock.local/__mock/state", { method: "PUT", headers: json, body: JSON.stringify(renamed("Put back")) });
    expect(put.status).toBe(204);
    const after = await answers(mock);
    expect(after[0]).toContain('"name":"Put back"');
    expect(after).toEqual(await fresh(mock));
  });

  it("follows a time rebase: a relative snapshot adopted later answers its times moved", async () => {
    const then = new Date("2026-11-01T12:00:00.000Z");
    let now = then;
    const mock = createMock({ now: () => now });
    const before = await answers(mock);
    const relative = { ...(mock.snapshot() as MockState), anchor: then.toISOString() };
    now = new Date("2026-11-20T09:30:00.000Z");
    mock.restore(relative);
    const after = await answers(mock);
    const modified = (text: string) => JSON.parse(text.slice(4)).last_modified_at as string;
    expect(Date.parse(modified(after[0]!)) - Date.parse(modified(before[0]!))).toBe(now.getTime() - then.getTime());
    expect(after).toEqual(await fresh(mock, { now: () => now }));
  });

  it("follows the clock where a read depends on it, with no change of state (a listing's relative date window)", async () => {
    const state = createMock({ now: clock }).snapshot() as MockState;
    const newest = state.projects["28417"]!.playlists.map((p) => Date.parse(p.last_modified_at as string)).sort((a, b) => b - a)[0]!;
    let now = new Date(newest + 30 * 60_000);
    const mock = createMock({ snapshot: state, now: () => now });
    const windowed = `${playlists}?date_from=-1h&limit=100`;
    const count = (text: string) => JSON.parse(text.slice(4)).count as number;
    const [within] = await answers(mock, [windowed]);
    expect(count(within!)).toBeGreaterThan(0);
    now = new Date(newest + 3 * 3_600_000);
    const [past] = await answers(mock, [windowed]);
    expect(count(past!)).toBe(0);
  });

  it("answers a HEAD as its GET, with no body", async () => {
    const mock = createMock();
    const get = await send(mock, onePlaylist);
    const head = await send(mock, onePlaylist, { method: "HEAD" });
    expect([head.status, head.headers.get("content-type"), await head.text()]).toEqual([get.status, get.headers.get("content-type"), ""]);
  });
});

describe("serialisedAnswers", () => {
  const record = { id: 1 };
  const value = { count: 1, results: [record] };

  it("finds an answer built alike from the same records in the same generation, with its verdict", () => {
    const kept = serialisedAnswers();
    const generation = nextGeneration();
    kept.keep("listPlaylists", generation, 200, value, "text", ["a problem"]);
    expect(kept.find("listPlaylists", generation, 200, { count: 1, results: [record] })).toEqual({
      generation,
      status: 200,
      value,
      text: "text",
      problems: ["a problem"],
    });
  });

  it("finds none in another generation, for another status or operation, or for a value that differs by a field, its order, or a record's identity", () => {
    const kept = serialisedAnswers();
    const generation = nextGeneration();
    kept.keep("listPlaylists", generation, 200, value, "text", []);
    expect(kept.find("listPlaylists", nextGeneration(), 200, value)).toBeUndefined();
    expect(kept.find("listPlaylists", generation, 201, value)).toBeUndefined();
    expect(kept.find("getPlaylist", generation, 200, value)).toBeUndefined();
    expect(kept.find("listPlaylists", generation, 200, { count: 2, results: [record] })).toBeUndefined();
    expect(kept.find("listPlaylists", generation, 200, { results: [record], count: 1 })).toBeUndefined();
    expect(kept.find("listPlaylists", generation, 200, { count: 1, results: [{ id: 1 }] })).toBeUndefined();
    expect(kept.find("listPlaylists", generation, 200, { count: 1, results: [record, record] })).toBeUndefined();
  });
});

describe("rememberedPer", () => {
  it("derives once per record and generation, and every time for a request that may write", () => {
    let made = 0;
    const remembered = rememberedPer<object, number>();
    const key = {};
    const generation = nextGeneration();
    expect([remembered(key, generation, () => ++made), remembered(key, generation, () => ++made)]).toEqual([1, 1]);
    expect(remembered(key, nextGeneration(), () => ++made)).toBe(2);
    expect([remembered(key, undefined, () => ++made), remembered(key, undefined, () => ++made)]).toEqual([3, 4]);
  });
});
