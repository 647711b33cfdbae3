// Each listing filter has the type the spec gives it, and reaches GET, paginate and pages.
import { describe, expectTypeOf, it } from "vitest";
import type { ApiClient } from "../../src/index.js";
import type { paths } from "../../src/types.js";

declare const api: ApiClient;
const project = { project_id: "28417" };
const recordings = "/api/environments/{project_id}/session_recordings/" as const;
const playlists = "/api/environments/{project_id}/session_recording_playlists/" as const;
const subscriptions = "/api/environments/{project_id}/subscriptions/" as const;

type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;
type RecordingFilters = Query<typeof recordings>;
type PlaylistFilters = Query<typeof playlists>;
type SubscriptionFilters = Query<typeof subscriptions>;

describe("recordings listing filters", () => {
  it("types every filter", () => {
    expectTypeOf<RecordingFilters["date_from"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RecordingFilters["date_to"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RecordingFilters["person_uuid"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RecordingFilters["distinct_ids"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RecordingFilters["session_ids"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RecordingFilters["filter_test_accounts"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<RecordingFilters["hide_viewed_recordings"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<RecordingFilters["order"]>().toEqualTypeOf<
      | "start_time"
      | "duration"
      | "recording_duration"
      | "active_seconds"
      | "inactive_seconds"
      | "console_error_count"
      | "click_count"
      | "keypress_count"
      | "mouse_activity_count"
      | "activity_score"
      | undefined
    >();
    expectTypeOf<RecordingFilters["order_direction"]>().toEqualTypeOf<"ASC" | "DESC" | undefined>();
    expectTypeOf<RecordingFilters["operand"]>().toEqualTypeOf<"AND" | "OR" | undefined>();
    for (const structured of ["events", "actions", "properties", "console_log_filters"] as const) {
      expectTypeOf<RecordingFilters[typeof structured]>().toEqualTypeOf<string | undefined>();
    }
    expectTypeOf<RecordingFilters["limit"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<RecordingFilters["offset"]>().toEqualTypeOf<number | undefined>();
  });

  it("passes filters through GET, paginate and pages, and refuses a wrong type", () => {
    const query = { date_from: "-7d", filter_test_accounts: true, order: "activity_score", order_direction: "ASC", events: '[{"id":"$pageview"}]' } as const;
    void api.GET(recordings, { params: { path: project, query } });
    void api.paginate(recordings, { params: { path: project, query } });
    void api.pages(recordings, { params: { path: project, query } });
    // @ts-expect-error: not an order the service knows
    void api.paginate(recordings, { params: { path: project, query: { order: "newest" } } });
    // @ts-expect-error: a boolean, not a string
    void api.pages(recordings, { params: { path: project, query: { filter_test_accounts: "yes" } } });
    // @ts-expect-error: structured filters travel JSON-encoded, as a string
    void api.GET(recordings, { params: { path: project, query: { events: [{ id: "$pageview" }] } } });
  });
});

describe("playlists listing filters", () => {
  it("types every filter", () => {
    // The service ignores `short_id` on the listing (openapi/DECISIONS.md, "Listing playlists").
    expectTypeOf<PlaylistFilters>().not.toHaveProperty("short_id");
    expectTypeOf<PlaylistFilters["created_by"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<PlaylistFilters["user"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<PlaylistFilters["type"]>().toEqualTypeOf<"collection" | "filters" | undefined>();
    expectTypeOf<PlaylistFilters["pinned"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<PlaylistFilters["search"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<PlaylistFilters["date_from"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<PlaylistFilters["date_to"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<PlaylistFilters["session_recording_id"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<PlaylistFilters["order"]>().toEqualTypeOf<
      "last_modified_at" | "-last_modified_at" | "created_at" | "-created_at" | "name" | "-name" | undefined
    >();
  });

  it("passes filters through GET, paginate and pages, and refuses a wrong type", () => {
    const query = { type: "collection", pinned: true, created_by: 7612, order: "-created_at" } as const;
    void api.GET(playlists, { params: { path: project, query } });
    void api.paginate(playlists, { params: { path: project, query } });
    void api.pages(playlists, { params: { path: project, query } });
    // @ts-expect-error: a user id is a number
    void api.paginate(playlists, { params: { path: project, query: { created_by: "7612" } } });
    // @ts-expect-error: not a playlist type
    void api.GET(playlists, { params: { path: project, query: { type: "smart" } } });
  });
});

describe("subscriptions listing filters", () => {
  it("types every filter", () => {
    expectTypeOf<SubscriptionFilters["insight"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<SubscriptionFilters["dashboard"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<SubscriptionFilters["deleted"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<SubscriptionFilters["created_by"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SubscriptionFilters["resource_type"]>().toEqualTypeOf<"dashboard" | "insight" | undefined>();
    expectTypeOf<SubscriptionFilters["target_type"]>().toEqualTypeOf<"email" | "slack" | "webhook" | undefined>();
    expectTypeOf<SubscriptionFilters["search"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SubscriptionFilters["ordering"]>().toEqualTypeOf<
      "created_at" | "-created_at" | "title" | "-title" | "next_delivery_date" | "-next_delivery_date" | undefined
    >();
  });

  it("passes filters through GET, paginate and pages, and refuses a wrong type", () => {
    const query = { target_type: "slack", deleted: false, insight: 14872, ordering: "title" } as const;
    void api.GET(subscriptions, { params: { path: project, query } });
    void api.paginate(subscriptions, { params: { path: project, query } });
    void api.pages(subscriptions, { params: { path: project, query } });
    // @ts-expect-error: not a target type
    void api.pages(subscriptions, { params: { path: project, query: { target_type: "fax" } } });
  });
});
