import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { ApiError, createClient, RequestError, unwrap } from "../../src/index.js";
import { apiKey, baseUrl, errorBody, fakeFetch, json, playlistPath } from "../support/fake-fetch.js";
import { thrownBy } from "../support/thrown.js";

const params = { path: { project_id: "28417", short_id: "Ub3KpD7w" } };

async function failWith(response: () => Response) {
  const server = fakeFetch(response);
  const api = createClient({ baseUrl, apiKey, fetch: server.fetch, maxRetries: 0 });
  const result = await api.GET(playlistPath, { params });
  return thrownBy(() => unwrap(result)) as ApiError;
}

describe("ApiError", () => {
  it("carries status, the live error fields, method, path and headers", async () => {
    const error = await failWith(() =>
      errorBody(
        400,
        { type: "validation_error", code: "invalid_input", detail: "Ensure this field has no more than 400 characters.", attr: "name" },
        { "X-Request-Id": "req_81f" },
      ),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({
      status: 400,
      kind: "bad_request",
      type: "validation_error",
      code: "invalid_input",
      detail: "Ensure this field has no more than 400 characters.",
      attr: "name",
      method: "GET",
      path: "/api/environments/28417/session_recording_playlists/Ub3KpD7w/",
    });
    expect(error.headers.get("X-Request-Id")).toBe("req_81f");
    expect(error.message).toBe("GET /api/environments/28417/session_recording_playlists/Ub3KpD7w/: 400 Ensure this field has no more than 400 characters.");
  });

  it.each([
    [401, "unauthorized"],
    [402, "payment_required"],
    [403, "forbidden"],
    [404, "not_found"],
    [429, "rate_limited"],
    [409, "client_error"],
    [500, "server_error"],
    [503, "server_error"],
  ])("gives %i the kind %s", async (status, kind) => {
    const error = await failWith(() => errorBody(status, {}, status === 429 ? { "Retry-After": "3600" } : {}));
    expect(error.status).toBe(status);
    expect(error.kind).toBe(kind);
  });

  it("turns the playlist DELETE's bodiless 405 into an error, although openapi-fetch's `error` is empty", async () => {
    const server = fakeFetch(() => new Response(null, { status: 405, statusText: "Method Not Allowed" }));
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const result = await api.DELETE(playlistPath, { params });
    expect(result.error).toBeFalsy();
    expect(() => unwrap(result)).toThrow(expect.objectContaining({ status: 405, kind: "method_not_allowed", body: undefined }));
  });

  it("keeps a body that is not JSON as text", async () => {
    const error = await failWith(() => new Response("<h1>Bad gateway</h1>", { status: 502 }));
    expect(error).toMatchObject({ status: 502, body: "<h1>Bad gateway</h1>", detail: undefined, type: undefined });
  });

  it("returns the data of a success, and undefined for a bodiless success", async () => {
    const server = fakeFetch((request) => (request.method === "GET" ? json({ short_id: "Ub3KpD7w" }) : new Response(null, { status: 204 })));
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    expect(unwrap(await api.GET(playlistPath, { params }))).toEqual({ short_id: "Ub3KpD7w" });
    const removed = await api.DELETE("/api/environments/{project_id}/session_recordings/{id}/", {
      params: { path: { project_id: "28417", id: "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52" } },
    });
    expect(unwrap(removed)).toBeUndefined();
  });

  it("copes with the live service's JSON body on an operation the spec declares bodiless", async () => {
    const server = fakeFetch(() => json({ success: true }));
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const result = await api.POST("/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/", {
      params: { path: { project_id: "28417", short_id: "Ub3KpD7w", session_recording_id: "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52" } },
    });
    expect(result.response.status).toBe(200);
    expect(result.data).toEqual({ success: true });
  });

  it("never shows the key in its message, JSON or inspection", async () => {
    const error = await failWith(() =>
      errorBody(401, { code: "authentication_failed", detail: "Personal API key found in request Authorization header is invalid." }),
    );
    expect(error.message).not.toContain(apiKey);
    expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(apiKey);
    expect(JSON.stringify(error)).not.toContain(apiKey);
  });
});

describe("the server's request id", () => {
  it("is on ApiError, from x-request-id", () => {
    const error = new ApiError({
      method: "GET",
      url: "https://us.posthog.com/api/projects/",
      status: 500,
      headers: new Headers({ "x-request-id": "req_8f3a" }),
      body: undefined,
    });
    expect(error.requestId).toBe("req_8f3a");
    expect(
      new ApiError({ method: "GET", url: "https://us.posthog.com/api/projects/", status: 500, headers: new Headers(), body: undefined }).requestId,
    ).toBeUndefined();
  });
});
