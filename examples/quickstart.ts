import { ApiError, createClient, unwrap } from "session-recordings-api";

const api = createClient({ baseUrl: "https://us.posthog.com", apiKey: process.env.POSTHOG_PERSONAL_API_KEY ?? "" });
const project = { project_id: "28417" };

// One call: openapi-fetch's { data, error, response }, or unwrap() for data-or-throw.
const playlist = unwrap(
  await api.GET("/api/environments/{project_id}/session_recording_playlists/{short_id}/", {
    params: { path: { ...project, short_id: "Ub3KpD7w" } },
  }),
);
console.log(playlist.name, playlist.recordings_counts);

// Every recording, page after page (the envelope's next, or the live service's has_next).
for await (const recording of api.paginate("/api/environments/{project_id}/session_recordings/", {
  params: { path: project, query: { limit: 100 } },
})) {
  console.log(recording.id, recording.recording_duration, recording.start_url);
}

// A playlist is deleted by setting `deleted`; errors carry the service's fields.
try {
  unwrap(
    await api.PATCH("/api/environments/{project_id}/session_recording_playlists/{short_id}/", {
      params: { path: { ...project, short_id: "Ub3KpD7w" } },
      body: { deleted: true },
    }),
  );
} catch (error) {
  if (error instanceof ApiError && error.kind === "forbidden") console.error(error.detail);
  else throw error;
}
