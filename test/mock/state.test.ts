// The seeded state, snapshots, scenarios and the admin routes (Prefer is prefer.test.ts's).
import { describe, expect, it } from "vitest";
import { createMock, MockStateError } from "../../src/mock/index.js";
import { createMock as createLiveMock } from "../../src/mock/live.js";
import { liveProfile } from "../../src/mock/profiles/live.js";
import { seedProfile } from "../../src/mock/profiles/seed.js";
import { readGuide } from "../support/guide.js";
import { send } from "./support.js";

const now = () => new Date("2026-11-22T12:00:00Z");
const day = 86_400_000;

describe("seeded state", () => {
  it("is the same for the same seed and differs for another", () => {
    expect(createMock({ seed: 7, now }).snapshot()).toEqual(createMock({ seed: 7, now }).snapshot());
    expect(createMock({ seed: 7, now }).snapshot()).not.toEqual(createMock({ seed: 8, now }).snapshot());
  });

  it("holds the story and enough records for several pages, all valid and plausible", () => {
    const state = createMock({ now }).snapshot();
    expect(Object.keys(state.projects)).toEqual(["28417", "28502"]);
    const story = state.projects["28417"]!;
    expect(story.recordings.length).toBeGreaterThanOrEqual(120);
    expect(story.playlists.length).toBeGreaterThanOrEqual(12);
    expect(story.subscriptions.length).toBeGreaterThanOrEqual(25);
    expect(story.playlists.map((p) => p.short_id)).toContain("Ub3KpD7w");
    expect(story.recordings.map((r) => r.id)).toContain("0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52");
    for (const [name, list] of [
      ["SessionRecording", story.recordings],
      ["Playlist", story.playlists],
      ["Subscription", story.subscriptions],
    ] as const) {
      // Both profiles check a snapshot with validators of the description's shapes, the seed's its own.
      for (const validators of [seedProfile.stateValidators, liveProfile.stateValidators])
        for (const item of list) expect(validators[`schema_${name}`]!(item), `${name} ${JSON.stringify(item).slice(0, 80)}`).toBe(true);
    }
    for (const r of story.recordings) {
      expect(Date.parse(r.start_time!)).toBeLessThan(Date.parse(r.end_time!));
      expect(r.recording_duration).toBe((r.active_seconds ?? 0) + (r.inactive_seconds ?? 0));
      expect(Date.parse(r.end_time!) - Date.parse(r.start_time!)).toBe(r.recording_duration! * 1000);
      if (!/^01934|^01935/.test(r.id)) expect(Date.parse(r.start_time!)).toBeGreaterThan(now().getTime() - 30 * day);
      expect(r.start_url).toMatch(/^https:\/\/[a-z.]+\.example\.com\//);
      expect(String((r.person?.properties as Record<string, unknown> | undefined)?.email)).toMatch(/^[a-z.]+@[a-z-]+\.[a-z]+$/);
    }
  });
});

describe("the seeded state as the guide counts it (docs/mocking.md)", () => {
  it("holds the recordings, playlists and subscriptions the guide says, and the live profile lists the synthetic ones beside them", async () => {
    const guide = readGuide("mocking.md");
    const said =
      /(\d+) recordings, (\d+) playlists and (\d+) subscriptions[\s\S]*?the live profile lists (\d+) synthetic playlists beside\s+the stored ones \((\d+) in all\)/.exec(
        guide,
      );
    expect(said, "the guide's count of the seeded state").not.toBeNull();
    const [recordings, playlists, subscriptions, synthetic, listed] = said!.slice(1).map(Number);
    const story = createMock({ now }).snapshot().projects["28417"]!;
    const stored = story.playlists.filter((p) => !p.deleted);
    expect([story.recordings.length, stored.length, story.subscriptions.length]).toEqual([recordings, playlists, subscriptions]);
    const live = await createLiveMock({ now }).fetch("http://mock.local/api/environments/28417/session_recording_playlists/?limit=500", {
      headers: { authorization: "Bearer phx_readme" },
    });
    const page = (await live.json()) as { count: number; results: { is_synthetic?: boolean }[] };
    expect([page.results.filter((p) => p.is_synthetic).length, page.count]).toEqual([synthetic, listed]);
  });
});

describe("snapshots", () => {
  it("restores exactly what was saved, and reset goes back to the seed", async () => {
    const mock = createMock({ now });
    const seeded = mock.snapshot();
    await send(mock, "/api/environments/28417/session_recording_playlists/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"name":"Kept"}',
    });
    const saved = mock.snapshot();
    expect(saved).not.toEqual(seeded);
    const other = createMock({ now });
    other.restore(saved);
    expect(other.snapshot()).toEqual(saved);
    mock.reset();
    expect(mock.snapshot()).toEqual(seeded);
    expect(mock.requests()).toEqual([]);
  });

  it("starts from a snapshot option, checked as restore() checks it, and reset returns to it", async () => {
    const source = createMock({ now });
    await send(source, "/api/environments/28417/session_recording_playlists/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"name":"From the snapshot"}',
    });
    const saved = source.snapshot();
    const mock = createMock({ now, snapshot: saved });
    expect(mock.snapshot()).toEqual(saved);
    await send(mock, "/api/environments/28417/session_recording_playlists/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"name":"Written after"}',
    });
    mock.restore(createMock({ now }).snapshot());
    mock.reset();
    expect(mock.snapshot()).toEqual(saved);
    const broken = source.snapshot();
    (broken.projects["28417"]!.playlists[0] as { name: unknown }).name = 7;
    expect(() => createMock({ snapshot: broken })).toThrow(/snapshot\.projects\.28417\.playlists\[0\]\.name/);
  });

  it("keeps the scenario it was created with through reset(), POST /__mock/reset and a setScenario in between", async () => {
    const mock = createMock({ now, scenario: "rate-limited" });
    expect((await send(mock, "/api/projects/")).status).toBe(429);
    mock.setScenario(null);
    expect((await send(mock, "/api/projects/")).status).toBe(200);
    mock.reset();
    expect((await send(mock, "/api/projects/")).status).toBe(429);
    mock.setScenario(null);
    expect((await mock.fetch("http://mock.local/__mock/reset", { method: "POST", headers: { "Content-Type": "application/json" } })).status).toBe(204);
    expect((await send(mock, "/api/projects/")).status).toBe(429);
    const empty = createMock({ now, scenario: "empty" });
    await send(empty, "/api/environments/28417/session_recording_playlists/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"name":"Gone after reset"}',
    });
    empty.reset();
    expect(empty.snapshot()).toEqual(createMock({ now, scenario: "empty" }).snapshot());
  });

  it("refuses a corrupt snapshot, naming the field, and keeps its state", () => {
    const mock = createMock({ now });
    const before = mock.snapshot();
    const broken = mock.snapshot();
    (broken.projects["28417"]!.playlists[1] as { id: unknown }).id = "three";
    expect(() => mock.restore(broken)).toThrow(MockStateError);
    expect(() => mock.restore(broken)).toThrow(/snapshot\.projects\.28417\.playlists\[1\]\.id/);
    expect(() => mock.restore({ version: 2 })).toThrow(/snapshot\.version/);
    expect(() => mock.restore("{}")).toThrow(/must be an object/);
    expect(mock.snapshot()).toEqual(before);
  });
});

