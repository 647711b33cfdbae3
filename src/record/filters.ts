// A playlist's `filters`, walked: each value goes through the same maps as the records (a
// person's email, distinct id or page, by the property's name), so a recorded filter still
// matches the recorded persons. Only the parts of the recordings filter the recorder knows are
// written; anything else is dropped and counted. What the recorded mock cannot answer as the
// service did (events and actions, which no answer carries; a partial match on a value now a
// pseudonym; a property the persons no longer hold) is named in the report.
import { isObject } from "../shared/is-object.js";
import type { People } from "./people.js";
import { withinRange } from "./ranges.js";
import type { Ledger } from "./report.js";
import { documentedEventNames } from "./vocabulary.js";

type Json = unknown;

// The closed vocabularies of a filter's words, as the recordings query takes them: anything else is dropped.
const propertyTypes = new Set(["person", "event", "session", "recording", "log_entry", "cohort", "element", "group", "hogql", "data_warehouse"]);
const operators = new Set([
  "exact",
  "is_not",
  "icontains",
  "not_icontains",
  "regex",
  "not_regex",
  "gt",
  "gte",
  "lt",
  "lte",
  "is_set",
  "is_not_set",
  "is_date_exact",
  "is_date_before",
  "is_date_after",
  "between",
  "not_between",
  "min",
  "max",
  "in",
  "not_in",
]);
const entityTypes = new Set(["events", "actions", "data_warehouse"]);
const maths = new Set(["total", "dau", "weekly_active", "monthly_active", "unique_session", "min", "max", "avg", "sum", "median", "p75", "p90", "p95", "p99"]);
const topWords: Record<string, ReadonlySet<string>> = {
  operand: new Set(["AND", "OR"]),
  order_direction: new Set(["ASC", "DESC"]),
  kind: new Set(["RecordingsQuery"]),
  hide_viewed_recordings: new Set(["current-user", "any-user"]),
  order: new Set([
    "start_time",
    "duration",
    "recording_duration",
    "active_seconds",
    "inactive_seconds",
    "click_count",
    "keypress_count",
    "mouse_activity_count",
    "console_error_count",
    "console_log_count",
    "console_warn_count",
    "activity_score",
  ]),
};
/** A recording filter's number (a duration, a count) within what a recording holds; never a phone number's digits. */
const recordingNumber = [0, 99_999_999] as const;
const relativeOrDate = /^(-\d+[hdwmqy]|\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)$/i;
const consoleLevels = new Set(["error", "warn", "info", "log"]);
const exactOperators = new Set(["exact", "is_not", "is_set", "is_not_set"]);

export interface FilterContext {
  people: People;
  ledger: Ledger;
  /** Old recording id → the id written. */
  recordingIds: ReadonlyMap<string, string>;
  /** The playlist's short_id, to name it in the report. */
  playlist: string;
}

const scalar = (value: Json) => typeof value === "number" || typeof value === "boolean" || value === null;

/** Keys of the filters on a recording's own fields and its console: the API's names, written as read. */
const recordingKeys = new Set([
  "duration",
  "active_seconds",
  "inactive_seconds",
  "click_count",
  "keypress_count",
  "mouse_activity_count",
  "console_log_count",
  "console_warn_count",
  "console_error_count",
  "activity_score",
  "snapshot_source",
  "visited_page",
  "start_url",
  "ongoing",
  "viewed",
]);
const typedKeys: Record<string, ReadonlySet<string>> = { recording: recordingKeys, log_entry: new Set(["level", "message"]), cohort: new Set(["id"]) };

/** A property filter's value(s) through `map`, each string and number on its own (a number as its text, since it may be a phone number or an id). */
function mapValues(value: Json, map: (text: string) => Json): Json {
  if (Array.isArray(value)) return value.map((item) => mapValues(item, map)).filter((item) => item !== undefined);
  if (typeof value === "string" || typeof value === "number") return map(String(value));
  return scalar(value) ? value : undefined;
}

/** A filter's key as written: a typed filter's own names as read, a property's through the persons' key map. */
function filterKey(key: string, type: Json, c: FilterContext): string {
  const typed = typeof type === "string" ? typedKeys[type] : undefined;
  if (typed?.has(key)) return key;
  return c.people.propertyKey(key);
}

