// queriesChangedBy against what the mock really changes: a TanStack QueryClient is filled with
// every kind of read through openapi-react-query's own query options (its keys, its query
// function), a write is made, and then every cached read whose answer is now different must be
// among those invalidated, while reads of another playlist, recording or project are left alone.
import { QueryClient } from "@tanstack/react-query";
import createQueryClient from "openapi-react-query";
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/index.js";
import { createMock } from "../../src/mock/index.js";
import { type ChangedQueries, queriesChangedBy } from "../../src/query.js";

const baseUrl = "https://us.posthog.com";
const project_id = "28417";
const now = () => new Date("2026-11-23T12:00:00Z");
const P = "/api/environments/{project_id}" as const;

function setup() {
  const mock = createMock({ seed: 18, now });
  const api = createClient({ baseUrl, apiKey: "phx_test", fetch: mock.fetch, maxRetries: 0 });
  const $api = createQueryClient(api);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  return { api, $api, queryClient };
}
let current: ReturnType<typeof setup> | undefined;
afterEach(() => current?.queryClient.clear());

/** The ids the reads below need: two collection playlists (the first holding a recording), two recordings, two subscriptions. */
async function ids(api: ReturnType<typeof setup>["api"]) {
  const path = { project_id };
  const playlists = (await api.GET(`${P}/session_recording_playlists/`, { params: { path, query: { limit: 100 } } })).data!.results;
  const [a, b] = playlists.filter((playlist) => playlist.type === "collection" && !playlist.deleted).map((playlist) => playlist.short_id);
  const recordings = (await api.GET(`${P}/session_recordings/`, { params: { path, query: { limit: 100 } } })).data!.results.map((r) => r.id);
  const [r1, r2] = recordings;
  const subscriptions = (await api.GET(`${P}/subscriptions/`, { params: { path, query: { limit: 100 } } })).data!.results.map((s) => s.id);
  const [s1, s2] = subscriptions;
  if (!a || !b || !r1 || !r2 || s1 === undefined || s2 === undefined) throw new Error("the seeded mock lacks the records this test reads");
  await api.POST(`${P}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/`, {
    params: { path: { project_id, short_id: a, session_recording_id: r1 } },
  });
  return { a, b, r1, r2, s1, s2 };
}

/** Every kind of read, each as openapi-react-query keys it, fetched into the cache. */
async function fillCache({ $api, queryClient }: ReturnType<typeof setup>, { a, b, r1, r2, s1, s2 }: Awaited<ReturnType<typeof ids>>) {
  const path = { project_id };
  const reads = [
    $api.queryOptions("get", "/api/projects/"),
    $api.queryOptions("get", `${P}/session_recording_playlists/`, { params: { path } }),
    $api.queryOptions("get", `${P}/session_recording_playlists/{short_id}/`, { params: { path: { ...path, short_id: a } } }),
    $api.queryOptions("get", `${P}/session_recording_playlists/{short_id}/`, { params: { path: { ...path, short_id: b } } }),
    $api.queryOptions("get", `${P}/session_recording_playlists/{short_id}/recordings/`, { params: { path: { ...path, short_id: a } } }),
    $api.queryOptions("get", `${P}/session_recording_playlists/{short_id}/recordings/`, { params: { path: { ...path, short_id: b } } }),
    $api.queryOptions("get", `${P}/session_recordings/`, { params: { path } }),
    $api.queryOptions("get", `${P}/session_recordings/{id}/`, { params: { path: { ...path, id: r1 } } }),
    $api.queryOptions("get", `${P}/session_recordings/{id}/`, { params: { path: { ...path, id: r2 } } }),
    $api.queryOptions("get", `${P}/session_recordings/{recording_id}/sharing/`, { params: { path: { ...path, recording_id: r1 } } }),
    $api.queryOptions("get", `${P}/subscriptions/`, { params: { path } }),
    $api.queryOptions("get", `${P}/subscriptions/{id}/`, { params: { path: { ...path, id: s1 } } }),
    $api.queryOptions("get", `${P}/subscriptions/{id}/`, { params: { path: { ...path, id: s2 } } }),
  ];
  for (const read of reads) await queryClient.fetchQuery(read as never);
  // Another project's playlists, cached: no write in this project may touch them.
  queryClient.setQueryData(["get", `${P}/session_recording_playlists/`, { params: { path: { project_id: "99999" } } }], { results: [] });
}

