// The state's size cap (state/size.ts): at it, a write that would grow the state answers the
// declared 503 naming what to delete, and everything else goes on: reads, deletes and soft
// deletes, the AI helpers, GET /__mock/state and reset; a delete that makes room lets writes in again.
import { describe, expect, it } from "vitest";
import { createMock } from "../../src/mock/index.js";

const base = "http://mock.local/api/environments/28417";
const auth = { Authorization: "Bearer phx_cap", "Content-Type": "application/json" };
const now = () => new Date("2026-11-26T09:00:00Z");

/** A mock whose cap leaves room for a few playlists over its seeded state. */
function cappedMock() {
  const room = 4_000;
  const mock = createMock({ now, maxStateSize: createMock({ now }).snapshotJson().length + room });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await mock.fetch(`${path.startsWith("/__mock/") ? "http://mock.local" : base}${path}`, {
      method,
      headers: auth,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  return { mock, call };
}

/** Creates playlists until the cap refuses one; answers how many were made and the refusal. */
async function fill(call: ReturnType<typeof cappedMock>["call"]) {
  for (let made = 0; made < 100; made++) {
    const answer = await call("POST", "/session_recording_playlists/", { name: `Filler ${made}`, description: "x".repeat(500) });
    if (answer.status !== 201) return { made, refusal: answer };
  }
  throw new Error("the cap never refused a create");
}

describe("a state at its size cap", () => {
  it("refuses a create with the declared 503 saying what to delete, after taking those that fit", async () => {
    const { call } = cappedMock();
    const { made, refusal } = await fill(call);
    expect(made).toBeGreaterThan(0);
    expect(refusal.status).toBe(503);
    expect(refusal.body).toMatchObject({ type: "server_error", code: "state_full" });
    expect(refusal.body.detail).toMatch(/cap of \d+ MiB.*DELETE .*session_recordings.*POST \/__mock\/reset.*PUT \/__mock\/state/);
  });

  it("goes on answering reads, soft deletes, deletes, the AI helpers and the admin routes", async () => {
    const { call } = cappedMock();
    const { refusal } = await fill(call);
    expect(refusal.status).toBe(503);
    expect((await call("GET", "/session_recording_playlists/")).status).toBe(200);
    expect((await call("PATCH", "/session_recording_playlists/Ub3KpD7w/", { deleted: true })).status).toBe(200);
    expect((await call("PATCH", "/session_recording_playlists/Kx9mQ2vT/", { name: "Renamed" })).status).toBe(503);
    expect((await call("POST", "/session_recordings/ai/regex/", { regex: "checkout" })).status).toBe(200);
    expect((await call("GET", "/__mock/state")).status).toBe(200);
    const recordings = (await call("GET", "/session_recordings/?limit=20")).body.results as { id: string }[];
    for (const { id } of recordings) expect((await call("DELETE", `/session_recordings/${id}/`)).status).toBe(204);
    // The room the deletes made lets a create in again.
    expect((await call("POST", "/session_recording_playlists/", { name: "After the deletes" })).status).toBe(201);
  });

  it("is left by a reset", async () => {
    const { call } = cappedMock();
    expect((await fill(call)).refusal.status).toBe(503);
    expect((await call("POST", "/__mock/reset")).status).toBe(204);
    expect((await call("POST", "/session_recording_playlists/", { name: "After the reset" })).status).toBe(201);
  });
});
