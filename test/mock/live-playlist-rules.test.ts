// The live profile's playlist rules (issue 45, openapi/overlays/live.yaml's `x-request-rules` and
// `x-builds-unknown` on the playlist operations): what PostHog's own tests (test/posthog) leave
// out of them, against the description's profile, which keeps the seed's answers.
import { describe, expect, it } from "vitest";
import { createMock as createSeedMock } from "../../src/mock/index.js";
import { createMock as createLiveMock } from "../../src/mock/live.js";

const project = "http://mock.local/api/environments/28417";
const playlists = `${project}/session_recording_playlists/`;

function caller(mock: ReturnType<typeof createSeedMock>) {
  return async (url: string, method = "GET", body?: unknown) => {
    const response = await mock.fetch(url, {
      method,
      headers: { Authorization: "Bearer phx_rules", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
  };
}

const refusal = (detail: string) => ({ type: "validation_error", code: "invalid_input", detail, attr: null });

describe("the live profile's playlist rules", () => {
  it("refuses a null type as a missing one, and judges a saved filter's every update by the filters it sends", async () => {
    const call = caller(createLiveMock());
    expect(await call(playlists, "POST", { name: "x", type: null })).toEqual({
      status: 400,
      body: refusal("Must provide a valid playlist type: either filters or collection"),
    });
    const saved = await call(playlists, "POST", { type: "filters", filters: { events: [{ id: "$pageview" }] } });
    expect(saved.status).toBe(201);
    const url = `${playlists}${saved.body.short_id}/`;
    // No filters sent is all of them removed: only the name changes nothing.
    expect(await call(url, "PATCH", { name: "renamed" })).toEqual({ status: 400, body: refusal("You cannot remove all filters when updating a saved filter") });
    expect(await call(url, "PATCH", { type: "collection", name: "renamed", filters: { events: [{ id: "$pageview" }] } })).toMatchObject({
      status: 200,
      body: { type: "filters", name: "renamed" },
    });
  });

  it("lets a playlist with no type, an older state's, take filters and lose them", async () => {
    const mock = createLiveMock();
    const call = caller(mock);
    const state = mock.snapshot();
    const legacy = state.projects["28417"]!.playlists[0]!;
    legacy.type = null;
    mock.restore(state);
    const url = `${playlists}${legacy.short_id}/`;
    expect((await call(url, "PATCH", { filters: { events: [{ id: "$pageview" }] } })).status).toBe(200);
    expect((await call(url, "PATCH", { name: "no filters" })).status).toBe(200);
  });

  it("adds an id the project has no recording of, counts it, lists no recording for it, and the state goes back in", async () => {
    const mock = createLiveMock();
    const call = caller(mock);
    const created = await call(playlists, "POST", { type: "collection" });
    const url = `${playlists}${created.body.short_id}/`;
    expect(await call(`${url}recordings/not-a-recording/`, "POST")).toEqual({ status: 200, body: { success: true } });
    expect((await call(url)).body).toMatchObject({ is_synthetic: false, recordings_counts: { collection: { count: 1 } } });
    expect((await call(`${url}recordings/`)).body.results).toEqual([]);
    expect(() => mock.restore(mock.snapshot())).not.toThrow();
  });

  it("leaves the description's profile as the seed says: no type needed, no rule, an unknown recording 404, no is_synthetic", async () => {
    const call = caller(createSeedMock());
    const created = await call(playlists, "POST", { name: "seed", filters: { events: [{ id: "$pageview" }] } });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty("is_synthetic");
    expect((await call(`${playlists}${created.body.short_id}/recordings/0193401e-0000-7000-8000-000000000000/`, "POST")).status).toBe(404);
  });
});
