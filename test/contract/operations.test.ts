import { beforeEach, describe, expect, inject, it } from "vitest";
import { type ApiClient, ApiError, createClient, unwrap } from "../../src/index.js";
import { createMock } from "../../src/mock/index.js";
import { errorsOf, validatorFor } from "../support/schema-validator.js";
import { deref, findOperation, operations } from "../support/spec.js";
import { thrownBy } from "../support/thrown.js";

const baseUrl = inject("prismUrl");
const apiKey = "phx_contract_test_key_0000000000000000000000";
const violations: string[] = [];

/**
 * Records what a mock says about the spec: Prism's and the engine's `sl-violations` for a
 * request, and the stateful server's `x-mock-response-violations` for its own answer. Any of
 * them fails the test that caused it.
 */
function watched(send: (request: Request, init?: RequestInit) => Promise<Response> = fetch) {
  return async (request: Request, init?: RequestInit): Promise<Response> => {
    const response = await send(request, init);
    for (const header of ["sl-violations", "x-mock-response-violations"]) {
      const value = response.headers.get(header);
      if (value) violations.push(`${request.method} ${new URL(request.url).pathname}: ${header} ${value}`);
    }
    return response;
  };
}

const api = createClient({ baseUrl, apiKey, fetch: watched(), maxRetries: 0 });
const project = { project_id: "28417" };
const playlist = { ...project, short_id: "Ub3KpD7w" };
const recordingId = "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52";

type Call = {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  status: number;
  send: () => Promise<{ data?: unknown; error?: unknown; response: Response }>;
};

