// The snapshot check's parts that follow the store's use of a state (snapshot-check.test.ts has
// the shapes and ids): a subscription whose schedule no rule can follow, a short_id the store
// cannot key by, and a state far larger than the seed's. Each is refused naming the field, with
// nothing changed, or goes back in whole.
import { describe, expect, it } from "vitest";
import { createMock, type MockSnapshot, MockStateError } from "../../src/mock/index.js";
import { checkInvariants } from "../../src/mock/state/invariants.js";
import type { MockState } from "../../src/mock/state/state.js";
import { send } from "./support.js";

const now = () => new Date("2026-11-22T12:00:00Z");
const project = "28417";
const json = { "Content-Type": "application/json" };

/** `change` made to a fresh snapshot, refused by restore() and by PUT /__mock/state naming `field`, with nothing adopted. */
async function expectRefused(change: (state: MockSnapshot) => void, field: RegExp) {
  const mock = createMock({ now });
  const before = mock.snapshotJson();
  const state = mock.snapshot();
  change(state);
  expect(() => mock.restore(state)).toThrow(MockStateError);
  expect(() => mock.restore(state)).toThrow(field);
  const put = await send(mock, "/__mock/state", { method: "PUT", headers: json, body: JSON.stringify(state) });
  expect(put.status).toBe(400);
  expect((await put.json()).detail).toMatch(field);
  expect(mock.snapshotJson()).toBe(before);
}

describe("a subscription whose schedule no rule can follow", () => {
  it.each([
    ["an interval of 0", { interval: 0 }, /subscriptions\[0\]\.interval/],
    ["a negative interval", { interval: -2_147_483_648 }, /subscriptions\[0\]\.interval/],
    ["bysetpos 0 with byweekday", { byweekday: ["monday"], bysetpos: 0 }, /subscriptions\[0\]\.bysetpos/],
    ["bysetpos past 366 with byweekday", { byweekday: ["friday"], bysetpos: 2_147_483_647 }, /subscriptions\[0\]\.bysetpos/],
  ] as const)("is refused for %s, naming the field", async (_, fields, field) => {
    await expectRefused((state) => Object.assign(state.projects[project]!.subscriptions[0]!, fields), field);
  });

  it("is not refused for a bysetpos without byweekday, which the rule ignores", () => {
    const mock = createMock({ now });
    const state = mock.snapshot();
    state.projects[project]!.subscriptions[0]!.bysetpos = 0;
    mock.restore(state);
    expect(mock.snapshot()).toEqual(state);
  });
});

describe("a short_id the store cannot key by", () => {
  it.each(["constructor", "__proto__", "toString", "valueOf"])("is refused for %s, naming the playlist", async (name) => {
    await expectRefused((state) => {
      const records = state.projects[project]!;
      const playlist = records.playlists[1]!;
      delete records.members[playlist.short_id];
      playlist.short_id = name;
    }, /playlists\[1\]\.short_id .* cannot key by/);
  });
});

describe("a snapshot the mock produced after schedule writes at the edges of every range", () => {
  it("goes back in whole, over restore() and over PUT /__mock/state", async () => {
    const mock = createMock({ now });
    const base = { insight: 14872, target_type: "email", target_value: "a@example.com", start_date: "0001-01-01T00:00:00Z" };
    for (const fields of [
      { frequency: "daily", interval: 2_147_483_647, count: 2_147_483_647 },
      { frequency: "monthly", count: -2_147_483_648, byweekday: ["monday"], bysetpos: -366 },
      { frequency: "yearly", byweekday: ["sunday", "saturday"], bysetpos: 366, until_date: "9999-12-31T23:59:59Z" },
      { frequency: "weekly", bysetpos: 2_147_483_647, start_date: "9999-12-31T23:59:59.999Z" },
    ]) {
      const created = await send(mock, `/api/environments/${project}/subscriptions/`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ ...base, ...fields }),
      });
      expect(created.status, JSON.stringify(fields)).toBe(201);
    }
    const saved = mock.snapshotJson();
    const restored = createMock({ now });
    restored.restore(JSON.parse(saved));
    expect(restored.snapshotJson()).toBe(saved);
    const put = createMock({ now });
    expect((await send(put, "/__mock/state", { method: "PUT", headers: json, body: saved })).status).toBe(204);
    expect(put.snapshotJson()).toBe(saved);
  });
});

describe("a state far larger than the seed's", () => {
  // Enough ids that spreading them into one call's arguments overflows the stack (about 130,000 in Node 20).
  const many = 300_000;
  /** The seeded state with `many` more playlists in the second project: only what the invariants read is filled in. */
  function grown(nextPlaylist: number): MockState {
    const state = createMock({ now }).snapshot();
    const records = state.projects["28502"]!;
    for (let i = 0; i < many; i++) records.playlists.push({ id: 100_000 + i, short_id: `big${i}` } as MockState["projects"][string]["playlists"][number]);
    state.nextId.playlist = nextPlaylist;
    return state;
  }

  it("is checked without overflowing: holding when the next id is past every id, broken naming nextId when it collides", () => {
    expect(checkInvariants(grown(100_000 + many))).toBeUndefined();
    expect(checkInvariants(grown(100_000 + many - 1))).toMatch(/snapshot\.nextId\.playlist must be at least 400000/);
  });
});
