// A playlist's `filters`, walked: each value goes through the same maps as the records (a
// person's email, distinct id or page, by the property's name), so a recorded filter still
// matches the recorded persons. Only the parts of the recordings filter the recorder knows are
// written; anything else is dropped and counted. What the recorded mock cannot answer as the
// service did (events and actions, which no answer carries; a partial match on a value now a
// pseudonym; a property the persons no longer hold) is named in the report.
import { isObject } from "../shared/is-object.js";
import { emailProperties, isPersonalProperty, nameProperties, type People, urlProperties } from "./people.js";
import type { Ledger } from "./report.js";

type Json = unknown;

const word = /^[\w$.:-]{1,200}$/;
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
  for (const field of ["key", "type", "operator"]) {
    const value = filter[field];
    if (typeof value === "string" && word.test(value)) out[field] = value;
    else if (value !== undefined) c.ledger.count("dropped", `playlist.filters (a property filter's ${field})`);
  }
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
      // Durations and counts are typed, and kept; text here (a page, a name) is not.
      out.value = Array.isArray(value) ? value.filter(scalar) : scalar(value) ? value : undefined;
      if (typeof value === "string" || (Array.isArray(value) && value.some((v) => typeof v === "string")))
        c.ledger.count("dropped", "playlist.filters (a text value)");
      if (out.type === "cohort") say("the mock holds no cohorts");
    } else {
      const kind = c.people.kindOf(key, value);
      if (kind === "on request") {
        out.value = value;
      } else if ((emailProperties as readonly string[]).includes(key) || kind === "email") {
        out.value = mapValues(value, (text) => c.people.email(text));
        if (!exact) say("the emails are pseudonyms now, so only a whole-value match carries over");
      } else if ((nameProperties as readonly string[]).includes(key)) {
        out.value = mapValues(value, (text) => c.people.name(text));
        if (!exact) say("the names are pseudonyms now, so only a whole-value match carries over");
      } else if (key === "distinct_id") {
        out.value = mapValues(value, (text) => c.people.distinctId(text));
        if (!exact) say("the distinct ids are pseudonyms now, so only a whole-value match carries over");
      } else if ((urlProperties as readonly string[]).includes(key)) {
        out.value = mapValues(value, (text) => c.people.url(text));
        say("pages are templated (host mapped, ids, query and fragment gone), so a match on them may differ");
      } else if (kind === "kept" || kind === "flag") {
        // As the persons' values are written, so the filter matches the same persons.
        const one = (item: Json) => (typeof item === "string" || scalar(item) ? c.people.keptValue(item) : undefined);
        out.value = Array.isArray(value) ? value.map(one).filter((item) => item !== undefined) : one(value);
      } else {
        // A property the persons no longer hold: its values are replaced like any unknown text.
        out.value = mapValues(value, (text) => c.people.value(text, isPersonalProperty(key)));
        say("the recorded persons do not hold this property");
      }
      const asRead = kind === "kept" || kind === "flag" || kind === "on request";
      if (out.value !== undefined) c.ledger.count(asRead ? "kept" : "replaced", "playlist.filters (property values)");
    }
  }
  if (Object.keys(filter).some((field) => !["key", "type", "operator", "value"].includes(field)))
    c.ledger.count("dropped", "playlist.filters (a property filter's other fields)");
  return out;
}

/** An entry of `events` or `actions`: its id and name kept, its property filters walked. */
function entityFilter(entry: Record<string, Json>, c: FilterContext, list: string): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const field of ["id", "type", "name", "order", "math"]) {
    const value = entry[field];
    if ((typeof value === "string" && word.test(value)) || typeof value === "number") out[field] = value;
    else if (typeof value === "string" && value.length <= 200) out[field] = c.people.value(value);
  }
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
    else if (["filter_test_accounts", "limit", "user_modified_filters"].includes(key) && scalar(value)) out[key] = value;
    else if (["operand", "order", "order_direction", "kind", "hide_viewed_recordings"].includes(key) && typeof value === "string" && word.test(value))
      out[key] = value;
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
