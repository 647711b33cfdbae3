// The range of the service's times. DRF's DateTimeField reads a date-time into Python's
// datetime, which holds years 1 to 9999 (datetime.MINYEAR, MAXYEAR): a year 0, a second 60 or a
// lower-case `z` does not parse, and DRF answers `invalid`; a time whose wall clock is in range
// but whose moment in UTC is not (`0001-01-01T00:30:00+01:00`) fails its conversion to UTC, and
// DRF answers `overflow` (openapi/DECISIONS.md, "Dates the service can hold"). The request check
// refuses both (spec/validate-request.ts), and an anchor's move keeps every time in the range
// (state/rebase.ts), so a state the mock saves always loads again.

/** The first and the last second of the range, in UTC (Date.parse reads years 0 to 9999 as written). */
export const firstSecondMs = Date.parse("0001-01-01T00:00:00Z");
export const lastSecondMs = Date.parse("9999-12-31T23:59:59Z");
/** The last date of the range, at midnight. */
export const lastDateMs = Date.parse("9999-12-31T00:00:00Z");

/** A date-time as RFC 3339 and ajv's `date-time` take it: its separator (`T`, `t` or a blank), fraction and offset as written. */
const dateTimeForm = /^(\d{4}-\d{2}-\d{2})([Tt\s])(\d{2}:\d{2}:\d{2})(\.\d+)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

export interface DateTimeText {
  separator: string;
  fraction: string;
  offset: string;
  /** The wall time to the second, as if it were UTC; NaN when it is no time (a second 60). */
  wallMs: number;
  /** How far the wall time is ahead of UTC. */
  offsetMs: number;
}

/** `text` read as a date-time, each part in the form it was written; undefined when it is not one. */
export function readDateTime(text: string): DateTimeText | undefined {
  const parts = dateTimeForm.exec(text);
  if (!parts) return undefined;
  const offset = parts[5] ?? "";
  const digits = offset.replace(/[^\d]/g, "");
  const offsetMs = digits === "" ? 0 : (offset[0] === "-" ? -1 : 1) * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0)) * 60_000;
  return { separator: parts[2]!, fraction: parts[4] ?? "", offset, wallMs: Date.parse(`${parts[1]}T${parts[3]}Z`), offsetMs };
}

/** The wall times, to the second, a time at `offsetMs` may hold: it and its moment in UTC both in the range. */
export function wallBounds(offsetMs: number): [number, number] {
  return [Math.max(firstSecondMs, firstSecondMs + offsetMs), Math.min(lastSecondMs, lastSecondMs + offsetMs)];
}

/**
 * How the service reads a date-time the schema took: `valid`, `invalid` (Python's datetime cannot
 * hold it as written) or `overflow` (it can, but not in UTC).
 */
export function serviceReading(text: string): "valid" | "invalid" | "overflow" {
  const read = readDateTime(text);
  if (!read || Number.isNaN(read.wallMs) || read.offset === "z" || read.wallMs < firstSecondMs || read.wallMs > lastSecondMs) return "invalid";
  const [lowest, highest] = wallBounds(read.offsetMs);
  return read.wallMs < lowest || read.wallMs > highest ? "overflow" : "valid";
}

/** `wallMs` as a date-time's date and time, `YYYY-MM-DD` and `HH:MM:SS` (a year of the range has four digits). */
export function wallText(wallMs: number): [string, string] {
  const iso = new Date(wallMs).toISOString();
  return [iso.slice(0, 10), iso.slice(11, 19)];
}
