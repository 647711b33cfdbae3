import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "../../src/shared/retry-after.js";

describe("parseRetryAfter", () => {
  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-11-21T12:00:00Z");
    expect(parseRetryAfter("23", now)).toBe(23_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Sat, 21 Nov 2026 12:00:45 GMT", now)).toBe(45_000);
    expect(parseRetryAfter("Sat, 21 Nov 2026 11:00:00 GMT", now)).toBe(0);
  });

  it("reads nothing else", () => {
    const now = Date.parse("2026-11-21T12:00:00Z");
    for (const bad of [null, "", "-5", "soon", "1.5"]) expect(parseRetryAfter(bad, now), String(bad)).toBeUndefined();
  });
});
