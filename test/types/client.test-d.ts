import { describe, expectTypeOf, it } from "vitest";
import type { Exact } from "../../src/client/client-types.js";
import { type ApiClient, createClient, type ListPath, type Page, type ReadOnlyOrUnknownField, unwrap } from "../../src/index.js";
import type { Playlist, SessionRecording, Subscription } from "../../src/types.js";

declare const api: ApiClient;
const projectPath = { project_id: "28417" };
const playlist = "/api/environments/{project_id}/session_recording_playlists/{short_id}/" as const;

describe("the typed client", () => {
  it("returns createClient's surface", () => {
    expectTypeOf(createClient).returns.toEqualTypeOf<ApiClient>();
  });

  it("types response data from the spec", async () => {
    const result = await api.GET(playlist, { params: { path: { ...projectPath, short_id: "Ub3KpD7w" } } });
    expectTypeOf(unwrap(result)).toEqualTypeOf<NonNullable<typeof result.data>>();
    expectTypeOf(unwrap(result).short_id).toEqualTypeOf<string>();
    expectTypeOf(unwrap(result).created_by).toEqualTypeOf<Playlist["created_by"]>();
  });

  it("refuses a path the API does not have", () => {
    // @ts-expect-error: no such path
    void api.GET("/api/environments/{project_id}/session_recording_playlist/", { params: { path: projectPath } });
    // @ts-expect-error: a playlist cannot be replaced with PUT
    void api.PUT(playlist, { params: { path: { ...projectPath, short_id: "Ub3KpD7w" } } });
  });

  it("refuses a missing path parameter", () => {
    // @ts-expect-error: short_id is missing
    void api.GET(playlist, { params: { path: projectPath } });
    // @ts-expect-error: params are required for this path
    void api.GET(playlist);
  });

  it("refuses a read-only field in a request body, at any depth", () => {
    void api.PATCH(playlist, { params: { path: { ...projectPath, short_id: "Ub3KpD7w" } }, body: { pinned: true } });
    // @ts-expect-error: id is read-only
    void api.PATCH(playlist, { params: { path: { ...projectPath, short_id: "Ub3KpD7w" } }, body: { pinned: true, id: 3187 } });
    // One line a call: TypeScript 5 reports an overloaded call's error at its start, 7 at the field.
    const playlists = "/api/environments/{project_id}/session_recording_playlists/" as const;
    // @ts-expect-error: short_id is read-only
    void api.POST(playlists, { params: { path: projectPath }, body: { name: "Checkout drop-offs", short_id: "Ub3KpD7w" } });
    const recordingPath = { ...projectPath, id: "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52" };
    const person = { properties: { plan: "pro" }, uuid: "018e1f3a-9c4b-7d21-b6e8-2a5f0c3d9e14" };
    // @ts-expect-error: a person's uuid is read-only
    void api.PATCH("/api/environments/{project_id}/session_recordings/{id}/", { params: { path: recordingPath }, body: { person } });
  });

  it("refuses a wrong enum value and a missing required body field", () => {
    const body = { target_value: "maya.okafor@example.com", frequency: "daily", start_date: "2026-11-21T09:00:00Z" } as const;
    void api.POST("/api/environments/{project_id}/subscriptions/", { params: { path: projectPath }, body: { ...body, target_type: "email" } });
    // @ts-expect-error: fax is not a target type
    void api.POST("/api/environments/{project_id}/subscriptions/", { params: { path: projectPath }, body: { ...body, target_type: "fax" } });
    const weekly = { ...body, target_type: "email", byweekday: ["mon"] } as const;
    // @ts-expect-error: byweekday takes weekday names
    void api.POST("/api/environments/{project_id}/subscriptions/", { params: { path: projectPath }, body: weekly });
    // @ts-expect-error: target_type is required on create
    void api.POST("/api/environments/{project_id}/subscriptions/", { params: { path: projectPath }, body });
  });

  it("accepts paginate only for listings, and types its items", () => {
    expectTypeOf<ListPath>().toEqualTypeOf<
      | "/api/projects/"
      | "/api/environments/{project_id}/session_recording_playlists/"
      | "/api/environments/{project_id}/session_recordings/"
      | "/api/environments/{project_id}/subscriptions/"
    >();
    expectTypeOf(api.paginate("/api/environments/{project_id}/session_recordings/", { params: { path: projectPath } })).toEqualTypeOf<
      AsyncIterableIterator<SessionRecording>
    >();
    expectTypeOf(api.pages("/api/environments/{project_id}/subscriptions/", { params: { path: projectPath } })).toEqualTypeOf<
      AsyncIterableIterator<Page<Subscription>>
    >();
    // @ts-expect-error: a single playlist is not a listing
    void api.paginate(playlist, { params: { path: { ...projectPath, short_id: "Ub3KpD7w" } } });
    // @ts-expect-error: project_id is required
    void api.paginate("/api/environments/{project_id}/session_recordings/");
    void api.paginate("/api/projects/");
  });

  it("maps a field a body does not take to a type that names it, at any depth", () => {
    type Body = { name?: string; person?: { properties?: unknown } };
    expectTypeOf<Exact<Body, { name: string; id: number }>>().toEqualTypeOf<{ name: string; id: ReadOnlyOrUnknownField<"id"> }>();
    expectTypeOf<Exact<Body, { person: { uuid: string } }>>().toEqualTypeOf<{ person: { uuid: ReadOnlyOrUnknownField<"uuid"> } }>();
    expectTypeOf<Exact<Body, { person: { properties: { plan: string } } }>>().toEqualTypeOf<{ person: { properties: { plan: string } } }>();
  });

  it("takes maxRetries and timeoutMs on every call and on paging, typed", () => {
    const params = { path: { ...projectPath, short_id: "Ub3KpD7w" } };
    void api.GET(playlist, { params, maxRetries: 0, timeoutMs: 5_000 });
    void api.PATCH(playlist, { params, body: { pinned: true }, maxRetries: 1 });
    void api.DELETE(playlist, { params, timeoutMs: 1_000 });
    void api.GET("/api/projects/", { maxRetries: 0 });
    void api.paginate("/api/environments/{project_id}/session_recordings/", { params: { path: projectPath }, maxRetries: 0, timeoutMs: 1_000 });
    void api.pages("/api/environments/{project_id}/subscriptions/", { params: { path: projectPath }, timeoutMs: 1_000 });
    // @ts-expect-error: maxRetries is a number
    void api.GET(playlist, { params, maxRetries: "3" });
    // @ts-expect-error: timeoutMs is a number
    void api.POST("/api/environments/{project_id}/session_recording_playlists/", { params: { path: projectPath }, body: {}, timeoutMs: "1s" });
    // @ts-expect-error: maxRetries is a number
    void api.paginate("/api/environments/{project_id}/session_recordings/", { params: { path: projectPath }, maxRetries: true });
  });
});