/** After `write`, each cached read: whether its answer changed (fetched again, its query function), and whether it was invalidated. */
async function afterWrite(context: ReturnType<typeof setup>, changed: ChangedQueries) {
  const { queryClient } = context;
  await queryClient.invalidateQueries(changed, { throwOnError: false });
  const rows = [];
  for (const query of queryClient.getQueryCache().getAll()) {
    const [, path, init] = query.queryKey as [string, string, { params: { path: Record<string, string> } } | undefined];
    const label = `${path.replace(P, "")} ${JSON.stringify(init?.params.path ?? {})}`;
    if (init?.params.path.project_id === "99999") {
      rows.push({ label, differs: false, invalidated: query.state.isInvalidated });
      continue;
    }
    const fresh = await (query.options.queryFn as (context: unknown) => Promise<unknown>)({
      queryKey: query.queryKey,
      signal: new AbortController().signal,
      meta: undefined,
    }).catch((error: unknown) => error);
    rows.push({ label, differs: JSON.stringify(fresh) !== JSON.stringify(query.state.data), invalidated: query.state.isInvalidated });
  }
  return rows;
}

/** Every read whose answer changed was invalidated; returns the labels invalidated. */
function expectNoStaleRead(rows: Awaited<ReturnType<typeof afterWrite>>) {
  expect(rows.filter((row) => row.differs && !row.invalidated).map((row) => row.label)).toEqual([]);
  expect(rows.find((row) => row.label.includes("99999"))?.invalidated).toBe(false);
  return rows.filter((row) => row.invalidated).map((row) => row.label);
}

