// The first project's playlists, once the projects listing names it.
import { $api } from "./api";
import { ErrorState } from "./ErrorState";
import { Playlists } from "./Playlists";

export function App() {
  const projects = $api.useQuery("get", "/api/projects/");
  const project = projects.data?.results[0];
  return (
    <main>
      <h1>Session recordings</h1>
      {projects.isPending && <p>Loading projects…</p>}
      {projects.isError && <ErrorState title="Could not load projects" error={projects.error} />}
      {projects.isSuccess && !project && <p>No project yet.</p>}
      {project && <Playlists projectId={String(project.id)} />}
    </main>
  );
}
