// The calls of with-client.ts through bare openapi-fetch, paging written as the single page
// requests it makes: the reference scripts/checks/check-type-cost.mjs measures this client against.
import createClient from "openapi-fetch";
import type { paths } from "session-recordings-api/types";

const api = createClient<paths>({ baseUrl: "https://us.posthog.com", headers: { Authorization: "Bearer phx_example" } });
// The same calls in both fixtures, checked by scripts/checks/check-type-cost.mjs: begin
const project = { project_id: "28417" };
const recordingId = "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52";
declare function use(value: unknown): void;

const projects = await api.GET("/api/projects/");
use(projects.data?.results[0]?.name);
const playlists = await api.GET("/api/environments/{project_id}/session_recording_playlists/", {
  params: { path: project, query: { limit: 20, pinned: true } },
});
use(playlists.data?.results[0]?.short_id);
const created = await api.POST("/api/environments/{project_id}/session_recording_playlists/", {
  params: { path: project },
  body: { name: "Checkout drop-offs", type: "collection" },
});
use(created.data?.short_id);
const playlist = await api.GET("/api/environments/{project_id}/session_recording_playlists/{short_id}/", {
  params: { path: { ...project, short_id: "Ub3KpD7w" } },
});
use(playlist.data?.derived_name);
const renamed = await api.PATCH("/api/environments/{project_id}/session_recording_playlists/{short_id}/", {
  params: { path: { ...project, short_id: "Ub3KpD7w" } },
  body: { name: "Checkout", pinned: true },
});
use(renamed.data?.name);
const deleted = await api.DELETE("/api/environments/{project_id}/session_recording_playlists/{short_id}/", {
  params: { path: { ...project, short_id: "Ub3KpD7w" } },
});
use(deleted.response.status);
const inPlaylist = await api.GET("/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/", {
  params: { path: { ...project, short_id: "Ub3KpD7w" } },
});
use(inPlaylist.data);
const added = await api.POST("/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/", {
  params: { path: { ...project, short_id: "Ub3KpD7w", session_recording_id: recordingId } },
});
use(added.response.ok);
const removed = await api.DELETE("/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/", {
  params: { path: { ...project, short_id: "Ub3KpD7w", session_recording_id: recordingId } },
});
use(removed.error);
const recordings = await api.GET("/api/environments/{project_id}/session_recordings/", { params: { path: project, query: { limit: 50, date_from: "-7d" } } });
use(recordings.data?.results[0]?.recording_duration);
const recording = await api.GET("/api/environments/{project_id}/session_recordings/{id}/", { params: { path: { ...project, id: recordingId } } });
use(recording.data?.person?.name);
const updated = await api.PATCH("/api/environments/{project_id}/session_recordings/{id}/", {
  params: { path: { ...project, id: recordingId } },
  body: { person: { properties: { plan: "pro" } } },
});
use(updated.data?.id);
const gone = await api.DELETE("/api/environments/{project_id}/session_recordings/{id}/", { params: { path: { ...project, id: recordingId } } });
use(gone.response.status);
const sharing = await api.GET("/api/environments/{project_id}/session_recordings/{recording_id}/sharing/", {
  params: { path: { ...project, recording_id: recordingId } },
});
use(sharing.data?.access_token);
const filters = await api.POST("/api/environments/{project_id}/session_recordings/ai/filters/", { params: { path: project }, body: {} });
use(filters.response.ok);
const regex = await api.POST("/api/environments/{project_id}/session_recordings/ai/regex/", { params: { path: project }, body: {} });
use(regex.response.ok);
const definitions = await api.GET("/api/environments/{project_id}/sessions/property_definitions/", { params: { path: project } });
use(definitions.data);
const values = await api.GET("/api/environments/{project_id}/sessions/values/", { params: { path: project, query: { key: "$entry_utm_source" } } });
use(values.data);
const subscriptions = await api.GET("/api/environments/{project_id}/subscriptions/", { params: { path: project, query: { limit: 10 } } });
use(subscriptions.data?.results[0]?.target_type);
const subscribed = await api.POST("/api/environments/{project_id}/subscriptions/", {
  params: { path: project },
  body: { target_type: "email", target_value: "maya.okafor@example.com", frequency: "weekly", start_date: "2026-11-23T09:00:00Z", byweekday: ["monday"] },
});
use(subscribed.data?.id);
const subscription = await api.GET("/api/environments/{project_id}/subscriptions/{id}/", { params: { path: { ...project, id: 42 } } });
use(subscription.data?.frequency);
const changed = await api.PATCH("/api/environments/{project_id}/subscriptions/{id}/", {
  params: { path: { ...project, id: 42 } },
  body: { frequency: "daily" },
});
use(changed.data?.frequency);
const unsubscribed = await api.DELETE("/api/environments/{project_id}/subscriptions/{id}/", { params: { path: { ...project, id: 42 } } });
use(unsubscribed.response.status);
// The same calls in both fixtures: end

const recordingsPage = await api.GET("/api/environments/{project_id}/session_recordings/", { params: { path: project, query: { limit: 100, offset: 100 } } });
use(recordingsPage.data?.results[0]?.start_time);
const subscriptionsPage = await api.GET("/api/environments/{project_id}/subscriptions/", { params: { path: project, query: { offset: 100 } } });
use(subscriptionsPage.data?.results[0]?.id);
