import { describe, expectTypeOf, it } from "vitest";
import type { ApiClient } from "../../src/index.js";
import { createClient, type ListPath, type LiveApiClient, type SessionRecording, unwrap } from "../../src/live.js";

declare const live: LiveApiClient;
declare const seed: ApiClient;
const path = { project_id: "28417" };
const recordings = "/api/environments/{project_id}/session_recordings/" as const;
const recording = "/api/environments/{project_id}/session_recordings/{id}/" as const;

describe("session-recordings-api/live", () => {
  it("returns the live client from createClient", () => {
    expectTypeOf(createClient).returns.toEqualTypeOf<LiveApiClient>();
  });

  it("types the recordings listing as the live service answers it: results and has_next, no count", async () => {
    const page = unwrap(await live.GET(recordings, { params: { path } }));
    expectTypeOf(page.has_next).toEqualTypeOf<boolean>();
    // Each way round, as the two differ only in how openapi-fetch marks read-only fields.
    expectTypeOf(page.results).toExtend<SessionRecording[]>();
    expectTypeOf<SessionRecording[]>().toExtend<typeof page.results>();
    expectTypeOf(page).not.toHaveProperty("count");
    // The default entry keeps the envelope.
    const envelope = unwrap(await seed.GET(recordings, { params: { path } }));
    expectTypeOf(envelope).toHaveProperty("count");
    expectTypeOf(envelope).not.toHaveProperty("has_next");
  });

  it("does not compile an operation the live service lacks", () => {
    // @ts-expect-error: the live service has no ai/filters route
    void live.POST("/api/environments/{project_id}/session_recordings/ai/filters/", { params: { path }, body: {} });
    void seed.POST("/api/environments/{project_id}/session_recordings/ai/filters/", { params: { path }, body: {} });
  });

  it("compiles a body field only the live service takes there only", () => {
    void live.PATCH(recording, { params: { path: { ...path, id: "0193401e" } }, body: { viewed: true } });
    // @ts-expect-error: the description's recording PATCH takes no `viewed`
    void seed.PATCH(recording, { params: { path: { ...path, id: "0193401e" } }, body: { viewed: true } });
    // @ts-expect-error: the live PATCH takes no `person`
    void live.PATCH(recording, { params: { path: { ...path, id: "0193401e" } }, body: { person: { properties: {} } } });
  });

  it("pages the live listings, with their live item types", () => {
    expectTypeOf<typeof recordings>().toExtend<ListPath>();
    expectTypeOf(live.paginate(recordings, { params: { path } })).toExtend<AsyncIterableIterator<SessionRecording>>();
  });

  it("types the answers the live service gives where the description gives none", async () => {
    const values = unwrap(await live.GET("/api/environments/{project_id}/sessions/values/", { params: { path, query: { key: "$browser" } } }));
    expectTypeOf(values.refreshing).toEqualTypeOf<boolean>();
  });

  it("types what PostHog's source of November 2026 answers: the enums, the synthetic playlists, the subscription fields", async () => {
    const playlists = "/api/environments/{project_id}/session_recording_playlists/" as const;
    void live.GET(recordings, { params: { path, query: { hide_viewed_recordings: "current-user" } } });
    // @ts-expect-error: the live filter is the service's enum, not a boolean
    void live.GET(recordings, { params: { path, query: { hide_viewed_recordings: true } } });
    void seed.GET(recordings, { params: { path, query: { hide_viewed_recordings: true } } });
    const page = unwrap(await live.GET(playlists, { params: { path, query: { collection_type: "synthetic" } } }));
    // A synthetic playlist has no dates: code that trusts the types must handle null.
    expectTypeOf(page.results[0]!.created_at).toEqualTypeOf<string | null>();
    // Every playlist says whether it is synthetic, a stored one false.
    expectTypeOf(page.results[0]!.is_synthetic).toEqualTypeOf<boolean>();
    const subscriptions = "/api/environments/{project_id}/subscriptions/" as const;
    const listed = unwrap(await live.GET(subscriptions, { params: { path } }));
    // Every answer says what it delivers: one of the newer module's three kinds (no `pulse_brief`).
    expectTypeOf(listed.results[0]!.resource_type).toEqualTypeOf<"insight" | "dashboard" | "ai_prompt">();
    const noInterval = { target_type: "email", target_value: "a@b.c", frequency: "daily", start_date: "2026-01-01T00:00:00Z" } as const;
    // @ts-expect-error: a live create names its interval
    void live.POST(subscriptions, { params: { path }, body: noInterval });
    void seed.POST(subscriptions, { params: { path }, body: noInterval });
  });
});
