// The playlists: listed, created and soft-deleted. After each write the queries it changed are
// invalidated, so the list refetches and shows the change without a reload.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { queriesChangedBy } from "session-recordings-api/query";
import { $api } from "./api";
import { ErrorState } from "./ErrorState";

const listPath = "/api/environments/{project_id}/session_recording_playlists/";
const itemPath = "/api/environments/{project_id}/session_recording_playlists/{short_id}/";

export function Playlists({ projectId }: { projectId: string }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const playlists = $api.useQuery("get", listPath, { params: { path: { project_id: projectId }, query: { limit: 100 } } });
  const create = $api.useMutation("post", listPath, {
    onSuccess: (_data, init) => {
      setName("");
      return queryClient.invalidateQueries(queriesChangedBy("post", listPath, init));
    },
  });
  const remove = $api.useMutation("patch", itemPath, {
    onSuccess: (_data, init) => queryClient.invalidateQueries(queriesChangedBy("patch", itemPath, init)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ params: { path: { project_id: projectId } }, body: { name } });
  };

  return (
    <section>
      <h2>Playlists</h2>
      <form onSubmit={submit}>
        <input aria-label="New playlist name" value={name} onChange={(event) => setName(event.target.value)} required />
        <button type="submit" disabled={create.isPending}>
          Create playlist
        </button>
      </form>
      {create.isError && <ErrorState title="Could not create the playlist" error={create.error} />}
      {remove.isError && <ErrorState title="Could not delete the playlist" error={remove.error} />}
      {playlists.isPending && <p>Loading playlists…</p>}
      {playlists.isError && <ErrorState title="Could not load playlists" error={playlists.error} />}
      <ul aria-label="Playlists">
        {playlists.data?.results.map((playlist) => (
          <li key={playlist.short_id}>
            <span>{playlist.name}</span>
            <button
              type="button"
              aria-label={`Delete ${playlist.name}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate({ params: { path: { project_id: projectId, short_id: playlist.short_id } }, body: { deleted: true } })}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