describe("scenarios", () => {
  const recordings = "/api/environments/28417/session_recordings/?limit=100";

  it("empty: every listing is empty", async () => {
    const mock = createMock({ scenario: "empty" });
    for (const path of [recordings, "/api/environments/28417/session_recording_playlists/", "/api/environments/28417/subscriptions/"]) {
      expect(await (await send(mock, path)).json()).toMatchObject({ count: 0, results: [] });
    }
  });

  it("many-pages: a thousand recordings", async () => {
    const mock = createMock({ scenario: "many-pages" });
    expect((await (await send(mock, recordings)).json()).count).toBe(1005);
  });

  it("rate-limited: 429 with Retry-After", async () => {
    const mock = createMock({ scenario: "rate-limited" });
    const response = await send(mock, recordings);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
  });

  it("flaky: seeded 5xx, the same for the same seed", async () => {
    const statuses = async (seed: number) => {
      const mock = createMock({ scenario: { name: "flaky", seed } });
      const seen: number[] = [];
      for (let i = 0; i < 40; i++) seen.push((await send(mock, "/api/projects/")).status);
      return seen;
    };
    const first = await statuses(3);
    expect(first.some((s) => s >= 500)).toBe(true);
    expect(first.some((s) => s === 200)).toBe(true);
    expect(await statuses(3)).toEqual(first);
    expect(await statuses(4)).not.toEqual(first);
  });

  it("refuses an unknown scenario by name", () => {
    expect(() => createMock({ scenario: "sunny" as "empty" })).toThrow(/scenario must be one of/);
  });
});

describe("admin routes", () => {
  it("reset, state, requests and scenario", async () => {
    const mock = createMock();
    await send(mock, "/api/environments/28417/session_recording_playlists/Ub3KpD7w/", {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: '{"pinned":false}',
    });
    const requests = await (await mock.fetch("http://mock.local/__mock/requests")).json();
    expect(requests).toEqual([expect.objectContaining({ method: "PATCH", status: 200, violations: [] })]);
    const state = await (await mock.fetch("http://mock.local/__mock/state")).json();
    expect(state.projects["28417"].playlists.find((p: { short_id: string }) => p.short_id === "Ub3KpD7w").pinned).toBe(false);
    expect((await mock.fetch("http://mock.local/__mock/reset", { method: "POST", headers: { "Content-Type": "application/json" } })).status).toBe(204);
    expect(mock.snapshot().projects["28417"]!.playlists.find((p) => p.short_id === "Ub3KpD7w")!.pinned).toBe(true);
    const scenario = await mock.fetch("http://mock.local/__mock/scenario", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "rate-limited" }),
    });
    expect(scenario.status).toBe(204);
    expect((await send(mock, "/api/projects/")).status).toBe(429);
    const restored = await mock.fetch("http://mock.local/__mock/state", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ version: 1 }),
    });
    expect(restored.status).toBe(400);
    expect(await restored.json()).toMatchObject({ attr: "state" });
  });
});
