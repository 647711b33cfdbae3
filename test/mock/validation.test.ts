// Requests are checked against the spec both ways: a bad request answers 400 naming the field
// with Prism's sl-violations header; the engine's own answers are checked before they leave.
import { describe, expect, it } from "vitest";
import { createMock } from "../../src/mock/index.js";
import { liveProfile } from "../../src/mock/profiles/live.js";
import { seedProfile } from "../../src/mock/profiles/seed.js";
import { handlers } from "../../src/mock/resources/index.js";

import { responseViolations } from "../../src/mock/spec/validate-response.js";
import { send } from "./support.js";

const { operations } = seedProfile.table;

const json = { "Content-Type": "application/json" };
const playlists = "/api/environments/28417/session_recording_playlists/";

describe("request validation", () => {
  it("answers a bad body field with 400, attr and Prism's sl-violations format", async () => {
    const response = await send(createMock(), playlists, { method: "POST", headers: json, body: JSON.stringify({ name: "x".repeat(401), pinned: "yes" }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: "validation_error",
      code: "max_length",
      detail: "Ensure this field has no more than 400 characters.",
      attr: "name",
    });
    expect(JSON.parse(response.headers.get("sl-violations")!)).toEqual([
      { location: ["request", "body", "name"], severity: "Error", code: "maxLength", message: "Ensure this field has no more than 400 characters." },
      { location: ["request", "body", "pinned"], severity: "Error", code: "type", message: "Must be a valid boolean." },
    ]);
  });

  it.each([
    ["/api/environments/28417/session_recordings/?limit=abc", "limit", "A valid integer is required."],
    ["/api/environments/28417/session_recordings/?order=newest", "order", '"newest" is not a valid choice.'],
    ["/api/environments/28417/session_recordings/?person_uuid=nope", "person_uuid", '"nope" is not a valid UUID.'],
    ["/api/environments/28417/session_recordings/?date_from=yesterday", "date_from", "This value does not have the expected format."],
    ["/api/environments/28417/sessions/values/", "key", "This field is required."],
  ])("answers %s with 400 naming %s", async (path, attr, detail) => {
    const response = await send(createMock(), path);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ attr, detail });
  });

  it.each([
    ["start_date", { start_date: "2026-02-29T09:00:00Z" }],
    ["until_date", { start_date: "2026-11-01T09:00:00Z", until_date: "2026-04-31T00:00:00Z" }],
  ])("refuses an impossible calendar date in %s with 400 naming it, and takes 29 February of a leap year", async (attr, dates) => {
    const mock = createMock();
    const subscription = { insight: 1, target_type: "email", target_value: "a@b.c", frequency: "daily", ...dates };
    const refused = await send(mock, "/api/environments/28417/subscriptions/", { method: "POST", headers: json, body: JSON.stringify(subscription) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ attr });
    const leap = { ...subscription, start_date: "2028-02-29T09:00:00Z", until_date: null };
    expect((await send(mock, "/api/environments/28417/subscriptions/", { method: "POST", headers: json, body: JSON.stringify(leap) })).status).toBe(201);
  });

  it("refuses a body that is not UTF-8 as a parse error, and stores nothing, where it once read it with replacement characters", async () => {
    const mock = createMock();
    const before = mock.snapshotJson();
    // "na\xffme": a lone 0xFF is never UTF-8.
    const bytes = new Uint8Array([...new TextEncoder().encode('{"name":"na'), 0xff, ...new TextEncoder().encode('me"}')]);
    const refused = await send(mock, playlists, { method: "POST", headers: json, body: bytes });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ type: "invalid_request", code: "parse_error", detail: "JSON parse error - the body is not UTF-8" });
    expect(mock.snapshotJson()).toBe(before);
  });

  it("answers invalid JSON, a wrong content type and a missing body with 400", async () => {
    const mock = createMock();
    const broken = await send(mock, playlists, { method: "POST", headers: json, body: "{nope" });
    expect(broken.status).toBe(400);
    // A request that is not JSON at all is the spec's `invalid_request` class, not a field's `validation_error`.
    expect(await broken.json()).toMatchObject({ type: "invalid_request", code: "parse_error" });
    const text = await send(mock, playlists, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "name=x" });
    expect(await text.json()).toMatchObject({ type: "invalid_request", code: "unsupported_media_type", attr: "Content-Type" });
    const none = await send(mock, playlists, { method: "POST" });
    expect(await none.json()).toMatchObject({ code: "required", attr: null });
  });

  it("answers a body over 1 MB with 413", async () => {
    // The name is also over its 400-character limit: a body read in full would be a 400 instead.
    const body = JSON.stringify({ name: "x".repeat(1_100_000) });
    const response = await send(createMock(), playlists, { method: "POST", headers: json, body });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "request_too_large" });
  });

  it("answers an unknown path, and a known one with two trailing slashes, with 404", async () => {
    const mock = createMock();
    expect((await send(mock, "/api/environments/28417/nothing/")).status).toBe(404);
    expect((await send(mock, "/api/environments/28417/nothing")).status).toBe(404);
    expect((await send(mock, "/api/environments/28417/session_recordings//")).status).toBe(404);
  });

  it("answers a method the path does not have with 405 and Allow naming the methods it has", async () => {
    const put = await send(createMock(), "/api/environments/28417/session_recordings/", { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("response validation", () => {
  it("has a behaviour for every operation in the compiled tables, and refuses exactly those the spec gives no 2XX", () => {
    // The compiler checks the handlers against the generated types; this checks the compiled tables agree with them.
    const answered = operations.filter((o) => Object.keys(o.responses).some((status) => status.startsWith("2")));
    const liveAnswered = liveProfile.table.operations.filter((o) => Object.keys(o.responses).some((status) => status.startsWith("2")));
    expect([...new Set([...answered, ...liveAnswered].map((o) => o.id))].sort()).toEqual(Object.keys(handlers).sort());
    expect(operations.filter((o) => o.refused).map((o) => o.id)).toEqual(operations.filter((o) => !answered.includes(o)).map((o) => o.id));
  });

  it("reports answers that break the spec", () => {
    const getPlaylist = operations.find((o) => o.id === "getPlaylist")!;
    expect(responseViolations(getPlaylist, 200, { id: "not a number" })).not.toEqual([]);
    expect(responseViolations(getPlaylist, 201, {})).toEqual(["status 201 is not a documented response of getPlaylist"]);
    const deletePlaylist = operations.find((o) => o.id === "deletePlaylist")!;
    expect(responseViolations(deletePlaylist, 405, undefined)).toEqual([]);
    expect(responseViolations(deletePlaylist, 405, { detail: "x" })).toHaveLength(1);
  });

  it("answers every operation's documented success within the spec", async () => {
    for (const operation of operations) {
      const mock = createMock();
      const path = operation.path
        .replace("{project_id}", "28417")
        .replace("{short_id}", "Ub3KpD7w")
        .replace(/\{(id|recording_id|session_recording_id)\}/, operation.path.includes("subscriptions") ? "902" : "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52");
      const query = operation.id === "getSessionValues" ? "?key=$browser" : "";
      const body = operation.body
        ? operation.id === "createSubscription"
          ? { insight: 1, target_type: "email", target_value: "a@example.com", frequency: "daily", start_date: "2026-11-23T09:00:00Z" }
          : {}
        : undefined;
      const response = await send(mock, path + query, { method: operation.method, headers: json, body: body && JSON.stringify(body) });
      expect(response.status, operation.id).toBe(operation.success ?? operation.refused?.status);
      expect(mock.requests().at(-1)?.responseViolations, operation.id).toEqual([]);
    }
  });
});