const callsThrough = (api: ApiClient): Call[] => [
  { method: "get", path: "/api/projects/", status: 200, send: () => api.GET("/api/projects/", { params: { query: { limit: 10 } } }) },
  {
    method: "get",
    path: "/api/environments/{project_id}/session_recording_playlists/",
    status: 200,
    send: () =>
      api.GET("/api/environments/{project_id}/session_recording_playlists/", {
        params: { path: project, query: { limit: 20, type: "collection", pinned: true, search: "checkout", date_from: "-30d", order: "-last_modified_at" } },
      }),
  },
  {
    method: "post",
    path: "/api/environments/{project_id}/session_recording_playlists/",
    status: 201,
    send: () =>
      api.POST("/api/environments/{project_id}/session_recording_playlists/", {
        params: { path: project },
        body: { name: "Checkout drop-offs", type: "collection" },
      }),
  },
  {
    method: "get",
    path: "/api/environments/{project_id}/session_recording_playlists/{short_id}/",
    status: 200,
    send: () => api.GET("/api/environments/{project_id}/session_recording_playlists/{short_id}/", { params: { path: playlist } }),
  },
  {
    method: "patch",
    path: "/api/environments/{project_id}/session_recording_playlists/{short_id}/",
    status: 200,
    send: () => api.PATCH("/api/environments/{project_id}/session_recording_playlists/{short_id}/", { params: { path: playlist }, body: { deleted: true } }),
  },
  {
    method: "delete",
    path: "/api/environments/{project_id}/session_recording_playlists/{short_id}/",
    status: 405,
    // With no 2XX in an operation, Prism answers its lowest status (401) unless asked.
    send: () =>
      api.DELETE("/api/environments/{project_id}/session_recording_playlists/{short_id}/", { params: { path: playlist }, headers: { Prefer: "code=405" } }),
  },
  {
    method: "get",
    path: "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/",
    status: 200,
    send: () => api.GET("/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/", { params: { path: playlist } }),
  },
  {
    method: "post",
    path: "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/",
    status: 200,
    send: () =>
      api.POST("/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/", {
        params: { path: { ...playlist, session_recording_id: recordingId } },
        body: {},
      }),
  },
  {
    method: "delete",
    path: "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/",
    status: 204,
    send: () =>
      api.DELETE("/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/", {
        params: { path: { ...playlist, session_recording_id: recordingId } },
      }),
  },
  {
    method: "get",
    path: "/api/environments/{project_id}/session_recordings/",
    status: 200,
    send: () =>
      api.GET("/api/environments/{project_id}/session_recordings/", {
        params: {
          path: project,
          query: {
            limit: 2,
            offset: 0,
            date_from: "-7d",
            date_to: "2026-11-20",
            filter_test_accounts: true,
            order: "console_error_count",
            order_direction: "ASC",
            events: JSON.stringify([{ id: "$pageview", type: "events" }]),
            operand: "OR",
          },
        },
      }),
  },
  {
    method: "get",
    path: "/api/environments/{project_id}/session_recordings/{id}/",
    status: 200,
    send: () => api.GET("/api/environments/{project_id}/session_recordings/{id}/", { params: { path: { ...project, id: recordingId } } }),
  },
  {
    method: "patch",
    path: "/api/environments/{project_id}/session_recordings/{id}/",
    status: 200,
    send: () =>
      api.PATCH("/api/environments/{project_id}/session_recordings/{id}/", {
        params: { path: { ...project, id: recordingId } },
        body: { person: { properties: { plan: "pro" } } },
      }),
  },
  {
    method: "delete",
    path: "/api/environments/{project_id}/session_recordings/{id}/",
    status: 204,
    send: () => api.DELETE("/api/environments/{project_id}/session_recordings/{id}/", { params: { path: { ...project, id: recordingId } } }),
  },
  {
    method: "get",
    path: "/api/environments/{project_id}/session_recordings/{recording_id}/sharing/",
    status: 200,
    send: () =>
      api.GET("/api/environments/{project_id}/session_recordings/{recording_id}/sharing/", { params: { path: { ...project, recording_id: recordingId } } }),
  },
  {
    method: "post",
    path: "/api/environments/{project_id}/session_recordings/ai/filters/",
    status: 200,
    send: () => api.POST("/api/environments/{project_id}/session_recordings/ai/filters/", { params: { path: project }, body: { person: { properties: {} } } }),
  },
  {
    method: "post",
    path: "/api/environments/{project_id}/session_recordings/ai/regex/",
    status: 200,
    send: () => api.POST("/api/environments/{project_id}/session_recordings/ai/regex/", { params: { path: project }, body: {} }),
  },
  {
    method: "get",
    path: "/api/environments/{project_id}/sessions/property_definitions/",
    status: 200,
    send: () => api.GET("/api/environments/{project_id}/sessions/property_definitions/", { params: { path: project, query: { search: "utm" } } }),
  },
  {
    method: "get",
    path: "/api/environments/{project_id}/sessions/values/",
    status: 200,
    send: () => api.GET("/api/environments/{project_id}/sessions/values/", { params: { path: project, query: { key: "$entry_utm_source" } } }),
  },
  {
    method: "get",
    path: "/api/environments/{project_id}/subscriptions/",
    status: 200,
    send: () =>
      api.GET("/api/environments/{project_id}/subscriptions/", {
        params: { path: project, query: { target_type: "email", deleted: false, ordering: "-created_at" } },
      }),
  },
  {
    method: "get",
    path: "/api/environments/{project_id}/subscriptions/{id}/",
    status: 200,
    send: () => api.GET("/api/environments/{project_id}/subscriptions/{id}/", { params: { path: { ...project, id: 902 } } }),
  },
  {
    method: "patch",
    path: "/api/environments/{project_id}/subscriptions/{id}/",
    status: 200,
    send: () =>
      api.PATCH("/api/environments/{project_id}/subscriptions/{id}/", {
        params: { path: { ...project, id: 902 } },
        body: { frequency: "weekly", byweekday: ["monday"] },
      }),
  },
  {
    method: "delete",
    path: "/api/environments/{project_id}/subscriptions/{id}/",
    status: 405,
    send: () =>
      api.DELETE("/api/environments/{project_id}/subscriptions/{id}/", { params: { path: { ...project, id: 902 } }, headers: { Prefer: "code=405" } }),
  },
  {
    method: "post",
    path: "/api/environments/{project_id}/subscriptions/",
    status: 201,
    send: () =>
      api.POST("/api/environments/{project_id}/subscriptions/", {
        params: { path: project },
        body: { insight: 14872, target_type: "email", target_value: "maya.okafor@example.com", frequency: "daily", start_date: "2026-11-21T09:00:00Z" },
      }),
  },
];

const engine = createMock({ responseViolations: "throw" });
const statefulUrl = inject("statefulMockUrl");
const targets = [
  { name: "Prism", api, reset: async () => {} },
  {
    name: "the stateful server",
    api: createClient({ baseUrl: statefulUrl, apiKey, fetch: watched(), maxRetries: 0 }),
    reset: async () => void (await fetch(`${statefulUrl}/__mock/reset`, { method: "POST", headers: { "Content-Type": "application/json" } })),
  },
  {
    name: "the engine in-process",
    api: createClient({ baseUrl: "http://mock.local", apiKey, fetch: watched(engine.fetch), maxRetries: 0 }),
    reset: async () => engine.reset(),
  },
];

