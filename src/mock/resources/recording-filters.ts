// The recordings listing's filters and order, on the query as validation leaves it: defaults
// filled in, and the structured filters decoded into the item shapes their `contentSchema` states.
import type { components } from "../../../generated/openapi.js";
import { isObject } from "../../shared/is-object.js";
import { own } from "../own-key.js";
import type { ProjectState, Recording } from "../state/state.js";
import { dateWindow, instantKey, type SortKey, sortBy, uuidKey } from "./filtering.js";

// Nothing here reads a field the items' schemas leave optional without a fallback.
type Schemas = components["schemas"];
type PropertyFilter = Schemas["PropertyFilter"];
type Operator = NonNullable<PropertyFilter["operator"]>;
type Scalar = string | number | boolean;

const isScalar = (value: unknown): value is Scalar => typeof value === "string" || typeof value === "number" || typeof value === "boolean";
const asNumber = (value: unknown) => (typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN);

/** The person's property `key`: only an own key of a properties object (person properties are untyped). */
function propertyOf(recording: Recording, key: string): unknown {
  const properties = recording.person?.properties;
  return isObject(properties) ? own(properties, key) : undefined;
}

// How one wanted value compares with the property; a list of wanted values matches when any does.
const comparisons: Record<Exclude<Operator, "is_set" | "is_not_set" | "is_not" | "not_icontains">, (actual: unknown, wanted: Scalar) => boolean> = {
  exact: (actual, wanted) => isScalar(actual) && String(actual) === String(wanted),
  icontains: (actual, wanted) => isScalar(actual) && String(actual).toLowerCase().includes(String(wanted).toLowerCase()),
  gt: (actual, wanted) => asNumber(actual) > asNumber(wanted),
  gte: (actual, wanted) => asNumber(actual) >= asNumber(wanted),
  lt: (actual, wanted) => asNumber(actual) < asNumber(wanted),
  lte: (actual, wanted) => asNumber(actual) <= asNumber(wanted),
};

function matchesProperty(recording: Recording, filter: PropertyFilter): boolean {
  const actual = propertyOf(recording, filter.key);
  const wanted = [filter.value ?? []].flat();
  const any = (compare: (actual: unknown, wanted: Scalar) => boolean) => wanted.some((w) => compare(actual, w));
  const operator = filter.operator ?? "exact";
  switch (operator) {
    case "is_set":
      return actual !== undefined && actual !== null;
    case "is_not_set":
      return actual === undefined || actual === null;
    case "is_not":
      return !any(comparisons.exact);
    case "not_icontains":
      return !any(comparisons.icontains);
    default:
      return any(comparisons[operator]);
  }
}

// `info` stands for every log below a warning, which the recording counts as `console_log_count`.
const loggedAt: Record<Schemas["ConsoleLogLevel"], (recording: Recording) => number | null | undefined> = {
  error: (r) => r.console_error_count,
  warn: (r) => r.console_warn_count,
  info: (r) => r.console_log_count,
};

function matchesConsole(recording: Recording, filter: Schemas["ConsoleLogFilter"]): boolean {
  const logged = [filter.value].flat().some((level) => (loggedAt[level](recording) ?? 0) > 0);
  return filter.operator === "is_not" ? !logged : logged;
}

/**
 * Whether `hide` leaves the recording out: the description's `true` and the live service's
 * `current-user` hide what the mock's user viewed, `any-user` also what anyone else did (`viewers`).
 */
function hiddenAsViewed(hide: unknown, recording: Recording): boolean {
  if (hide === undefined || hide === false) return false;
  return recording.viewed || (hide === "any-user" && recording.viewers.length > 0);
}

const numberKey = (value: unknown): SortKey => (typeof value === "number" ? value : null);

/**
 * The listing's filters, as the spec declares them: validation has filled in the defaults
 * and decoded the JSON documents (`distinct_ids`, `events`, …) into arrays of the shapes their
 * `contentSchema` states.
 */
export function filterRecordings(project: ProjectState, query: Record<string, unknown>, now: Date): Recording[] {
  const events = (query.events ?? []) as Schemas["EventFilter"][];
  const actions = (query.actions ?? []) as Schemas["ActionFilter"][];
  const properties = (query.properties ?? []) as PropertyFilter[];
  const consoleFilters = (query.console_log_filters ?? []) as Schemas["ConsoleLogFilter"][];
  const distinctIds = query.distinct_ids as string[] | undefined;
  const sessionIds = query.session_ids === undefined ? undefined : new Set((query.session_ids as string[]).map(uuidKey));
  const personUuid = uuidKey(query.person_uuid);
  const activity = (r: Recording) => own(project.activity, r.id) ?? { events: [], actions: [] };
  // `operand` combines the items of events, actions and properties, each item on its own.
  const items: ((r: Recording) => boolean)[] = [
    ...events.map((e) => (r: Recording) => activity(r).events.includes(e.id)),
    ...actions.map((a) => (r: Recording) => activity(r).actions.includes(Number(a.id))),
    ...properties.map((f) => (r: Recording) => matchesProperty(r, f)),
  ];
  const combined =
    items.length === 0 ? () => true : query.operand === "OR" ? (r: Recording) => items.some((i) => i(r)) : (r: Recording) => items.every((i) => i(r));
  const inWindow = dateWindow(query, now);
  const result = project.recordings.filter(
    (r) =>
      inWindow(r.start_time) &&
      (personUuid === undefined || uuidKey(r.person?.uuid) === personUuid) &&
      (!distinctIds || distinctIds.includes(r.distinct_id as string)) &&
      (!sessionIds || sessionIds.has(uuidKey(r.id))) &&
      (query.filter_test_accounts !== true || propertyOf(r, "is_test_account") !== true) &&
      !hiddenAsViewed(query.hide_viewed_recordings, r) &&
      consoleFilters.every((f) => matchesConsole(r, f)) &&
      combined(r),
  );
  // The live `surfacing_score` is behind a flag and falls back to `start_time`; the mock keeps no `recording_ttl`.
  if (query.order === "start_time" || query.order === "surfacing_score" || query.order === "recording_ttl")
    return sortBy(result, (r) => instantKey(r.start_time), query.order_direction === "DESC");
  const field = (query.order === "duration" ? "recording_duration" : query.order) as keyof Recording;
  return sortBy(result, (r) => numberKey(r[field]), query.order_direction === "DESC");
}