/** One property filter `{key, type, value, operator}`: its key through the key map, its value mapped by the property it names. */
function propertyFilter(filter: Record<string, Json>, c: FilterContext, where: string): Record<string, Json> | undefined {
  const out: Record<string, Json> = {};
  for (const [field, allowed] of [
    ["type", propertyTypes],
    ["operator", operators],
  ] as const) {
    const value = filter[field];
    if (typeof value === "string" && allowed.has(value)) out[field] = value;
    else if (value !== undefined) c.ledger.count("dropped", `playlist.filters (a property filter's ${field})`);
  }
  if (typeof filter.key === "string" && filter.key !== "") out.key = filter.key;
  else if (filter.key !== undefined) c.ledger.count("dropped", "playlist.filters (a property filter's key)");
  const key = typeof out.key === "string" ? out.key : "";
  if (key) out.key = filterKey(key, out.type, c);
  const operator = typeof out.operator === "string" ? out.operator : "exact";
  const exact = exactOperators.has(operator);
  const say = (why: string) => c.ledger.notReproducible(`playlist ${c.playlist}: ${where} on ${String(out.key ?? "a property")} (${operator}): ${why}`);
  if ("value" in filter) {
    const value = filter.value;
    if (out.type === "log_entry" && key === "level") {
      out.value = mapValues(value, (text) => (consoleLevels.has(text) ? text : undefined));
    } else if (out.type === "recording" || out.type === "cohort") {
      // Durations and counts are typed, and kept within range; text here (a page, a name) is not.
      const number = (item: Json) => (typeof item === "boolean" || item === null ? item : withinRange(item, recordingNumber)?.value);
      out.value = Array.isArray(value) ? value.map(number).filter((item) => item !== undefined) : number(value);
      if (typeof value === "string" || (Array.isArray(value) && value.some((v) => typeof v === "string")))
        c.ledger.count("dropped", "playlist.filters (a text value)");
      if (out.type === "cohort") say("the mock holds no cohorts");
    } else {
      const kind = c.people.kindOf(key, value);
      const whole = (what: string) => !exact && say(`the ${what} are pseudonyms now, so only a whole-value match carries over`);
      if (kind === "on request") {
        out.value = value;
      } else if (kind === "email") {
        out.value = mapValues(value, (text) => c.people.email(text));
        whole("emails");
      } else if (kind === "name") {
        out.value = mapValues(value, (text) => c.people.name(text));
        whole("names");
      } else if (kind === "distinct id") {
        out.value = mapValues(value, (text) => c.people.distinctId(text));
        whole("distinct ids");
      } else if (kind === "url") {
        out.value = mapValues(value, (text) => c.people.url(text));
        say("pages are templated (host mapped, ids, query and fragment gone), so a match on them may differ");
      } else if (kind === "personal") {
        // A property the persons no longer hold: its values are replaced like any unknown text.
        out.value = mapValues(value, (text) => c.people.value(text));
        say("the recorded persons do not hold this property");
      } else {
        // As the persons' values are written (k or more persons, else one pseudonym each), so the filter matches the same persons.
        const one = (item: Json) => c.people.propertyValue(key, item);
        out.value = Array.isArray(value) ? value.map(one).filter((item) => item !== undefined) : one(value);
        if (JSON.stringify(out.value) !== JSON.stringify(value)) whole("values held by fewer than k persons");
      }
      if (out.value !== undefined)
        c.ledger.count(JSON.stringify(out.value) === JSON.stringify(value) ? "kept" : "replaced", "playlist.filters (property values)");
    }
  }
  if (Object.keys(filter).some((field) => !["key", "type", "operator", "value"].includes(field)))
    c.ledger.count("dropped", "playlist.filters (a property filter's other fields)");
  return out;
}

