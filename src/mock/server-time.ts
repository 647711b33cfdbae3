// A moment as the service writes one it sets (DRF's DateTimeField: Python's isoformat() in UTC,
// `+00:00` written `Z`): whole seconds with no fraction, or six fraction digits. A client that
// compares the text it reads, as PostHog's own tests do, sees `2022-01-02T00:00:00Z`, not `…00.000Z`.
export function serverTime(at: Date | number): string {
  const iso = new Date(at).toISOString();
  const millis = iso.slice(20, 23);
  return millis === "000" ? `${iso.slice(0, 19)}Z` : `${iso.slice(0, 19)}.${millis}000Z`;
}