describe("queriesChangedBy: a write leaves no stale read in the cache, and only what it can change is refetched", () => {
  it("creating a playlist refreshes the playlists listing, and no playlist", async () => {
    current = setup();
    const known = await ids(current.api);
    await fillCache(current, known);
    const init = { params: { path: { project_id } }, body: { name: "Rage clicks", type: "collection" as const } };
    await current.api.POST(`${P}/session_recording_playlists/`, init);
    const invalidated = expectNoStaleRead(await afterWrite(current, queriesChangedBy("post", `${P}/session_recording_playlists/`, init)));
    expect(invalidated).toEqual([`/session_recording_playlists/ {"project_id":"28417"}`]);
  });

  it("soft-deleting a playlist refreshes it, its recordings and the listing, not the other playlist", async () => {
    current = setup();
    const known = await ids(current.api);
    await fillCache(current, known);
    const init = { params: { path: { project_id, short_id: known.a } }, body: { deleted: true } };
    await current.api.PATCH(`${P}/session_recording_playlists/{short_id}/`, init);
    const invalidated = expectNoStaleRead(await afterWrite(current, queriesChangedBy("patch", `${P}/session_recording_playlists/{short_id}/`, init)));
    expect(invalidated).toHaveLength(3);
    expect(invalidated.some((label) => label.includes(known.b))).toBe(false);
  });

  it("adding and removing a recording refresh the playlist's recordings and counts", async () => {
    current = setup();
    const known = await ids(current.api);
    await fillCache(current, known);
    const path = `${P}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/` as const;
    const add = { params: { path: { project_id, short_id: known.a, session_recording_id: known.r2 } } };
    await current.api.POST(path, add);
    let invalidated = expectNoStaleRead(await afterWrite(current, queriesChangedBy("post", path, add)));
    expect(invalidated).toContain(`/session_recording_playlists/{short_id}/recordings/ {"project_id":"28417","short_id":"${known.a}"}`);
    expect(invalidated.some((label) => label.includes(known.b) || label.startsWith("/subscriptions") || label.startsWith("/session_recordings"))).toBe(false);

    await fillCache(current, known);
    const remove = { params: { path: { project_id, short_id: known.a, session_recording_id: known.r1 } } };
    await current.api.DELETE(path, remove);
    invalidated = expectNoStaleRead(await afterWrite(current, queriesChangedBy("delete", path, remove)));
    expect(invalidated).toContain(`/session_recording_playlists/{short_id}/ {"project_id":"28417","short_id":"${known.a}"}`);
  });

  it("deleting a recording refreshes it, its sharing, the listings, and (by the description's links) every playlist that may show it", async () => {
    current = setup();
    const known = await ids(current.api);
    await fillCache(current, known);
    const init = { params: { path: { project_id, id: known.r1 } } };
    await current.api.DELETE(`${P}/session_recordings/{id}/`, init);
    const invalidated = expectNoStaleRead(await afterWrite(current, queriesChangedBy("delete", `${P}/session_recordings/{id}/`, init)));
    expect(invalidated).toContain(`/session_recordings/{recording_id}/sharing/ {"project_id":"28417","recording_id":"${known.r1}"}`);
    expect(invalidated).toContain(`/session_recording_playlists/{short_id}/recordings/ {"project_id":"28417","short_id":"${known.b}"}`);
    expect(invalidated.some((label) => label.includes(known.r2) || label.startsWith("/subscriptions"))).toBe(false);
  });

  it("updating and deleting a subscription refresh it and the listing, not the other subscription", async () => {
    current = setup();
    const known = await ids(current.api);
    await fillCache(current, known);
    const init = { params: { path: { project_id, id: known.s1 } }, body: { title: "Weekly checkout review" } };
    await current.api.PATCH(`${P}/subscriptions/{id}/`, init);
    let invalidated = expectNoStaleRead(await afterWrite(current, queriesChangedBy("patch", `${P}/subscriptions/{id}/`, init)));
    expect(invalidated.sort()).toEqual([`/subscriptions/ {"project_id":"28417"}`, `/subscriptions/{id}/ {"project_id":"28417","id":${known.s1}}`]);

    await fillCache(current, known);
    const remove = { params: { path: { project_id, id: known.s2 } } };
    await current.api.DELETE(`${P}/subscriptions/{id}/`, remove);
    invalidated = expectNoStaleRead(await afterWrite(current, queriesChangedBy("delete", `${P}/subscriptions/{id}/`, remove)));
    expect(invalidated).toContain(`/subscriptions/{id}/ {"project_id":"28417","id":${known.s2}}`);
  });

  it("an action that changes no read (generating filters) refreshes nothing", () => {
    const changed = queriesChangedBy("post", `${P}/session_recordings/ai/filters/`, {
      params: { path: { project_id } },
      body: { question: "rage clicks" } as never,
    });
    expect(changed.matchesKey(["get", `${P}/session_recordings/`, { params: { path: { project_id } } }])).toBe(false);
  });

  it("matches SWR's keys ([prefix, path, init]) as well, and never a cached mutation", () => {
    const changed = queriesChangedBy("patch", `${P}/subscriptions/{id}/`, { params: { path: { project_id, id: 902 } }, body: {} });
    expect(changed.matchesKey(["session-recordings", `${P}/subscriptions/{id}/`, { params: { path: { project_id, id: 902 } } }])).toBe(true);
    expect(changed.matchesKey(["session-recordings", `${P}/subscriptions/{id}/`, { params: { path: { project_id, id: 877 } } }])).toBe(false);
    expect(changed.matchesKey(["patch", `${P}/subscriptions/{id}/`])).toBe(false);
    expect(changed.matchesKey("not a key")).toBe(false);
  });

  it("names a path parameter the write's init lacks, rather than refreshing everything or nothing", () => {
    const path = `${P}/session_recording_playlists/{short_id}/` as const;
    expect(() => queriesChangedBy("patch", path, { params: { path: { project_id } } } as never)).toThrow(/init\.params\.path\.short_id must be/);
    expect(() => queriesChangedBy("patch", path, undefined as never)).toThrow(/init\.params\.path\.project_id must be/);
  });

  it("refuses what is not a write of the description, naming it", () => {
    expect(() => queriesChangedBy("get" as never, `${P}/subscriptions/` as never, { params: { path: { project_id } } } as never)).toThrow(
      /method must be one of post, put, patch, delete, got "get"/,
    );
    expect(() => queriesChangedBy("put", `${P}/subscriptions/{id}/` as never, { params: { path: { project_id, id: 1 } } } as never)).toThrow(
      /has no PUT \/api\/environments\/\{project_id\}\/subscriptions\/\{id\}\//,
    );
  });
});
