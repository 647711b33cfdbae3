// What the listings' filters share: `DateFilter` moments and date-times read as instants,
// text search over several fields, and the sort.
import { day } from "../day.js";

const units: Record<string, number> = { h: 3_600_000, d: day, w: 7 * day, m: 30 * day, q: 91 * day, y: 365 * day };

// An ISO 8601 date or date-time by its parts. Read here, not by Date.parse, because Date.parse
// reads a date-time without an offset in the host's zone; the description says UTC.
const isoParts = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

const leap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil), in integers, with no Date. */
function daysFromCivil(year: number, month: number, date: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + date - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

// Listings read the same stored moments on every request: each text is parsed once. Bounded,
// so texts sent in queries cannot grow it without end.
const instants = new Map<string, number>();
const remembered = 100_000;

/** The instant an ISO 8601 date or date-time stands for (UTC without an offset), or NaN for what is not a calendar one. */
function instant(text: unknown): number {
  if (typeof text !== "string") return Number.NaN;
  let at = instants.get(text);
  if (at === undefined) {
    at = parseInstant(text);
    if (instants.size >= remembered) instants.clear();
    instants.set(text, at);
  }
  return at;
}

function parseInstant(text: string): number {
  const parts = isoParts.exec(text);
  if (!parts) return Number.NaN;
  const [year, month, date, hour = 0, minute = 0, second = 0] = parts.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  const days = month === 2 && leap(year!) ? 29 : monthDays[month! - 1];
  if (days === undefined || date! < 1 || date! > days || hour >= 24 || minute >= 60 || second >= 60) return Number.NaN;
  const millis = Number((parts[7] ?? "").padEnd(3, "0").slice(0, 3));
  const at = ((daysFromCivil(year!, month!, date!) * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis;
  const zone = parts[8];
  if (!zone || zone === "Z" || zone === "z") return at;
  const offset = Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2));
  return zone.startsWith("-") ? at + offset * 60_000 : at - offset * 60_000;
}

/** A `DateFilter` value as a moment: relative (`-7d`) to now, or an ISO date or date-time (UTC without an offset). */
export function moment(value: unknown, now: Date, endOfDay = false): number | undefined {
  if (typeof value !== "string") return undefined;
  const relative = /^-(\d+)([hdwmqy])$/.exec(value);
  if (relative) return now.getTime() - Number(relative[1]) * units[relative[2]!]!;
  const at = instant(value);
  if (Number.isNaN(at)) return undefined;
  // A date alone is its whole day: its last millisecond when it ends a window.
  return endOfDay && value.length === 10 ? at + day - 1 : at;
}

/** Whether a moment lies within the query's `date_from`/`date_to` window. */
export function dateWindow(query: Record<string, unknown>, now: Date): (iso: string | null | undefined) => boolean {
  const from = moment(query.date_from, now);
  const to = moment(query.date_to, now, true);
  if (from === undefined && to === undefined) return () => true;
  return (iso) => {
    const at = instant(iso);
    return (from === undefined || at >= from) && (to === undefined || at <= to);
  };
}

/**
 * A `search` filter: whether any one of the fields contains the text, ignoring case. Each
 * field on its own, so text spanning two fields matches neither.
 */
export function searching(search: unknown): (...fields: unknown[]) => boolean {
  if (typeof search !== "string") return () => true;
  const wanted = search.toLowerCase();
  return (...fields) => fields.some((field) => typeof field === "string" && field.toLowerCase().includes(wanted));
}

/** A sort key: a number, text, or nothing (null, undefined, NaN), which sorts before any value. */
export type SortKey = string | number | null | undefined;

function compareKeys(x: SortKey, y: SortKey): number {
  const xMissing = x === null || x === undefined || Number.isNaN(x);
  const yMissing = y === null || y === undefined || Number.isNaN(y);
  if (xMissing || yMissing) return xMissing === yMissing ? 0 : xMissing ? -1 : 1;
  // Numbers before text, should one listing ever mix them; each compared within its own kind.
  if (typeof x !== typeof y) return typeof x === "number" ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Sorts `items` in place by `key`: missing keys first ascending and last descending, equal keys
 * in their order. Each key is computed once, not once per comparison.
 */
export function sortBy<T>(items: T[], key: (item: T) => SortKey, descending: boolean): T[] {
  const keyed = items.map((item, index) => ({ item, index, key: key(item) }));
  keyed.sort((a, b) => (descending ? -compareKeys(a.key, b.key) : compareKeys(a.key, b.key)) || a.index - b.index);
  keyed.forEach((entry, at) => {
    items[at] = entry.item;
  });
  return items;
}

/** Text as a sort key that ignores case; no text is a missing key. */
export const textKey = (text: unknown): SortKey => (typeof text === "string" ? text.toLowerCase() : null);

/** A date-time as a sort key: its instant, so offsets and precision do not matter. */
export const instantKey = (text: unknown): SortKey => instant(text);

/** A `-field` ordering as the field and its direction. */
export function ordering(order: unknown): { field: string; descending: boolean } {
  const text = String(order);
  return { field: text.replace(/^-/, ""), descending: text.startsWith("-") };
}

/** A UUID as one text whatever the case it was written in, for comparing ids. */
export const uuidKey = (id: unknown): string | undefined => (typeof id === "string" ? id.toLowerCase() : undefined);
