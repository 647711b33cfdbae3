// A snapshot may be relative in time (src/mock/state/rebase.ts): with an `anchor`, adopting it
// moves every time by (now − anchor) and sets the anchor to now; without one (every snapshot
// made before), its times are kept as written. A bad anchor is refused, naming it.
import { describe, expect, it } from "vitest";
import { createMock } from "../../src/mock/live.js";
import { rebaseTimes, timesInFrame } from "../../src/mock/state/rebase.js";
import { MockStateError } from "../../src/mock/state/snapshot.js";
import type { MockState } from "../../src/mock/state/state.js";

const then = new Date("2026-11-01T12:00:00.000Z");
const later = new Date("2026-11-20T09:30:00.000Z");
const base = () => createMock({ now: () => then }).snapshot() as MockState;
const project = (state: MockState) => state.projects["28417"]!;

describe("a snapshot's anchor", () => {
  it("moves every time by (now − anchor), keeping the gaps, and becomes now", () => {
    const state = base();
    state.anchor = then.toISOString();
    const mock = createMock({ snapshot: state, now: () => later });
    const moved = mock.snapshot() as MockState;
    const delta = later.getTime() - then.getTime();
    // Moved by delta, in the form it was written (its fraction of a second and its offset as they were).
    const shifted = (iso: string | null | undefined) => `${new Date(Date.parse(iso!) + delta).toISOString().slice(0, 19)}${iso!.slice(19)}`;
    expect(moved.anchor).toBe(later.toISOString());
    const [before, after] = [project(state), project(moved)];
    expect(after.recordings.map((r) => [r.start_time, r.end_time])).toEqual(before.recordings.map((r) => [shifted(r.start_time), shifted(r.end_time)]));
    expect(after.playlists.map((p) => p.last_modified_at)).toEqual(before.playlists.map((p) => shifted(p.last_modified_at)));
    expect(after.subscriptions.map((s) => s.next_delivery_date && s.start_date)).toEqual(
      before.subscriptions.map((s) => s.next_delivery_date && shifted(s.start_date)),
    );
    expect(after.recordings.map((r) => r.id)).toEqual(before.recordings.map((r) => r.id));
  });

  it("is undone exactly by timesInFrame, every time in its own form, dates included, leaving the state it is given as it was", () => {
    const state = base();
    state.anchor = then.toISOString();
    rebaseTimes(state, then);
    const windowed = project(state).playlists[0]!;
    windowed.filters = { ...(windowed.filters as object), date_from: "2026-11-01", date_to: "2026-11-03" };
    // 18 days 21.5 hours: the dates move 18 days, and back the same 18.
    const moved = createMock({ snapshot: state, now: () => later }).snapshot() as MockState;
    expect(project(moved).playlists[0]!.filters).toMatchObject({ date_from: "2026-11-19", date_to: "2026-11-21" });
    const kept = JSON.stringify(moved);
    const back = timesInFrame(moved, state.anchor);
    expect(JSON.stringify(back)).toBe(JSON.stringify(state));
    expect(JSON.stringify(moved)).toBe(kept);
    expect(timesInFrame(moved, undefined)).toBe(moved);
  });

  it("keeps the times of a snapshot without one, as before", () => {
    const state = base();
    expect(createMock({ snapshot: state, now: () => later }).snapshot()).toEqual(state);
  });

  it("is refused when it is not a UTC date-time, naming it", () => {
    const mock = createMock();
    for (const anchor of ["yesterday", "2026-11-01", 5, "2026-13-01T00:00:00Z"]) {
      expect(() => mock.restore({ ...base(), anchor })).toThrow(MockStateError);
      expect(() => mock.restore({ ...base(), anchor })).toThrow(/^snapshot\.anchor must be an ISO 8601 date-time/);
    }
  });
});

describe("a time's form as it moves", () => {
  it("keeps its fraction of a second and its offset, or their absence, both ways", () => {
    const forms = ["2026-11-01T09:00:00Z", "2026-11-01T09:00:00.123456Z", "2026-11-01T09:00:00.5Z", "2026-11-01T11:00:00+02:00", "2026-11-01T09:00:00"];
    const state = base();
    state.anchor = then.toISOString();
    const subscriptions = project(state).subscriptions.slice(0, forms.length);
    for (const [i, subscription] of subscriptions.entries()) subscription.created_at = forms[i]!;
    const before = structuredClone(state);
    rebaseTimes(state, later);
    // 18 days 21.5 hours later, each in its own form.
    expect(
      project(state)
        .subscriptions.slice(0, forms.length)
        .map((s) => s.created_at),
    ).toEqual(["2026-11-20T06:30:00Z", "2026-11-20T06:30:00.123456Z", "2026-11-20T06:30:00.5Z", "2026-11-20T08:30:00+02:00", "2026-11-20T06:30:00"]);
    expect(timesInFrame(state, before.anchor)).toEqual(before);
  });

  it("moves by whole seconds, so an anchor with a fraction moves no time by one", () => {
    const state = base();
    state.anchor = "2026-11-01T12:00:00.400Z";
    project(state).subscriptions[0]!.created_at = "2026-11-01T09:00:00Z";
    rebaseTimes(state, new Date("2026-11-02T12:00:00.000Z"));
    expect(project(state).subscriptions[0]!.created_at).toBe("2026-11-02T09:00:00Z");
  });
});
