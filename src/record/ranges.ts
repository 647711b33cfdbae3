// Numbers and times within their field's plausible range: a counter copied as read could carry
// anything (a phone number's digits as a click count), so each is written only when it lies
// within what a recording or a schedule can hold, and otherwise as the range's nearest end.
// No range reaches nine digits, the fewest a phone number has.

/** Each recording counter's range, both ends included. */
export const recordingRanges: Readonly<Record<string, readonly [number, number]>> = {
  // Seconds: a recording lasts at most a day or so; two allow for clock skew.
  recording_duration: [0, 172_800],
  active_seconds: [0, 172_800],
  inactive_seconds: [0, 172_800],
  click_count: [0, 99_999],
  keypress_count: [0, 99_999],
  mouse_activity_count: [0, 9_999_999],
  console_log_count: [0, 99_999],
  console_warn_count: [0, 99_999],
  console_error_count: [0, 99_999],
  activity_score: [0, 100],
  retention_period_days: [0, 3_650],
  // Bytes of the recording's data: up to about 100 MB.
  total_size: [0, 99_999_999],
  event_count: [0, 9_999_999],
};

/** A subscription's schedule numbers. */
export const scheduleRanges: Readonly<Record<string, readonly [number, number]>> = {
  interval: [1, 366],
  count: [1, 1_000],
  bysetpos: [-366, 366],
};

/** Ids the service gives records: positive and within a 32-bit integer. */
export const idRange = [1, 2_147_483_647] as const;

/** `value` within `range`, or undefined when it is no number; `clamped` says whether it moved. */
export function withinRange(value: unknown, [low, high]: readonly [number, number]): { value: number; clamped: boolean } | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
  const inRange = Math.min(Math.max(value, low), high);
  // Whole numbers stay whole; a score keeps two decimals at most.
  const rounded = Math.round(inRange * 100) / 100;
  return { value: rounded, clamped: rounded !== value };
}

/** Times from 2000 to a year past the moment of recording. */
const earliest = Date.UTC(2000, 0, 1);

/** An ISO time as written: the value when it is one within range, else undefined. */
export function plausibleTime(value: unknown, now: Date): string | undefined {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return undefined;
  const at = Date.parse(value);
  return at >= earliest && at <= now.getTime() + 366 * 86_400_000 ? value : undefined;
}
