// infiniteListing drives TanStack Query's own infinite-query observer (the same core every
// framework adapter uses) through openapi-react-query's page parameter, against the stateful
// mock in both shapes: every item arrives once and in order, and the last page ends the query.
import { InfiniteQueryObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/index.js";
import { createClient as createLiveClient } from "../../src/live.js";
import { infiniteListing as liveInfiniteListing } from "../../src/live-query.js";
import { createMock } from "../../src/mock/index.js";
import { createMock as createLiveMock } from "../../src/mock/live.js";
import { infiniteListing } from "../../src/query.js";

const baseUrl = "https://us.posthog.com";
const project_id = "28417";
const recordings = "/api/environments/{project_id}/session_recordings/" as const;

/** Reads every page the observer asks for, as a component scrolling to the end would; returns the pages' ids and the offsets asked for. */
async function readAll(
  queryFn: (offset: number) => Promise<{ results: { id: string }[] }>,
  options: { pageParamName: string; initialPageParam: number; getNextPageParam: (...args: never[]) => unknown },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const offsets: number[] = [];
  const observer = new InfiniteQueryObserver(queryClient, {
    queryKey: ["get", recordings],
    queryFn: ({ pageParam }) => {
      offsets.push(pageParam as number);
      return queryFn(pageParam as number);
    },
    initialPageParam: options.initialPageParam,
    getNextPageParam: options.getNextPageParam as never,
  });
  let result = await observer.fetchNextPage();
  for (let pages = 1; result.hasNextPage; pages++) {
    if (pages > 1_000) throw new Error("the query never ended");
    result = await observer.fetchNextPage();
  }
  queryClient.clear();
  return { ids: result.data!.pages.flatMap((page) => page.results.map((item) => item.id)), offsets, status: result.status };
}

describe("infiniteListing", () => {
  it("pages the envelope by offset to its last page, each recording once and in order", async () => {
    const mock = createMock({ scenario: "many-pages" });
    const api = createClient({ baseUrl, apiKey: "phx_test", fetch: mock.fetch, maxRetries: 0 });
    const expected = [];
    for await (const recording of api.paginate(recordings, { params: { path: { project_id }, query: { limit: 100 } } })) expected.push(recording.id);
    const options = infiniteListing(recordings);
    expect(options).toMatchObject({ pageParamName: "offset", initialPageParam: 0 });
    const { ids, offsets, status } = await readAll(async (offset) => {
      const { data, error } = await api.GET(recordings, { params: { path: { project_id }, query: { limit: 30, [options.pageParamName]: offset } } });
      if (error) throw error;
      return data!;
    }, options);
    expect(status).toBe("success");
    expect(expected.length).toBeGreaterThan(90);
    expect(ids).toEqual(expected);
    expect(offsets).toEqual(Array.from({ length: Math.ceil(expected.length / 30) }, (_, i) => i * 30));
  });

  it("pages the live service's has_next shape the same way, and stops at has_next: false", async () => {
    const mock = createLiveMock({ scenario: "many-pages" });
    const api = createLiveClient({ baseUrl, apiKey: "phx_test", fetch: mock.fetch, maxRetries: 0 });
    const expected = [];
    for await (const recording of api.paginate(recordings, { params: { path: { project_id }, query: { limit: 100 } } })) expected.push(recording.id);
    const options = liveInfiniteListing(recordings);
    const { ids, offsets } = await readAll(async (offset) => {
      const { data, error } = await api.GET(recordings, { params: { path: { project_id }, query: { limit: 45, offset } } });
      if (error) throw error;
      expect(data).toHaveProperty("has_next");
      return data!;
    }, options);
    expect(ids).toEqual(expected);
    expect(offsets.length).toBe(Math.ceil(expected.length / 45));
  });

  it("continues from where a short page ended, so nothing is fetched twice or skipped", () => {
    const { getNextPageParam } = infiniteListing(recordings);
    const page = (n: number, next: string | null) => ({ count: 100, next, previous: null, results: Array.from({ length: n }, () => ({}) as never) });
    expect(getNextPageParam(page(7, "…?limit=20"), [], 40)).toBe(47);
    expect(getNextPageParam({ results: Array.from({ length: 7 }, () => ({}) as never), has_next: true } as never, [], 40)).toBe(47);
    expect(getNextPageParam(page(7, null), [], 40)).toBeUndefined();
    // An empty page would ask for the same offset again, forever.
    expect(getNextPageParam(page(0, "…?offset=40"), [], 40)).toBeUndefined();
  });

  it("follows the next link's offset as paginate does, and refuses one that goes back", () => {
    const { getNextPageParam } = infiniteListing(recordings);
    const page = (next: string) => ({ count: 100, next, previous: null, results: Array.from({ length: 20 }, () => ({}) as never) });
    expect(getNextPageParam(page("…?offset=60&limit=20"), [], 40)).toBe(60);
    expect(() => getNextPageParam(page("…?offset=20&limit=20"), [], 40)).toThrow(/does not advance past offset 40/);
  });

  it("names the listing when a page is not a page", () => {
    const { getNextPageParam } = infiniteListing(recordings);
    expect(() => getNextPageParam({} as never, [], 0)).toThrow(/GET \/api\/environments\/\{project_id\}\/session_recordings\/ has no results list/);
    expect(() => getNextPageParam({ results: [{}] } as never, [], 0)).toThrow(/says neither has_next nor next/);
  });
});
