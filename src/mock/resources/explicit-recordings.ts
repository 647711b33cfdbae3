// The recordings a listing is asked for by id, as the live service answers them
// (`x-explicit-recordings`): those `session_ids` names in the order named, and the one
// `session_recording_id` names first on the page, flagged when it misses the filters.
import type { OperationEntry } from "../spec/operations.js";
import type { ProjectState, Recording } from "../state/state.js";
import { uuidKey } from "./filtering.js";
import { filterRecordings } from "./recording-filters.js";

type Explicit = NonNullable<OperationEntry["explicitRecordings"]>;

const without = (query: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(Object.entries(query).filter(([name]) => !names.includes(name)));

const idsOf = (query: Record<string, unknown>, explicit: Explicit) => query[explicit.ids.parameter] as string[] | undefined;

/** The listing's recordings: with ids asked for, their own filters passed over and in the order asked. */
export function listedRecordings(project: ProjectState, query: Record<string, unknown>, now: Date, explicit: Explicit | undefined): Recording[] {
  const ids = explicit && idsOf(query, explicit);
  if (!explicit || ids === undefined) return filterRecordings(project, query, now);
  return inOrderAsked(filterRecordings(project, without(query, explicit.ids.ignores), now), ids);
}

/** `recordings` in the order of `ids`; one not among them comes first, where it was put. */
function inOrderAsked(recordings: Recording[], ids: readonly string[]): Recording[] {
  const at = new Map(ids.map((id, index) => [uuidKey(id), index] as const));
  const position = (r: Recording) => at.get(uuidKey(r.id)) ?? -1;
  return [...recordings].sort((a, b) => position(a) - position(b));
}

/**
 * The page's recordings with the selected one first: as it is when it matches the filters (its
 * own query, but for its `ignores`; outside the ids asked for it does not), else flagged, and
 * the page's own copy of it dropped. A selected id the project has not changes nothing.
 */
export function withSelected(project: ProjectState, query: Record<string, unknown>, now: Date, explicit: Explicit, page: Recording[]): Recording[] {
  const selected = query[explicit.selected.parameter];
  if (typeof selected !== "string") return page;
  const key = uuidKey(selected);
  const recording = project.recordings.find((r) => uuidKey(r.id) === key);
  if (!recording) return page;
  const ids = idsOf(query, explicit);
  const asked = ids === undefined || ids.some((id) => uuidKey(id) === key);
  const own = { ...without(query, explicit.selected.ignores), [explicit.ids.parameter]: [recording.id] };
  const matches = asked && filterRecordings(project, own, now).length > 0;
  const first = matches ? recording : { ...recording, [explicit.selected.flag]: false };
  const rest = page.filter((r) => r.id !== recording.id);
  return ids === undefined ? [first, ...rest] : inOrderAsked([first, ...rest], ids);
}
