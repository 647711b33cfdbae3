// The state keeps the description's shapes; a profile whose description shapes a record
// otherwise (the live one: a recording with no `storage`, `distinct_ids` a list, fields the
// state does not hold, a project that repeats its id as `project_id`, a playlist that says it is
// not synthetic, a subscription with the fields it derives) conforms each it answers, from the
// shapes compiled from that description (spec/operations.ts).
import { serverTime } from "../server-time.js";
import type { Shape, SpecTable } from "../spec/operations.js";
import type { Dashboard, Insight, Playlist, Project, Recording, Subscription } from "../state/state.js";
import { answeredContexts, answeredProactiveConfig } from "./subscription-contexts.js";

const day = 86_400_000;
const startOfDay = (instant: number) => Math.floor(instant / day) * day;

/** The day `from` falls on (UTC) plus `days`, at midnight; null when either is not known. */
function expiry(from: unknown, days: unknown): string | null {
  const start = typeof from === "string" ? Date.parse(from) : Number.NaN;
  return Number.isNaN(start) || typeof days !== "number" ? null : serverTime(startOfDay(start) + days * day);
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

/** Whether the service reads `value` as set (Python's truth): not null, not empty, not 0. */
const isSet = (value: unknown) => value !== null && value !== undefined && value !== "" && value !== 0 && value !== false;

/** The first of `from`'s fields set on `record`, as the value it stands for (`x-derived-from`). */
export function derivedValue(record: Record<string, unknown>, from: Record<string, string>): string | undefined {
  const field = Object.keys(from).find((name) => isSet(record[name]));
  return field === undefined ? undefined : from[field];
}

/** The state's insights and dashboards a subscription answer looks up. */
export interface Resources {
  insights: Insight[];
  dashboards: Dashboard[];
}

/**
 * The name the service gives what a subscription delivers (the model's `resource_info`): the
 * insight's name or derived name (Python's f-string writes a missing one "None"), the dashboard's
 * name or "Dashboard", an AI report's title or its prompt's first 60 characters or "AI report";
 * null when its insight or dashboard is not there.
 */
function resourceName(subscription: Record<string, unknown>, kind: string | undefined, resources: Resources): string | null {
  if (kind === "insight") {
    const insight = resources.insights.find((i) => i.id === subscription.insight);
    return insight ? String(insight.name || insight.derived_name || "None") : null;
  }
  if (kind === "dashboard") {
    const dashboard = resources.dashboards.find((d) => d.id === subscription.dashboard);
    return dashboard ? dashboard.name || "Dashboard" : null;
  }
  if (kind === "ai_prompt")
    return (
      (subscription.title as string | null) ||
      String(subscription.prompt ?? "")
        .trim()
        .slice(0, 60) ||
      "AI report"
    );
  return null;
}

/** `subscription` as the profile's description shapes it, with the fields it derives and looks up. */
export function conformSubscription(table: SpecTable, subscription: Subscription, resources: Resources): Subscription {
  const shape = table.conform?.Subscription;
  if (!shape) return subscription;
  const record = subscription as unknown as Record<string, unknown>;
  const out = conformTo({ ...shape.defaults, ...record }, shape);
  for (const field of shape.nulls) out[field] = null;
  for (const [field, from] of Object.entries(shape.derived)) {
    const value = derivedValue(record, from);
    if (value === undefined) delete out[field];
    else out[field] = value;
  }
  const kind = derivedValue(record, shape.derived.resource_type ?? {});
  if (shape.fields.includes("insight_short_id"))
    out.insight_short_id = (isSet(record.insight) && resources.insights.find((i) => i.id === record.insight)?.short_id) || null;
  if (shape.fields.includes("resource_name")) out.resource_name = resourceName(record, kind, resources);
  if (shape.fields.includes("contexts")) out.contexts = answeredContexts(record.contexts, resources.insights, resources.dashboards);
  if (shape.fields.includes("proactive_config")) out.proactive_config = answeredProactiveConfig(record.proactive_config, shape.defaults.proactive_config);
  return out as unknown as Subscription;
}
