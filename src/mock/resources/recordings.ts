// Session recordings: the listing's filters, the person update, the hard delete (the one the
// spec allows), the sharing configuration, and the lookups and AI helpers beside them.
import { notFound } from "../errors.js";
import { own } from "../own-key.js";
import { empty, json } from "../responses.js";
import type { ProjectState, Recording } from "../state/state.js";
import { type Handler, inProject, type ProjectContext } from "./context.js";
import { dateWindow, sortBy } from "./filtering.js";
import { pageFor } from "./paging.js";

type PropertyFilter = { key?: unknown; value?: unknown; operator?: unknown; type?: unknown };

function matchesProperty(recording: Recording, filter: PropertyFilter): boolean {
  const properties = (recording.person?.properties ?? {}) as Record<string, unknown>;
  const actual = properties[String(filter.key)];
  const wanted = [filter.value].flat();
  switch (filter.operator ?? "exact") {
    case "is_set":
      return actual !== undefined && actual !== null;
    case "is_not_set":
      return actual === undefined || actual === null;
    case "icontains":
      return wanted.some((w) =>
        String(actual ?? "")
          .toLowerCase()
          .includes(String(w).toLowerCase()),
      );
    case "is_not":
      return !wanted.some((w) => String(w) === String(actual));
    default:
      return wanted.some((w) => String(w) === String(actual));
  }
}

function consoleMatches(recording: Recording, filters: PropertyFilter[]): boolean {
  return filters.every((filter) =>
    [filter.value]
      .flat()
      .some((level) =>
        level === "error"
          ? (recording.console_error_count ?? 0) > 0
          : level === "warn"
            ? (recording.console_warn_count ?? 0) > 0
            : (recording.console_log_count ?? 0) > 0,
      ),
  );
}

/**
 * The listing's filters, as the spec declares them: validation has filled in the defaults
 * and decoded the JSON documents (`distinct_ids`, `events`, …) into arrays.
 */
export function filterRecordings(project: ProjectState, query: Record<string, unknown>, now: Date): Recording[] {
  const list = (name: string) => query[name] as unknown[] | undefined;
  const [distinctIds, sessionIds, events, actions, properties, consoleFilters] = [
    "distinct_ids",
    "session_ids",
    "events",
    "actions",
    "properties",
    "console_log_filters",
  ].map(list);
  const inWindow = dateWindow(query, now);
  const groups: ((r: Recording) => boolean)[] = [];
  if (events) groups.push((r) => events.every((e) => project.activity[r.id]?.events.includes(String((e as { id?: unknown }).id))));
  if (actions) groups.push((r) => actions.every((a) => project.activity[r.id]?.actions.includes(Number((a as { id?: unknown }).id))));
  if (properties) groups.push((r) => (properties as PropertyFilter[]).every((f) => matchesProperty(r, f)));
  const combined = (r: Recording) => (groups.length === 0 ? true : query.operand === "OR" ? groups.some((g) => g(r)) : groups.every((g) => g(r)));
  const result = project.recordings.filter(
    (r) =>
      inWindow(r.start_time) &&
      (query.person_uuid === undefined || r.person?.uuid === query.person_uuid) &&
      (!distinctIds || distinctIds.includes(r.distinct_id)) &&
      (!sessionIds || sessionIds.includes(r.id)) &&
      (query.filter_test_accounts !== true || (r.person?.properties as Record<string, unknown> | null)?.is_test_account !== true) &&
      (query.hide_viewed_recordings !== true || !r.viewed) &&
      (!consoleFilters || consoleMatches(r, consoleFilters as PropertyFilter[])) &&
      combined(r),
  );
  const field = (query.order === "duration" ? "recording_duration" : query.order) as keyof Recording;
  return sortBy(result, (r) => r[field] as string | number | null, query.order_direction === "DESC");
}

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
