// The client is an openapi-fetch client to the tools built on one (openapi-react-query,
// swr-openapi): each takes createClient()'s result with no cast and types every path,
// parameter and answer from it; for the live entry, from the live paths.
import { QueryClient } from "@tanstack/react-query";
import createQueryClient from "openapi-react-query";
import { createInfiniteHook, createMutateHook, createQueryHook } from "swr-openapi";
import { describe, expectTypeOf, it } from "vitest";
import { createClient } from "../../src/index.js";
import { createClient as createLiveClient } from "../../src/live.js";
import { infiniteListing as liveInfiniteListing } from "../../src/live-query.js";
import { infiniteListing, queriesChangedBy } from "../../src/query.js";
import type { Playlist, SessionRecording } from "../../src/types.js";

const api = createClient({ baseUrl: "https://us.posthog.com", apiKey: "phx_example" });
const live = createLiveClient({ baseUrl: "https://us.posthog.com", apiKey: "phx_example" });
const path = { project_id: "28417" };
const playlists = "/api/environments/{project_id}/session_recording_playlists/" as const;
const playlist = "/api/environments/{project_id}/session_recording_playlists/{short_id}/" as const;
const recordings = "/api/environments/{project_id}/session_recordings/" as const;

describe("openapi-react-query", () => {
  const $api = createQueryClient(api);

  it("types a query's data and parameters from the description", () => {
    const query = $api.useQuery("get", playlist, { params: { path: { ...path, short_id: "Ub3KpD7w" } } });
    expectTypeOf(query.data!.short_id).toEqualTypeOf<string>();
    expectTypeOf(query.data!.created_by).toEqualTypeOf<Playlist["created_by"]>();
    // @ts-expect-error: short_id is missing
    $api.useQuery("get", playlist, { params: { path } });
    // @ts-expect-error: no such path
    $api.useQuery("get", "/api/environments/{project_id}/session_recording_playlist/", { params: { path } });
  });

  it("types a mutation's body and answer", () => {
    const create = $api.useMutation("post", playlists);
    create.mutate({ params: { path }, body: { name: "Checkout drop-offs", type: "collection" } });
    expectTypeOf(create.data!.recordings_counts).toEqualTypeOf<Playlist["recordings_counts"]>();
    // @ts-expect-error: type takes collection or filters
    create.mutate({ params: { path }, body: { name: "x", type: "folder" } });
  });

  it("turns a listing into an infinite query in one line, its pages typed", () => {
    const query = $api.useInfiniteQuery("get", recordings, { params: { path, query: { limit: 20 } } }, infiniteListing(recordings));
    expectTypeOf(query.data!.pages[0]!.results[0]!.start_url).toEqualTypeOf<SessionRecording["start_url"]>();
    expectTypeOf(query.data!.pages[0]!.count).toEqualTypeOf<number>();
    // @ts-expect-error: a single playlist is not a listing
    infiniteListing(playlist);
  });

  it("does the same for the live service, on has_next", () => {
    const $live = createQueryClient(live);
    const query = $live.useInfiniteQuery("get", recordings, { params: { path } }, liveInfiniteListing(recordings));
    expectTypeOf(query.data!.pages[0]!.has_next).toEqualTypeOf<boolean>();
    // @ts-expect-error: the live service has no count
    void query.data!.pages[0]!.count;
    // @ts-expect-error: the live service has no ai/filters
    $live.useMutation("post", "/api/environments/{project_id}/session_recordings/ai/filters/");
  });

  it("refreshes what a write changed with one call, typed by the write's parameters", () => {
    const queryClient = new QueryClient();
    $api.useMutation("patch", playlist, {
      onSuccess: (_data, init) => queryClient.invalidateQueries(queriesChangedBy("patch", playlist, init)),
    });
    // @ts-expect-error: a playlist is not replaced with PUT
    queriesChangedBy("put", playlist, { params: { path: { ...path, short_id: "x" } } });
    // @ts-expect-error: short_id is missing
    queriesChangedBy("patch", playlist, { params: { path } });
  });
});

describe("swr-openapi", () => {
  it("builds its hooks on the client, typed from the description", () => {
    const useQuery = createQueryHook(api, "session-recordings");
    const { data } = useQuery(playlist, { params: { path: { ...path, short_id: "Ub3KpD7w" } } });
    expectTypeOf(data!.short_id).toEqualTypeOf<string>();
    const useInfinite = createInfiniteHook(api, "session-recordings");
    useInfinite(recordings, (index) => ({ params: { path, query: { offset: index * 20, limit: 20 } } }));
    const useMutate = createMutateHook(api, "session-recordings", () => true);
    expectTypeOf(useMutate).returns.toBeFunction();
    // @ts-expect-error: no such path
    useQuery("/api/environments/{project_id}/session_recording_playlist/", { params: { path } });
  });
});

describe("direct calls keep what the tools' signature lacks", () => {
  it("still refuses a read-only body field and a mistyped per-call option", () => {
    // @ts-expect-error: short_id is read-only
    void api.POST(playlists, { params: { path }, body: { name: "x", short_id: "Ub3KpD7w" } });
    // @ts-expect-error: maxRetries is a number
    void api.GET(playlists, { params: { path }, maxRetries: "3" });
  });
});
