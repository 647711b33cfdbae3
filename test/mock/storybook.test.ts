// The Storybook adapter's per-story state, in Node: its handlers behind setupServer stand in for
// the addon's worker, and each `beforeEach` call for a story starting (examples/storybook and
// test/examples/storybook.spec.ts drive the same in a real Storybook in Chromium).
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, unwrap } from "../../src/index.js";
import { storybookMock } from "../../src/mock/adapters/storybook.js";
import { createMock } from "../../src/mock/index.js";
import { maxDelayMs } from "../../src/mock/negotiate.js";
import { MockStateError } from "../../src/mock/public.js";

const baseUrl = "https://storybook.test";
const path = { project_id: "28417" };
const listPath = "/api/environments/{project_id}/session_recording_playlists/";
const sessionRecordings = storybookMock({ createMock, createClient, baseUrl });
const server = setupServer(...sessionRecordings.handlers());
const api = createClient({ baseUrl, apiKey: "phx_story", maxRetries: 0 });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

/** A story starting with these parameters, as Storybook calls the project's beforeEach. */
const startStory = (parameters: Record<string, unknown> = {}) => sessionRecordings.beforeEach({ parameters });
const names = async () => unwrap(await api.GET(listPath, { params: { path, query: { limit: 100 } } })).results.map((playlist) => playlist.name);
const create = async (name: string) => unwrap(await api.POST(listPath, { params: { path }, body: { name } }));

describe("storybookMock: each story's state", () => {
  const seeded = createMock().snapshot();
  const seededNames = seeded.projects["28417"]!.playlists.filter((playlist) => !playlist.deleted).map((playlist) => playlist.name);

  it("starts a story with no parameter on the seed, and the next one without what the last created", async () => {
    await startStory();
    expect((await names()).sort()).toEqual([...seededNames].sort());
    await create("Made in the first story");
    expect(await names()).toContain("Made in the first story");
    await startStory();
    expect(await names()).not.toContain("Made in the first story");
  });

  it("starts a story in the scenario, on the seed or from the snapshot its parameters name", async () => {
    await startStory(sessionRecordings.parameters({ scenario: "empty" }));
    expect(await names()).toEqual([]);
    await startStory(sessionRecordings.parameters({ seed: 2 }));
    const playlistsOf = (snapshot: ReturnType<typeof createMock>["snapshot"]) =>
      snapshot().projects["28417"]!.playlists.map(({ short_id, name }) => [short_id, name]);
    const seed2 = createMock({ seed: 2 });
    expect(playlistsOf(sessionRecordings.mock.snapshot)).toEqual(playlistsOf(seed2.snapshot));
    expect(playlistsOf(sessionRecordings.mock.snapshot)).not.toEqual(playlistsOf(createMock().snapshot));

    const saved = createMock({ scenario: "empty" });
    await createClient({ baseUrl, apiKey: "phx_story", maxRetries: 0, fetch: (request) => saved.fetch(request) }).POST(listPath, {
      params: { path },
      body: { name: "Saved" },
    });
    const snapshot = saved.snapshot();
    for (const given of [snapshot, { default: snapshot }, async () => ({ default: snapshot }), async () => snapshot]) {
      await startStory(sessionRecordings.parameters({ snapshot: given }));
      expect(await names()).toEqual(["Saved"]);
    }
  });

  it("runs arrange on the story's mock through the typed client, and the story reads what it made", async () => {
    await startStory(
      sessionRecordings.parameters({
        scenario: "empty",
        async arrange({ api: arranged, mock }) {
          unwrap(await arranged.POST(listPath, { params: { path }, body: { name: "Arranged", pinned: true } }));
          expect(mock).toBe(sessionRecordings.mock);
        },
      }),
    );
    expect(await names()).toEqual(["Arranged"]);
    expect(sessionRecordings.mock.requests().map((request) => request.method)).toEqual(["POST", "GET"]);
  });

  it("refuses a corrupt snapshot naming the field, before the story renders", async () => {
    const broken = { ...seeded, nextId: { playlist: "many" } };
    await expect(startStory(sessionRecordings.parameters({ snapshot: broken }))).rejects.toThrow(MockStateError);
    await expect(startStory(sessionRecordings.parameters({ snapshot: broken }))).rejects.toThrow(/nextId/);
  });
});

describe("storybookMock: no answer outlives its story", () => {
  const delayed = (milliseconds: number) =>
    fetch(`${baseUrl}/api/projects/`, { headers: { Authorization: "Bearer phx_story", Prefer: `delay=${milliseconds}` } });

  // The mock's longest delay, twice these tests' own timeout: the request fails when its story
  // ends, not when its answer is due.
  const longest = maxDelayMs;
  const bound = { timeout: longest / 2 };

  it("fails a request the mock was still answering when the next story started, at once", bound, async () => {
    await startStory();
    const late = delayed(longest);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await startStory(sessionRecordings.parameters({ scenario: "empty" }));
    await expect(late).rejects.toThrow(TypeError);
    // The next story's own requests are answered.
    expect(await names()).toEqual([]);
  });

  it("fails it as its story ends, and through the adapter's fetch too", bound, async () => {
    const ended = await startStory();
    const late = delayed(longest);
    const forwarded = sessionRecordings.fetch(
      new Request(`${baseUrl}/api/projects/`, { headers: { Authorization: "Bearer phx_story", Prefer: `delay=${longest}` } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    ended();
    await expect(late).rejects.toThrow(TypeError);
    expect((await forwarded).type).toBe("error");
  });

  it("answers a request that starts and ends within its story", async () => {
    await startStory();
    expect((await delayed(20)).status).toBe(200);
  });
});
