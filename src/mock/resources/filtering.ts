// What the listings' filters share: the `DateFilter` moments and the sort.
const day = 86_400_000;
const units: Record<string, number> = { h: 3_600_000, d: day, w: 7 * day, m: 30 * day, q: 91 * day, y: 365 * day };

/** A `DateFilter` value as a moment: relative (`-7d`) to now, or an ISO date. */
export function moment(value: unknown, now: Date, endOfDay = false): number | undefined {
  if (typeof value !== "string") return undefined;
  const relative = /^-(\d+)([hdwmqy])$/.exec(value);
  if (relative) return now.getTime() - Number(relative[1]) * units[relative[2]!]!;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const parsed = Date.parse(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(parsed)) return undefined;
  return dateOnly && endOfDay ? parsed + day - 1 : parsed;
}

/** Whether a moment lies within the query's `date_from`/`date_to` window. */
export function dateWindow(query: Record<string, unknown>, now: Date): (iso: string | null | undefined) => boolean {
  const from = moment(query.date_from, now);
  const to = moment(query.date_to, now, true);
  if (from === undefined && to === undefined) return () => true;
  return (iso) => {
    const at = iso ? Date.parse(iso) : Number.NaN;
    return (from === undefined || at >= from) && (to === undefined || at <= to);
  };
}

/** Sorts `items` in place by `key`, nulls first ascending. */
export function sortBy<T>(items: T[], key: (item: T) => string | number | null | undefined, descending: boolean): T[] {
  return items.sort((a, b) => {
    const x = key(a) ?? "";
    const y = key(b) ?? "";
    const order = x < y ? -1 : x > y ? 1 : 0;
    return descending ? -order : order;
  });
}

/** A `-field` ordering as the field and its direction. */
export function ordering(order: unknown): { field: string; descending: boolean } {
  const text = String(order);
  return { field: text.replace(/^-/, ""), descending: text.startsWith("-") };
}
