import { ApiError, createClient, unwrap } from "session-recordings-api";

// The stateful mock `npm start` runs, which takes any phx_ key. For your account, set
// POSTHOG_BASE_URL (https://us.posthog.com or https://eu.posthog.com),
// POSTHOG_PERSONAL_API_KEY and POSTHOG_PROJECT_ID.
const api = createClient({
  baseUrl: process.env.POSTHOG_BASE_URL ?? "http://127.0.0.1:4020",
  apiKey: process.env.POSTHOG_PERSONAL_API_KEY ?? "phx_example",
});
const project = { project_id: process.env.POSTHOG_PROJECT_ID ?? "28417" };
const playlists = "/api/environments/{project_id}/session_recording_playlists/";

// One call: openapi-fetch's { data, error, response }, or unwrap() for data-or-throw.
const created = unwrap(
  await api.POST(playlists, {
    params: { path: project },
    body: { name: "Quickstart" },
  }),
);
const path = { ...project, short_id: created.short_id };
const playlist = unwrap(await api.GET(`${playlists}{short_id}/`, { params: { path } }));
console.log(playlist.short_id, playlist.name);

// Every recording, page after page (the envelope's next, or the live service's has_next).
for await (const recording of api.paginate("/api/environments/{project_id}/session_recordings/", {
  params: { path: project, query: { limit: 100 } },
})) {
  console.log(recording.id, recording.recording_duration, recording.start_url);
}

// A playlist is deleted by setting `deleted`: this one, so every run starts from the same
// playlists. Errors carry the service's fields: a 403 names the scope the key lacks.
try {
  unwrap(
    await api.PATCH(`${playlists}{short_id}/`, {
      params: { path },
      body: { deleted: true },
    }),
  );
} catch (error) {
  if (error instanceof ApiError && error.kind === "forbidden") console.error(error.detail);
  else throw error;
}
