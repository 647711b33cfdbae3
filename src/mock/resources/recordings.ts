// Session recordings: the listing's filters, the update, the hard delete (the one the spec
// allows), the sharing configuration, and the AI helpers beside them. Each answers in the shape
// its operation's table says (the live profile: recordings conformed, an acknowledgement for
// the update).
import { notFound } from "../errors.js";
import { own } from "../own-key.js";
import { empty, json } from "../responses.js";
import { serverTime } from "../server-time.js";
import { shortId } from "../state/random.js";
import type { Recording, Sharing } from "../state/state.js";
import { acknowledged } from "./acknowledge.js";
import { conformRecording } from "./conform.js";
import { type Handler, inProject, type ProjectContext } from "./context.js";
import { listedRecordings, withSelected } from "./explicit-recordings.js";
import { writeFields } from "./fields.js";
import { pageFor } from "./paging.js";
import { filterRecordings } from "./recording-filters.js";

export { filterRecordings };

export const listRecordings = inProject((c) => {
  const explicit = c.operation.explicitRecordings;
  const page = pageFor(c, listedRecordings(c.project, c.request.query, c.now, explicit));
  const results = explicit ? withSelected(c.project, c.request.query, c.now, explicit, page.results) : page.results;
  return json(200, { ...page, results: c.table.conform ? results.map((r) => conformRecording(c.table, r, c.now)) : results });
});

const find = (c: ProjectContext, id: unknown) => c.project.recordings.find((r) => r.id === id);

export const getRecording = inProject((c) => {
  const recording = find(c, c.request.path.id);
  return recording ? json(200, conformRecording(c.table, recording, c.now)) : notFound();
});

export const updateRecording = inProject((c) => {
  const recording = find(c, c.request.path.id);
  if (!recording) return notFound();
  // The live update marks the recording (`viewed`, `analyzed`): the fields the recording holds are written.
  if (c.operation.answers === "acknowledgement") {
    const body = c.request.body as Record<string, unknown>;
    const next = { ...recording };
    for (const field of c.operation.body?.writable ?? [])
      if (field in recording && body[field] !== undefined) (next as Record<string, unknown>)[field] = body[field];
    c.write("recordings", recording.id, next);
    return acknowledged(c);
  }
  const person = (c.request.body as { person?: { properties?: unknown } } | undefined)?.person;
  const next =
    person && "properties" in person && recording.person
      ? { ...recording, person: { ...recording.person, properties: person.properties as NonNullable<Recording["person"]>["properties"] } }
      : recording;
  c.write("recordings", recording.id, next);
  return json(200, next);
});

/** Removes the recording at `index` of the project, with what is kept for it: its activity, sharing and places in playlists. */
function remove(c: ProjectContext, index: number) {
  const id = c.project.recordings[index]!.id;
  c.write("recordings", id, null);
  c.write("activity", id, null);
  c.write("sharing", id, null);
  for (const [shortId, members] of Object.entries(c.project.members))
    if (members.includes(id))
      c.write(
        "members",
        shortId,
        members.filter((member) => member !== id),
      );
}

export const deleteRecording = inProject((c) => {
  const id = String(c.request.path.id);
  const index = c.project.recordings.findIndex((r) => r.id === id);
  // The live service builds a record for any id (`x-builds-unknown`), so its delete goes on.
  if (index < 0) return c.operation.buildsUnknown ? empty(204) : notFound();
  remove(c, index);
  return empty(204);
});

/**
 * The live bulk delete: the ids sent that name a recording of the project started since
 * `date_from` (the body's, else its default) are deleted, the others skipped; nothing fails.
 */
export const deleteRecordings = inProject((c) => {
  const body = c.request.body as { session_recording_ids: string[]; date_from?: string | null };
  const dateFrom = body.date_from ?? c.operation.body?.defaults.date_from;
  const found = filterRecordings(c.project, { session_ids: body.session_recording_ids, date_from: dateFrom }, c.now);
  for (const recording of found) remove(c, c.project.recordings.indexOf(recording));
  return json(200, { success: true, deleted_count: found.length, total_requested: body.session_recording_ids.length, failed_ids: [] });
});

/** What a recording whose sharing was never written answers: the service stores nothing until then. */
const unstoredSharing = (): Sharing => ({ created_at: null, enabled: false, access_token: null });

export const getRecordingSharing = inProject((c) => {
  const id = String(c.request.path.recording_id);
  if (!find(c, id) && !c.operation.buildsUnknown) return notFound();
  return json(200, own(c.project.sharing, id) ?? unstoredSharing());
});

/**
 * The recording's sharing written (the live profile's sharing writes): stored from its first write
 * with a new token; a refresh stores a new configuration with a new token, keeping what was set.
 */
function writeSharing(c: ProjectContext, next: (current: Sharing | undefined) => Sharing) {
  const id = String(c.request.path.recording_id);
  if (!find(c, id) && !c.operation.buildsUnknown) return notFound();
  const sharing = next(own(c.project.sharing, id));
  c.write("sharing", id, sharing);
  return json(200, sharing);
}

const newToken = (c: ProjectContext) => shortId(c.random, 32);

export const updateRecordingSharing = inProject((c) =>
  writeSharing(c, (current) => {
    // A copy: the stored configuration is frozen, shared with other mocks until written (state/working-state.ts).
    const sharing = current ? { ...current } : { ...unstoredSharing(), created_at: serverTime(c.now), access_token: newToken(c) };
    writeFields(sharing, c.operation, c.request.body);
    return sharing;
  }),
);

export const refreshRecordingSharing = inProject((c) =>
  writeSharing(c, (current) => ({ ...(current ?? unstoredSharing()), created_at: serverTime(c.now), access_token: newToken(c) })),
);

/**
 * The AI helpers: no body where the description gives none. Where the live service answers the
 * pattern its model writes, the mock, which has no model, answers one matching the text sent, literally.
 */
export const aiHelper: Handler = inProject((c) => {
  if (c.operation.answers !== "document") return empty(c.operation.success ?? 200);
  const text = String((c.request.body as { regex?: unknown } | undefined)?.regex ?? "");
  return json(c.operation.success ?? 200, { result: "success", data: { output: `^${text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$` } });
});
