// The listing filters the spec declares, applied to the mock's records.
import type { Playlist, ProjectState, Recording, Subscription, User } from "../state/state.js";

const units: Record<string, number> = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000, m: 30 * 86_400_000, q: 91 * 86_400_000, y: 365 * 86_400_000 };

/** A `DateFilter` value as a moment: relative (`-7d`) to now, or an ISO date. */
export function moment(value: unknown, now: Date, endOfDay = false): number | undefined {
  if (typeof value !== "string") return undefined;
  const relative = /^-(\d+)([hdwmqy])$/.exec(value);
  if (relative) return now.getTime() - Number(relative[1]) * units[relative[2]!]!;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const parsed = Date.parse(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(parsed)) return undefined;
  return dateOnly && endOfDay ? parsed + 86_400_000 - 1 : parsed;
}

const within = (iso: string | null | undefined, from: number | undefined, to: number | undefined) => {
  if (from === undefined && to === undefined) return true;
  const at = iso ? Date.parse(iso) : NaN;
  return (from === undefined || at >= from) && (to === undefined || at <= to);
};

function sortBy<T>(items: T[], key: (item: T) => string | number | null | undefined, descending: boolean): T[] {
  return items.sort((a, b) => {
    const x = key(a) ?? "";
    const y = key(b) ?? "";
    const order = x < y ? -1 : x > y ? 1 : 0;
    return descending ? -order : order;
  });
}

type Query = Record<string, unknown>;
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
      return wanted.some((w) => String(actual ?? "").toLowerCase().includes(String(w).toLowerCase()));
    case "is_not":
      return !wanted.some((w) => String(w) === String(actual));
    default:
      return wanted.some((w) => String(w) === String(actual));
  }
}

function consoleMatches(recording: Recording, filters: PropertyFilter[]): boolean {
  return filters.every((filter) =>
    [filter.value].flat().some((level) =>
      level === "error" ? (recording.console_error_count ?? 0) > 0 : level === "warn" ? (recording.console_warn_count ?? 0) > 0 : (recording.console_log_count ?? 0) > 0,
    ),
  );
}

/** Structured filters arrive as JSON strings; the caller has checked they parse to arrays. */
export const structuredRecordingFilters = ["distinct_ids", "session_ids", "events", "actions", "properties", "console_log_filters"] as const;

export function filterRecordings(records: ProjectState, query: Query, parsed: Record<string, unknown[]>, now: Date): Recording[] {
  const from = moment(query.date_from, now);
  const to = moment(query.date_to, now, true);
  const groups: ((r: Recording) => boolean)[] = [];
  if (parsed.events) groups.push((r) => parsed.events!.every((e) => records.activity[r.id]?.events.includes(String((e as { id?: unknown }).id))));
  if (parsed.actions) groups.push((r) => parsed.actions!.every((a) => records.activity[r.id]?.actions.includes(Number((a as { id?: unknown }).id))));
  if (parsed.properties) groups.push((r) => (parsed.properties as PropertyFilter[]).every((f) => matchesProperty(r, f)));
  const combined = (r: Recording) => (groups.length === 0 ? true : query.operand === "OR" ? groups.some((g) => g(r)) : groups.every((g) => g(r)));
  const result = records.recordings.filter(
    (r) =>
      within(r.start_time, from, to) &&
      (query.person_uuid === undefined || r.person?.uuid === query.person_uuid) &&
      (!parsed.distinct_ids || parsed.distinct_ids.includes(r.distinct_id)) &&
      (!parsed.session_ids || parsed.session_ids.includes(r.id)) &&
      (query.filter_test_accounts !== true || (r.person?.properties as Record<string, unknown> | null)?.is_test_account !== true) &&
      (query.hide_viewed_recordings !== true || !r.viewed) &&
      (!parsed.console_log_filters || consoleMatches(r, parsed.console_log_filters as PropertyFilter[])) &&
      combined(r),
  );
  const order = (query.order as string | undefined) ?? "start_time";
  const field = (order === "duration" ? "recording_duration" : order) as keyof Recording;
  return sortBy(result, (r) => r[field] as string | number | null, query.order_direction !== "ASC");
}

export function filterPlaylists(records: ProjectState, query: Query, user: User, now: Date): Playlist[] {
  const from = moment(query.date_from, now);
  const to = moment(query.date_to, now, true);
  const search = typeof query.search === "string" ? query.search.toLowerCase() : undefined;
  const result = records.playlists.filter(
    (p) =>
      !p.deleted &&
      (query.short_id === undefined || p.short_id === query.short_id) &&
      (query.created_by === undefined || p.created_by?.id === query.created_by) &&
      (query.user === undefined || p.created_by?.id === user.id) &&
      (query.type === undefined || p.type === query.type) &&
      (query.pinned === undefined || p.pinned) &&
      (search === undefined || `${p.name ?? ""} ${p.derived_name ?? ""}`.toLowerCase().includes(search)) &&
      within(p.last_modified_at, from, to) &&
      (query.session_recording_id === undefined || (records.members[p.short_id] ?? []).includes(String(query.session_recording_id))),
  );
  const order = (query.order as string | undefined) ?? "-last_modified_at";
  const field = order.replace(/^-/, "") as "last_modified_at" | "created_at" | "name";
  return sortBy(result, (p) => (field === "name" ? (p.name ?? "").toLowerCase() : p[field]), order.startsWith("-"));
}

export function filterSubscriptions(records: ProjectState, query: Query): Subscription[] {
  const search = typeof query.search === "string" ? query.search.toLowerCase() : undefined;
  const result = records.subscriptions.filter(
    (s) =>
      s.deleted === (query.deleted === true) &&
      (query.insight === undefined || s.insight === query.insight) &&
      (query.dashboard === undefined || s.dashboard === query.dashboard) &&
      (query.created_by === undefined || s.created_by?.uuid === query.created_by) &&
      (query.resource_type === undefined || (query.resource_type === "insight" ? s.insight !== null : s.dashboard !== null)) &&
      (query.target_type === undefined || s.target_type === query.target_type) &&
      (search === undefined || `${s.title ?? ""} ${s.target_value}`.toLowerCase().includes(search)),
  );
  const order = (query.ordering as string | undefined) ?? "-created_at";
  const field = order.replace(/^-/, "") as "created_at" | "title" | "next_delivery_date";
  return sortBy(result, (s) => s[field], order.startsWith("-"));
}
