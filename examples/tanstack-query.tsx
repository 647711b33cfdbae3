// src/playlists.tsx: the client under TanStack Query, through openapi-react-query.
import { QueryClient, useQueryClient } from "@tanstack/react-query";
import createQueryClient from "openapi-react-query";
import { createClient } from "session-recordings-api";
import { infiniteListing, queriesChangedBy } from "session-recordings-api/query";

// The client retries throttled and failed calls itself, within timeoutMs: TanStack's own retry is off.
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
// The API on the page's own origin: the mock in the page in development (src/mocks.ts, under
// "The stateful mock in your tests and in the browser"), where any phx_ key does.
export const $api = createQueryClient(createClient({ baseUrl: location.origin, apiKey: "phx_example" }));

const playlists = "/api/environments/{project_id}/session_recording_playlists/";
const recordings = "/api/environments/{project_id}/session_recordings/";

export function Playlists({ projectId }: { projectId: string }) {
  const path = { project_id: projectId };
  // A query: data, error and parameters typed from the description.
  const list = $api.useQuery("get", playlists, { params: { path } });
  // A write that refreshes what it changed: here the playlists listing, with one call.
  const client = useQueryClient();
  const create = $api.useMutation("post", playlists, {
    onSuccess: (_playlist, init) => client.invalidateQueries(queriesChangedBy("post", playlists, init)),
  });
  return (
    <>
      <ul>
        {list.data?.results.map((playlist) => (
          <li key={playlist.short_id}>{playlist.name}</li>
        ))}
      </ul>
      <button type="button" onClick={() => create.mutate({ params: { path }, body: { name: "Checkout drop-offs" } })}>
        New playlist
      </button>
    </>
  );
}

export function Recordings({ projectId }: { projectId: string }) {
  // Every page of a listing, by offset, in one line; the last page ends it.
  const pages = $api.useInfiniteQuery("get", recordings, { params: { path: { project_id: projectId } } }, infiniteListing(recordings));
  return (
    <>
      <ul>
        {pages.data?.pages
          .flatMap((page) => page.results)
          .map((recording) => (
            <li key={recording.id}>{recording.start_url}</li>
          ))}
      </ul>
      {pages.hasNextPage && (
        <button type="button" onClick={() => pages.fetchNextPage()}>
          More
        </button>
      )}
    </>
  );
}
