// The calls of react-query-with-client.ts through openapi-react-query over bare openapi-fetch:
// the reference scripts/checks/check-type-cost.mjs measures this client against.
import createClient from "openapi-fetch";
import createQueryClient from "openapi-react-query";
import type { paths } from "session-recordings-api/types";

const api = createClient<paths>({ baseUrl: "https://us.posthog.com", headers: { Authorization: "Bearer phx_example" } });
// The same calls in both fixtures, checked by scripts/checks/check-type-cost.mjs: begin
const $api = createQueryClient(api);
const project = { project_id: "28417" };
const playlist = { ...project, short_id: "Ub3KpD7w" };
declare function use(value: unknown): void;

/** One screen's data layer, as a component holds it. */
export function usePlaylistScreen() {
  const projects = $api.useQuery("get", "/api/projects/");
  use(projects.data?.results[0]?.name);
  const playlists = $api.useQuery("get", "/api/environments/{project_id}/session_recording_playlists/", {
    params: { path: project, query: { limit: 20, pinned: true } },
  });
  use(playlists.data?.results[0]?.short_id);
  const one = $api.useQuery("get", "/api/environments/{project_id}/session_recording_playlists/{short_id}/", { params: { path: playlist } });
  use(one.data?.recordings_counts);
  const recording = $api.useSuspenseQuery("get", "/api/environments/{project_id}/session_recordings/{id}/", {
    params: { path: { ...project, id: "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52" } },
  });
  use(recording.data.start_url);
  const options = $api.queryOptions("get", "/api/environments/{project_id}/subscriptions/{id}/", { params: { path: { ...project, id: 42 } } });
  use(options.queryKey);
  const infinite = $api.useInfiniteQuery(
    "get",
    "/api/environments/{project_id}/session_recordings/",
    { params: { path: project, query: { limit: 50 } } },
    {
      pageParamName: "offset",
      initialPageParam: 0,
      getNextPageParam: (page, _pages, offset) => (page.next ? Number(offset) + page.results.length : undefined),
    },
  );
  use(infinite.data?.pages[0]?.results[0]?.id);
  const create = $api.useMutation("post", "/api/environments/{project_id}/session_recording_playlists/");
  create.mutate({ params: { path: project }, body: { name: "Checkout drop-offs", type: "collection" } });
  use(create.data?.short_id);
  const update = $api.useMutation("patch", "/api/environments/{project_id}/session_recording_playlists/{short_id}/");
  update.mutate({ params: { path: playlist }, body: { deleted: true } });
  const add = $api.useMutation("post", "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/");
  add.mutate({ params: { path: { ...playlist, session_recording_id: "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52" } } });
  const subscribe = $api.useMutation("post", "/api/environments/{project_id}/subscriptions/");
  subscribe.mutate({
    params: { path: project },
    body: { target_type: "email", target_value: "maya.okafor@example.com", frequency: "weekly", start_date: "2026-11-23T09:00:00Z" },
  });
  use(subscribe.data?.next_delivery_date);
}
// The same calls in both fixtures: end
