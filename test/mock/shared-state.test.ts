// Mocks share the state they start from (the seed built once, a snapshot checked once) and
// reset() undoes only what was written: no mock may see another's change, a reset must leave no
// write behind, and a change a handler makes in place, unreported, must fail loudly.
import { describe, expect, it } from "vitest";
import { liveState } from "../../src/mock/engine.js";
import { createMock as createLiveMock } from "../../src/mock/live.js";
import { MockStateError } from "../../src/mock/state/snapshot.js";
import { send } from "./support.js";

const now = () => new Date("2026-11-20T10:00:00.000Z");
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
const playlists = "/api/environments/28417/session_recording_playlists/";
const recording = "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52";

/** Every kind of write the live profile answers, each expected to succeed. */
async function everyWrite(mock: ReturnType<typeof createLiveMock>) {
  const steps: [string, RequestInit][] = [
    [playlists, { method: "POST", ...json({ name: "Mine", type: "collection" }) }],
    [`${playlists}Ub3KpD7w/`, { method: "PATCH", ...json({ name: "Renamed", pinned: true }) }],
    [`${playlists}Ub3KpD7w/recordings/01935c44-b816-7e3a-9d07-5f2a8c1e6b39/`, { method: "POST" }],
    [`${playlists}Ub3KpD7w/recordings/${recording}/`, { method: "DELETE" }],
    [`/api/environments/28417/session_recordings/01935a1c-7e42-7b9d-8f16-4c0a2e9d3b57/`, { method: "PATCH", ...json({ viewed: true }) }],
    [`/api/environments/28417/session_recordings/01934c72-0d1e-7f4a-8b35-6e2c9a7d1f03/`, { method: "DELETE" }],
    [
      "/api/environments/28417/subscriptions/",
      {
        method: "POST",
        ...json({ insight: 14001, target_type: "email", target_value: "a@example.com", frequency: "weekly", interval: 1, start_date: "2026-11-23T09:00:00Z" }),
      },
    ],
    ["/api/environments/28417/subscriptions/902/", { method: "PATCH", ...json({ title: "Changed" }) }],
    ["/api/environments/28417/subscriptions/902/test-delivery/", { method: "POST" }],
  ];
  for (const [path, init] of steps) {
    const response = await send(mock, path, init);
    expect(response.status, `${init.method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  }
}

describe("mocks that start from one shared state", () => {
  it("reset() leaves nothing of any write, and a second mock never sees the first one's writes", async () => {
    const first = createLiveMock({ now });
    const second = createLiveMock({ now });
    const fresh = first.snapshotJson();
    const before = first.snapshot();
    await everyWrite(first);
    expect(first.snapshotJson()).not.toBe(fresh);
    // What snapshot() gave before the writes is as it was.
    expect(JSON.stringify(before)).toBe(fresh);
    expect(second.snapshotJson()).toBe(fresh);
    expect(createLiveMock({ now }).snapshotJson()).toBe(fresh);
    first.reset();
    expect(first.snapshotJson()).toBe(fresh);
    // Twice over: the writes after a reset start from the shared state again.
    await everyWrite(first);
    first.reset();
    expect(first.snapshotJson()).toBe(fresh);
  });

  it("reset() to a snapshot undoes the writes, and the snapshot's other mocks and object are untouched", async () => {
    const snapshot = createLiveMock({ now }).snapshot();
    const text = JSON.stringify(snapshot);
    const first = createLiveMock({ now, snapshot });
    const second = createLiveMock({ now, snapshot });
    await everyWrite(first);
    expect(second.snapshotJson()).toBe(text);
    expect(JSON.stringify(snapshot)).toBe(text);
    first.reset();
    expect(first.snapshotJson()).toBe(text);
  });

  it("never trusts a snapshot object changed after it was checked: it is checked again", () => {
    const mock = createLiveMock({ now });
    const snapshot = mock.snapshot();
    mock.restore(snapshot);
    const playlist = snapshot.projects["28417"]!.playlists[0]!;
    playlist.name = "Changed after the check";
    mock.restore(snapshot);
    expect(mock.snapshot().projects["28417"]!.playlists[0]!.name).toBe("Changed after the check");
    (playlist as { id: unknown }).id = "not a number";
    expect(() => mock.restore(snapshot)).toThrow(MockStateError);
    expect(() => createLiveMock({ snapshot })).toThrow(MockStateError);
  });

  it("refuses a change made in place: the state's records are frozen", () => {
    const mock = createLiveMock({ now });
    // A caller's copy is its own to change…
    mock.snapshot().projects["28417"]!.playlists[0]!.name = "mine";
    // …while the state a handler reads cannot be changed but through its write.
    const state = liveState(mock)!;
    expect(() => {
      state.projects["28417"]!.playlists[0]!.name = "leaked";
    }).toThrow(TypeError);
    expect(() => state.projects["28417"]!.recordings.push(state.projects["28417"]!.recordings[0]!)).toThrow(TypeError);
    expect(createLiveMock({ now }).snapshot().projects["28417"]!.playlists[0]!.name).not.toBe("leaked");
  });

  it("shares the seed moved to another instant frozen whole, below the mock's own projects", () => {
    createLiveMock({ now });
    const later = createLiveMock({ now: () => new Date("2026-11-21T13:14:15.161Z") });
    const unfrozen: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (value === null || typeof value !== "object") return;
      if (!Object.isFrozen(value)) unfrozen.push(path);
      for (const [key, item] of Object.entries(value)) walk(item, `${path}.${key}`);
    };
    for (const [id, project] of Object.entries(liveState(later)!.projects)) for (const [part, held] of Object.entries(project)) walk(held, `${id}.${part}`);
    expect(unfrozen).toEqual([]);
  });
});
