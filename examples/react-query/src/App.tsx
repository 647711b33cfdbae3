// The project's playlists and recordings, once the projects listing names the project.
import { $api } from "./api.js";
import { ErrorState } from "./ErrorState.js";
import { Playlists } from "./Playlists.js";
import { Recordings } from "./Recordings.js";

export function App() {
  const projects = $api.useQuery("get", "/api/projects/");
  const project = projects.data?.results[0];
  return (
    <main>
      <h1>Session recordings</h1>
      {projects.isPending && <p>Loading projects…</p>}
      {projects.isError && <ErrorState title="Could not load projects" error={projects.error} />}
      {projects.isSuccess && !project && <p>No project yet.</p>}
      {project && (
        <div className="columns">
          <Playlists projectId={String(project.id)} />
          <Recordings projectId={String(project.id)} />
        </div>
      )}
    </main>
  );
}
