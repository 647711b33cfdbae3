// Times the mock sets, in the form the service writes them (DRF: Python's isoformat() in UTC).
import { describe, expect, it } from "vitest";
import { createMock } from "../../src/mock/live.js";
import { serverTime } from "../../src/mock/server-time.js";

describe("serverTime", () => {
  it("writes whole seconds with no fraction and any other moment with six digits, each the same instant", () => {
    for (const [at, text] of [
      ["2022-01-02T00:00:00.000Z", "2022-01-02T00:00:00Z"],
      ["2026-11-27T15:07:37.123Z", "2026-11-27T15:07:37.123000Z"],
      ["2026-11-27T15:07:37.100Z", "2026-11-27T15:07:37.100000Z"],
    ] as const) {
      expect(serverTime(new Date(at))).toBe(text);
      expect(Date.parse(text)).toBe(Date.parse(at));
    }
  });

  it("is the form of what a write sets, as PostHog's own tests read it", async () => {
    const mock = createMock({ now: () => new Date("2022-01-02T00:00:00Z") });
    const response = await mock.fetch("http://mock.local/api/environments/28417/session_recording_playlists/", {
      method: "POST",
      headers: { authorization: "Bearer phx_time", "content-type": "application/json" },
      body: JSON.stringify({ name: "times", type: "collection" }),
    });
    const created = (await response.json()) as { created_at: string; last_modified_at: string };
    expect([created.created_at, created.last_modified_at]).toEqual(["2022-01-02T00:00:00Z", "2022-01-02T00:00:00Z"]);
  });
});
