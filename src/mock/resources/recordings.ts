// Session recordings: the listing's filters, the person update, the hard delete (the one the
// spec allows), the sharing configuration, and the lookups and AI helpers beside them.
import { notFound } from "../errors.js";
import { own } from "../own-key.js";
import { empty, json } from "../responses.js";
import type { Recording } from "../state/state.js";
import { type Handler, inProject, type ProjectContext } from "./context.js";
import { pageFor } from "./paging.js";
import { filterRecordings } from "./recording-filters.js";

export { filterRecordings };

export const listRecordings = inProject((c) => json(200, pageFor(c, filterRecordings(c.project, c.request.query, c.now))));

const find = (c: ProjectContext, id: unknown) => c.project.recordings.find((r) => r.id === id);

export const getRecording = inProject((c) => {
  const recording = find(c, c.request.path.id);
  return recording ? json(200, recording) : notFound();
});

export const updateRecording = inProject((c) => {
  const recording = find(c, c.request.path.id);
  if (!recording) return notFound();
  const person = (c.request.body as { person?: { properties?: unknown } } | undefined)?.person;
  if (person && "properties" in person && recording.person)
    recording.person.properties = person.properties as Recording["person"] extends { properties?: infer P } ? P : never;
  c.changed();
  return json(200, recording);
});

export const deleteRecording = inProject((c) => {
  const id = String(c.request.path.id);
  const index = c.project.recordings.findIndex((r) => r.id === id);
  if (index < 0) return notFound();
  c.project.recordings.splice(index, 1);
  delete c.project.activity[id];
  delete c.project.sharing[id];
  for (const members of Object.values(c.project.members)) {
    const at = members.indexOf(id);
    if (at >= 0) members.splice(at, 1);
  }
  c.changed();
  return empty(204);
});

export const getRecordingSharing = inProject((c) => {
  const id = String(c.request.path.recording_id);
  if (!find(c, id)) return notFound();
  return json(200, own(c.project.sharing, id) ?? { created_at: null, enabled: false, access_token: null });
});

/** Operations whose success the spec describes without a body. */
export const answeredWithoutBody: Handler = inProject(() => empty(200));
