/**
 * `Retry-After` in milliseconds, from delta-seconds or an HTTP date; undefined when absent or
 * unreadable. The client's retries and the conformance command's 429 waits read it alike.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its weekday and month; this keeps Date.parse from reading "-5" as a year.
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
