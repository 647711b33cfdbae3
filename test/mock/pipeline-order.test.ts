// The engine answers in the service's order, with the statuses the description declares:
// route, then authentication and scopes, then throttling (the scenarios), then the method,
// then the request's parameters and body. A path id that cannot be one is a 404, HEAD is a
// GET without its body, and OPTIONS answers from the path alone, in-process and over HTTP alike.
import { describe, expect, it } from "vitest";
import { createMock } from "../../src/mock/index.js";
import { seedProfile } from "../../src/mock/profiles/seed.js";

import { send } from "./support.js";

const { operations } = seedProfile.table;

const json = { "Content-Type": "application/json" };
const playlists = "/api/environments/28417/session_recording_playlists/";
const playlist = `${playlists}Ub3KpD7w/`;

describe("the order of the checks", () => {
  it("authenticates before it reads a malformed path, an unknown method or a bad body", async () => {
    const mock = createMock();
    const asks: [string, RequestInit][] = [
      ["/api/environments/28417/session_recordings/%E0%A4%A/", {}],
      ["/api/environments/28417/session_recordings/", { method: "PUT" }],
      [playlists, { method: "POST", headers: json, body: "{" }],
      ["/api/environments/28417/subscriptions/abc/", {}],
    ];
    for (const [path, init] of asks) {
      const response = await send(mock, path, { ...init, key: null });
      expect(response.status, `${init.method ?? "GET"} ${path}`).toBe(401);
      expect(await response.json()).toMatchObject({ code: "not_authenticated" });
    }
  });

  it("throttles (rate-limited scenario) before it refuses a method or reads the request", async () => {
    const mock = createMock({ scenario: "rate-limited" });
    const asks: [string, RequestInit][] = [
      [playlists, { method: "POST", headers: json, body: "{" }],
      [playlist, { method: "DELETE" }],
      ["/api/environments/28417/session_recordings/", { method: "PUT" }],
      ["/api/environments/28417/subscriptions/abc/", {}],
    ];
    for (const [path, init] of asks) expect((await send(mock, path, init)).status, `${init.method ?? "GET"} ${path}`).toBe(429);
  });

  it("checks the operation's scopes and the read-only rule before it reads a malformed path", async () => {
    const noScopes = createMock({ keys: { phx_none: [] } });
    expect((await send(noScopes, `${playlists}%%/`, { key: "phx_none" })).status).toBe(403);
    const mock = createMock();
    expect((await send(mock, `${playlist}recordings/%%/`, { method: "DELETE", key: "phx_readonly" })).status).toBe(403);
    expect((await send(mock, "/api/environments/28417/subscriptions/%E0%A4%A/", { method: "PATCH", key: "phx_readonly" })).status).toBe(403);
  });

  it("checks the key before throttling: a missing key is 401 even when rate-limited", async () => {
    expect((await send(createMock({ scenario: "rate-limited" }), playlists, { key: null })).status).toBe(401);
  });
});

describe("path ids that cannot be ids", () => {
  it.each([
    ["/api/environments/28417/subscriptions/abc/", "a subscription id that is not an integer"],
    ["/api/environments/28417/subscriptions/99999999999999999999999/", "a subscription id past the integer range"],
    ["/api/environments/28417/session_recordings/not-a-uuid/", "a recording id that is not a UUID"],
    ["/api/environments/28417/session_recordings/%E0%A4%A/", "a malformed percent-escape"],
    ["/api/environments/abc/session_recording_playlists/", "a project id that is not an integer"],
  ])("answers %s (%s) with the declared 404", async (path) => {
    const response = await send(createMock(), path);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ type: "invalid_request", code: "not_found" });
  });

  it("declares 404 on every operation with a path id the mock can refuse that way", () => {
    for (const operation of operations.filter((o) => o.pathParams.length > 0 && !o.refused)) {
      expect(Object.keys(operation.responses), operation.id).toContain("404");
    }
  });
});

describe("HEAD and OPTIONS", () => {
  it("answers HEAD as the GET, with its status and headers and no body", async () => {
    const mock = createMock();
    for (const path of [playlists, playlist, "/api/environments/28417/subscriptions/1/"]) {
      const get = await send(mock, path);
      const head = await send(mock, path, { method: "HEAD" });
      expect(head.status, path).toBe(get.status);
      expect(head.headers.get("content-type"), path).toBe(get.headers.get("content-type"));
      expect(await head.text(), path).toBe("");
    }
  });

  it("answers OPTIONS without credentials, with the path's Allow, and 404 for an unknown path", async () => {
    const mock = createMock();
    const options = await send(mock, playlist, { method: "OPTIONS", key: null });
    expect(options.status).toBe(204);
    expect(options.headers.get("Allow")).toBe("GET, PATCH, HEAD, OPTIONS");
    expect((await send(mock, "/api/environments/28417/nothing/", { method: "OPTIONS", key: null })).status).toBe(404);
  });

  it("names HEAD and OPTIONS in a 405's Allow, and leaves out the refused hard delete", async () => {
    const response = await send(createMock(), playlist, { method: "POST", headers: json, body: "{}" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, PATCH, HEAD, OPTIONS");
  });
});

describe("keys", () => {
  it("refuses a read-only key on an operation without a scope that changes something, with that operation's documented 403", async () => {
    const mock = createMock();
    const recording = "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52";
    const add = await send(mock, `${playlist}recordings/${recording}/`, { method: "POST", key: "phx_readonly" });
    expect(add.status).toBe(403);
    expect(await add.json()).toMatchObject({ code: "permission_denied", detail: "This action does not support personal API key access" });
    const members = await send(mock, `${playlist}recordings/${recording}/`, { method: "DELETE", key: "phx_readonly" });
    expect(members.status).toBe(403);
    // A key that may write still may.
    expect((await send(mock, `${playlist}recordings/${recording}/`, { method: "POST" })).status).toBe(200);
  });

  it("requires the listed scope exactly, as the seed says: a :write scope does not stand for its :read", async () => {
    const mock = createMock({ keys: { phx_writer: ["session_recording_playlist:write"] } });
    expect((await send(mock, playlists, { key: "phx_writer" })).status).toBe(403);
  });
});

describe("Prefer: code=429", () => {
  it("waits what its own detail says", async () => {
    const response = await send(createMock(), playlists, { headers: { Prefer: "code=429" } });
    expect(response.status).toBe(429);
    const seconds = response.headers.get("Retry-After");
    expect((await response.json()).detail).toContain(`available in ${seconds} second`);
  });
});
