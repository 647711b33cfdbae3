// The state keeps the description's shapes; a profile whose description shapes a record
// otherwise (the live one: a recording with no `storage` and `distinct_ids` a list, a project
// that repeats its id as `project_id`, a playlist that says it is not synthetic) conforms each it
// answers, from the shapes compiled from that description (spec/operations.ts).
import type { Shape, SpecTable } from "../spec/operations.js";
import type { Playlist, Project, Recording } from "../state/state.js";

function conformTo(record: Record<string, unknown>, shape: Shape): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of shape.fields) {
    const copied = shape.copies[field];
    if (!(field in record) && field in shape.defaults) out[field] = shape.defaults[field];
    if (!(field in record) && !(copied !== undefined && copied in record)) continue;
    const value = field in record ? record[field] : record[copied!];
    out[field] = shape.lists.includes(field) && value !== null && !Array.isArray(value) ? [value] : value;
  }
  return out;
}

/** `recording` as the profile's description shapes it. */
export function conformRecording(table: SpecTable, recording: Recording): Recording {
  const shapes = table.conform;
  if (!shapes) return recording;
  const out = conformTo(recording as unknown as Record<string, unknown>, shapes.SessionRecording);
  if (recording.person) out.person = conformTo(recording.person as unknown as Record<string, unknown>, shapes.Person);
  return out as unknown as Recording;
}

/** `project` as the profile's description shapes it. */
export function conformProject(table: SpecTable, project: Project): Project {
  return table.conform ? (conformTo(project as unknown as Record<string, unknown>, table.conform.Project) as unknown as Project) : project;
}

/** `playlist` as the profile's description shapes it. */
export function conformPlaylist(table: SpecTable, playlist: Playlist): Playlist {
  return table.conform ? (conformTo(playlist as unknown as Record<string, unknown>, table.conform.Playlist) as unknown as Playlist) : playlist;
}
