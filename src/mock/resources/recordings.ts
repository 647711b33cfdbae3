// Session recordings, their sharing configuration, and the lookups and AI helpers beside them.
import { filterRecordings, structuredRecordingFilters } from "./filters.js";
import { page } from "./paging.js";
import { empty, error, json, notFound } from "../responses.js";
import type { Recording } from "../state/state.js";
import type { Handler } from "./context.js";

export const listRecordings: Handler = (c) => {
  const parsed: Record<string, unknown[]> = {};
  for (const name of structuredRecordingFilters) {
    const raw = c.request.query[name];
    if (raw === undefined) continue;
    let value: unknown;
    try {
      value = JSON.parse(String(raw));
    } catch {
      return error(400, "validation_error", "invalid", `${name} must be a JSON-encoded array.`, name);
    }
    if (!Array.isArray(value)) return error(400, "validation_error", "invalid", `${name} must be a JSON-encoded array.`, name);
    parsed[name] = value;
  }
  const items = filterRecordings(c.project, c.request.query, parsed, c.now);
  return json(200, page(items, { url: c.url, limit: c.request.query.limit as number, offset: c.request.query.offset as number }, c.pageSize));
};

const find = (c: Parameters<Handler>[0], id: unknown) => c.project.recordings.find((r) => r.id === id);

export const getRecording: Handler = (c) => {
  const recording = find(c, c.request.path.id);
  return recording ? json(200, recording) : notFound();
};

export const updateRecording: Handler = (c) => {
  const recording = find(c, c.request.path.id);
  if (!recording) return notFound();
  const person = (c.request.body as { person?: { properties?: unknown } } | undefined)?.person;
  if (person && "properties" in person && recording.person) recording.person.properties = person.properties as Recording["person"] extends { properties?: infer P } ? P : never;
  c.changed();
  return json(200, recording);
};

export const deleteRecording: Handler = (c) => {
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
};

export const getRecordingSharing: Handler = (c) => {
  const id = String(c.request.path.recording_id);
  if (!find(c, id)) return notFound();
  return json(200, c.project.sharing[id] ?? { created_at: null, enabled: false, access_token: null });
};

/** Operations whose success the spec describes without a body. */
export const answeredWithoutBody: Handler = () => empty(200);
