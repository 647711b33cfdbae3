// How a path names its project: the live profile serves every operation under both of the
// service's prefixes on one state and reads `@current` as the key's user's current project; the
// seed profile serves its description's prefix and names it to a caller of the other. And PUT,
// which the live profile routes where the service does.
import { describe, expect, it } from "vitest";
import { createMock as createSeedMock } from "../../src/mock/index.js";
import { createMock } from "../../src/mock/live.js";
import { liveProfile } from "../../src/mock/profiles/live.js";
import { seedProfile } from "../../src/mock/profiles/seed.js";

const headers = { authorization: "Bearer phx_paths", "content-type": "application/json" };
const call = async (mock: ReturnType<typeof createMock>, method: string, path: string, body?: unknown) => {
  const response = await mock.fetch(`http://mock.test${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, allow: response.headers.get("allow"), body: text === "" ? undefined : JSON.parse(text) };
};

describe("the live profile's prefixes", () => {
  it("routes every operation under /api/projects/{project_id}/ to the same operation, for each method", () => {
    const underProject = liveProfile.table.operations.filter((o) => o.path.startsWith("/api/environments/{project_id}/"));
    expect(underProject.length).toBeGreaterThan(20);
    for (const operation of underProject) {
      const path = operation.path.replace("/api/environments/", "/api/projects/").replace(/\{[^}]+\}/g, "1");
      const route = liveProfile.route(operation.method, path);
      expect(route.kind === "operation" || route.kind === "bad-path" ? route.operation.id : route.kind, path).toBe(operation.id);
    }
  });

  it("keeps one state behind both: a playlist made under one prefix is read and listed under the other", async () => {
    const mock = createMock();
    const made = await call(mock, "POST", "/api/projects/28417/session_recording_playlists", { name: "Both prefixes", type: "collection" });
    expect(made.status).toBe(201);
    const read = await call(mock, "GET", `/api/environments/28417/session_recording_playlists/${made.body.short_id}/`);
    expect(read.body).toMatchObject({ short_id: made.body.short_id, name: "Both prefixes" });
    const listed = await call(mock, "GET", "/api/projects/28417/session_recording_playlists/?search=Both%20prefixes");
    expect(listed.body.results.map((p: { short_id: string }) => p.short_id)).toContain(made.body.short_id);
  });

  it("reads @current as the state's first project on either prefix, and a project id that is no integer as an unknown project", async () => {
    const mock = createMock();
    const byId = await call(mock, "GET", "/api/environments/28417/subscriptions/");
    for (const path of ["/api/environments/@current/subscriptions/", "/api/projects/@current/subscriptions", "/api/projects/%40current/subscriptions/"]) {
      expect((await call(mock, "GET", path)).body, path).toEqual(byId.body);
    }
    for (const path of ["/api/projects/abc/subscriptions/", "/api/environments/current/subscriptions/", "/api/projects/@other/session_recordings/"]) {
      expect(await call(mock, "GET", path), path).toMatchObject({ status: 404, body: { detail: "Project not found." } });
    }
  });

  it("answers @current with 404 'Project not found.' when the state holds no project, as the service answers a user with no team", async () => {
    const mock = createMock();
    mock.restore({ ...mock.snapshot(), projects: {} });
    expect(await call(mock, "GET", "/api/projects/@current/session_recordings/")).toMatchObject({ status: 404, body: { detail: "Project not found." } });
  });
});

describe("the seed profile's prefix", () => {
  it("answers a path it serves under /api/environments/ but sent under /api/projects/ with a 404 naming the prefix it serves", async () => {
    const mock = createSeedMock();
    const answer = await call(mock, "GET", "/api/projects/28417/session_recordings/");
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toMatch(/^Not found\. .*\/api\/environments\/\{project_id\}\/ only; the live profile/);
    expect((await call(mock, "GET", "/api/projects/28417/no_such_thing/")).body.detail).toBe("Not found.");
    expect((await call(mock, "GET", "/api/environments/28417/session_recordings/")).status).toBe(200);
  });

  it("has no @current: it is a project id the seed does not list", async () => {
    expect(await call(createSeedMock(), "GET", "/api/environments/@current/session_recordings/")).toMatchObject({
      status: 404,
      body: { detail: "Project not found." },
    });
  });
});

describe("PUT", () => {
  it("is routed where the service routes it in the live profile, and refused with the path's Allow in the seed's", async () => {
    const live = createMock();
    const seed = createSeedMock();
    const put = { target_type: "email", target_value: "a@example.com", frequency: "daily", interval: 1, start_date: "2030-01-01T09:00:00Z" };
    expect((await call(live, "PUT", "/api/projects/28417/subscriptions/902/", put)).status).toBe(200);
    const seedPut = await call(seed, "PUT", "/api/environments/28417/subscriptions/902/", put);
    expect(seedPut.status).toBe(405);
    expect(seedPut.allow).not.toContain("PUT");
    expect((await call(live, "DELETE", "/api/environments/28417/subscriptions/902/")).allow).toBe("GET, PUT, PATCH, HEAD, OPTIONS");
    expect(seedProfile.table.operations.some((o) => o.method === "PUT")).toBe(false);
  });

  it("requires every field a create requires on a subscription, naming the first missing one", async () => {
    const answer = await call(createMock(), "PUT", "/api/environments/28417/subscriptions/902/", { target_type: "email", target_value: "a@example.com" });
    expect(answer).toMatchObject({ status: 400, body: { code: "required", attr: "frequency" } });
  });

  it("answers a recording's PUT as its PATCH: viewed or analyzed, whatever else the body holds", async () => {
    const mock = createMock();
    const recording = "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52";
    expect(await call(mock, "PUT", `/api/projects/28417/session_recordings/${recording}/`, { viewed: true })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await call(mock, "PUT", `/api/projects/28417/session_recordings/${recording}/`, { person: {} })).status).toBe(400);
  });

  it("takes a playlist's PUT with no body, as DRF reads none as an empty one, and leaves the playlist as it was", async () => {
    const mock = createMock();
    const before = await call(mock, "GET", "/api/environments/28417/session_recording_playlists/Ub3KpD7w/");
    const put = await mock.fetch("http://mock.test/api/environments/28417/session_recording_playlists/Ub3KpD7w/", {
      method: "PUT",
      headers: { authorization: headers.authorization },
    });
    expect(put.status).toBe(200);
    const after = (await put.json()) as Record<string, unknown>;
    expect({ ...after, last_modified_at: undefined }).toEqual({ ...before.body, last_modified_at: undefined });
  });
});