/** An entry of `events` or `actions`: its id and name kept, its property filters walked. */
function entityFilter(entry: Record<string, Json>, c: FilterContext, list: string): Record<string, Json> {
  const out: Record<string, Json> = {};
  // An event's name is PostHog's own, or the account's: then one pseudonym, the same wherever it is named.
  const event = (value: Json) => (typeof value === "string" ? (documentedEventNames.has(value) ? value : c.people.eventName(value)) : undefined);
  if (typeof entry.id === "number") out.id = withinRange(entry.id, [1, 2_147_483_647])?.value ?? null;
  else if (entry.id !== undefined) out.id = event(entry.id) ?? null;
  if (entry.name !== undefined) out.name = event(entry.name) ?? null;
  if (typeof entry.type === "string" && entityTypes.has(entry.type)) out.type = entry.type;
  if (typeof entry.math === "string" && maths.has(entry.math)) out.math = entry.math;
  if (typeof entry.order === "number") out.order = withinRange(entry.order, [0, 1_000])?.value ?? 0;
  if (Array.isArray(entry.properties)) out.properties = propertyList(entry.properties, c, `${list} properties`);
  c.ledger.notReproducible(
    `playlist ${c.playlist}: filters.${list} (${String(out.id ?? out.name ?? "?")}): the API gives no recording's events or actions, so the mock matches none`,
  );
  return out;
}

function propertyList(list: Json[], c: FilterContext, where: string): Json[] {
  return list.flatMap((item) => {
    if (!isObject(item)) return [];
    // A group of filters, as `filter_group` nests them.
    if (Array.isArray(item.values) && !("key" in item)) return [group(item, c, where)];
    if (item.type === "events" || item.type === "actions") return [entityFilter(item, c, String(item.type))];
    return [propertyFilter(item, c, where) ?? []].flat();
  });
}

function group(item: Record<string, Json>, c: FilterContext, where: string): Record<string, Json> {
  const type = item.type === "OR" ? "OR" : "AND";
  return { type, values: propertyList(item.values as Json[], c, where) };
}

/** The filters as written; `filters` as read. */
export function anonymiseFilters(filters: Json, c: FilterContext): Json {
  if (!isObject(filters)) return filters === null ? null : {};
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(filters)) {
    if ((key === "date_from" || key === "date_to") && (value === null || (typeof value === "string" && relativeOrDate.test(value)))) out[key] = value;
    else if ((key === "filter_test_accounts" || key === "user_modified_filters") && typeof value === "boolean") out[key] = value;
    else if (key === "limit" && typeof value === "number") out[key] = withinRange(value, [1, 10_000])!.value;
    else if (key === "hide_viewed_recordings" && typeof value === "boolean") out[key] = value;
    else if (topWords[key] && typeof value === "string" && topWords[key].has(value)) out[key] = value;
    else if ((key === "properties" || key === "duration") && Array.isArray(value)) out[key] = propertyList(value, c, `filters.${key}`);
    else if (key === "filter_group" && isObject(value) && Array.isArray(value.values)) out[key] = group(value, c, "filters.filter_group");
    else if ((key === "events" || key === "actions") && Array.isArray(value)) out[key] = value.filter(isObject).map((entry) => entityFilter(entry, c, key));
    else if (key === "console_log_filters" && Array.isArray(value)) out[key] = propertyList(value, c, "filters.console_log_filters");
    else if (key === "distinct_ids" && Array.isArray(value)) out[key] = value.filter((v) => typeof v === "string").map((v) => c.people.distinctId(v));
    else if (key === "person_uuid" && typeof value === "string") out[key] = c.people.uuid(value);
    else if (key === "session_ids" && Array.isArray(value)) {
      out[key] = value.filter((id) => typeof id === "string").flatMap((id) => c.recordingIds.get(id) ?? []);
      if ((out[key] as string[]).length < value.length)
        c.ledger.notReproducible(`playlist ${c.playlist}: filters.session_ids names recordings that were not recorded`);
    } else {
      // The key itself may carry a name: named through the key map.
      const named = c.people.propertyKey(key);
      c.ledger.count("dropped", `playlist.filters.${named}`);
      c.ledger.notReproducible(`playlist ${c.playlist}: filters.${named} is not a filter the recorder knows, so it was dropped`);
      continue;
    }
    c.ledger.count(key === "distinct_ids" || key === "person_uuid" || key === "session_ids" ? "replaced" : "kept", `playlist.filters.${key}`);
  }
  return out;
}