describe.each(targets)("every operation through the client against $name", ({ api: target, reset }) => {
  const calls = callsThrough(target);
  // The stateful mocks remember: each call starts from the seeded state, as Prism always does.
  beforeEach(reset);

  it("calls every operation in the spec, each once", () => {
    const called = calls.map((c) => `${c.method} ${c.path}`).sort();
    expect(called).toEqual(operations.map((e) => `${e.method} ${e.path}`).sort());
  });

  it.each(calls.map((c) => [`${c.method.toUpperCase()} ${c.path}`, c] as const))("%s", async (_, call) => {
    const before = violations.length;
    const { data, response } = await call.send();
    expect(response.status).toBe(call.status);
    expect(violations.slice(before)).toEqual([]);
    const declared = deref(findOperation(call.method, call.path).operation.responses[String(call.status)]);
    const media = declared.content?.["application/json"];
    if (media) {
      const validate = validatorFor(media.schema);
      expect(validate(data), errorsOf(validate)).toBe(true);
    } else {
      expect(data ?? undefined).toBeUndefined();
    }
  });
});

describe("errors through Prism", () => {
  it("answers 401 to a request without a key", async () => {
    const response = await fetch(`${baseUrl}/api/environments/28417/subscriptions/`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ type: "authentication_error", code: "not_authenticated" });
  });

  it("answers the playlist DELETE with 405 and an empty body, which unwrap turns into ApiError", async () => {
    const result = await api.DELETE("/api/environments/{project_id}/session_recording_playlists/{short_id}/", {
      params: { path: playlist },
      headers: { Prefer: "code=405" },
    });
    expect(result.response.status).toBe(405);
    expect(await result.response.text()).toBe("");
    expect(() => unwrap(result)).toThrow(expect.objectContaining({ name: "ApiError", status: 405, kind: "method_not_allowed" }));
  });

  it("surfaces Prism's 4xx for a body field of the wrong type as ApiError", async () => {
    const result = await api.PATCH("/api/environments/{project_id}/session_recording_playlists/{short_id}/", {
      params: { path: playlist },
      body: { pinned: "yes" as unknown as boolean },
    });
    const error = thrownBy(() => unwrap(result));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, kind: "bad_request", type: "validation_error" });
    expect((error as ApiError).headers.get("sl-violations")).toContain("pinned");
  });

  it("surfaces Prism's 4xx for an enum value outside the list as ApiError", async () => {
    const result = await api.POST("/api/environments/{project_id}/subscriptions/", {
      params: { path: project },
      body: { insight: 14872, target_type: "fax" as "email", target_value: "x", frequency: "daily", start_date: "2026-11-21T09:00:00Z" },
    });
    expect(() => unwrap(result)).toThrow(expect.objectContaining({ name: "ApiError", status: 400 }));
    expect(result.response.headers.get("sl-violations")).toContain("target_type");
  });

  it("answers a missing required query parameter with 400 naming it", async () => {
    const params = { path: project, query: {} as { key: string } };
    const result = await api.GET("/api/environments/{project_id}/sessions/values/", { params });
    expect(result.response.status).toBe(400);
    expect(result.error).toMatchObject({ attr: "key" });
  });

  it("answers a bad body with the operation's own 400 example, naming one of its fields", async () => {
    const result = await api.PATCH("/api/environments/{project_id}/subscriptions/{id}/", {
      params: { path: { ...project, id: 902 } },
      body: { frequency: "hourly" as "daily" },
    });
    expect(result.response.status).toBe(400);
    expect(result.error).toMatchObject({ type: "validation_error", attr: "frequency" });
  });

  it("answers a subscription DELETE with 405 and an empty body", async () => {
    const result = await api.DELETE("/api/environments/{project_id}/subscriptions/{id}/", {
      params: { path: { ...project, id: 902 } },
      headers: { Prefer: "code=405" },
    });
    expect(result.response.status).toBe(405);
    expect(await result.response.text()).toBe("");
  });
});

describe("paging through Prism", () => {
  it.each([
    ["/api/environments/{project_id}/session_recordings/", 2],
    ["/api/environments/{project_id}/subscriptions/", 2],
    ["/api/environments/{project_id}/session_recording_playlists/", 2],
  ] as const)("walks %s to its end", async (path, expected) => {
    const items: unknown[] = [];
    for await (const item of api.paginate(path, { params: { path: project, query: { limit: 50 } } })) items.push(item);
    expect(items).toHaveLength(expected);
  });

  it("walks the projects listing to its end", async () => {
    const items: unknown[] = [];
    for await (const item of api.paginate("/api/projects/")) items.push(item);
    expect(items).toHaveLength(1);
  });
});
