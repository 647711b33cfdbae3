// The state keeps the description's shapes; a profile whose description shapes a record
// otherwise (the live one: a recording with no `storage`, `distinct_ids` a list, fields the
// state does not hold, a project that repeats its id as `project_id`, a playlist that says it is
// not synthetic) conforms each it answers, from the shapes compiled from that description
// (spec/operations.ts).
import type { Shape, SpecTable } from "../spec/operations.js";
import type { Playlist, Project, Recording } from "../state/state.js";

const day = 86_400_000;
const startOfDay = (instant: number) => Math.floor(instant / day) * day;
// As the service renders a date-time with no fraction of a second.
const dateTime = (instant: number) => new Date(instant).toISOString().replace(".000Z", "Z");

/** The day `from` falls on (UTC) plus `days`, at midnight; null when either is not known. */
function expiry(from: unknown, days: unknown): string | null {
  const start = typeof from === "string" ? Date.parse(from) : Number.NaN;
  return Number.isNaN(start) || typeof days !== "number" ? null : dateTime(startOfDay(start) + days * day);
}

/** Whole calendar days (UTC) from `now` until `until`; null when it is not known. */
function daysUntil(until: unknown, now: Date): number | null {
  const end = typeof until === "string" ? Date.parse(until) : Number.NaN;
  return Number.isNaN(end) ? null : Math.round((startOfDay(end) - startOfDay(now.getTime())) / day);
}

/** `record` in `shape`; `now` is the day `x-days-until` counts from, which only a recording's shape has. */
function conformTo(record: Record<string, unknown>, shape: Shape, now?: Date): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of shape.fields) {
    const copied = shape.copies[field];
    if (field in record || (copied !== undefined && copied in record)) {
      const value = field in record ? record[field] : record[copied!];
      out[field] = shape.lists.includes(field) && value !== null && !Array.isArray(value) ? [value] : value;
    } else if (field in shape.defaults) out[field] = structuredClone(shape.defaults[field]);
  }
  for (const [field, { from, days }] of Object.entries(shape.expires)) out[field] = expiry(out[from], out[days]);
  for (const [field, until] of Object.entries(shape.daysUntil)) out[field] = daysUntil(out[until], now!);
  return out;
}

/** `recording` as the profile's description shapes it, on the day `now`. */
export function conformRecording(table: SpecTable, recording: Recording, now: Date): Recording {
  const shapes = table.conform;
  if (!shapes) return recording;
  const out = conformTo(recording as unknown as Record<string, unknown>, shapes.SessionRecording, now);
  if (recording.person) out.person = conformTo(recording.person as unknown as Record<string, unknown>, shapes.Person, now);
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
