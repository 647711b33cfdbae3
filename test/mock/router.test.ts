// The router on its own: every operation in the compiled table is reached by its method and a
// path built from its template; everything else is not-found, method-not-allowed (with the
// path's methods) or bad-path (naming the parameter). Every answer that found the path
// carries its Allow. What each path answers is written out below, not worked out the way the
// router works it out, so a wrong rule in the router cannot be mirrored here.
import { describe, expect, it } from "vitest";
import { liveProfile } from "../../src/mock/profiles/live.js";
import { seedProfile } from "../../src/mock/profiles/seed.js";
import type { OperationEntry, OperationId } from "../../src/mock/spec/operations.js";
import { createRouter } from "../../src/mock/spec/router.js";

const { route } = seedProfile;

import { seededRandom } from "../../src/mock/state/random.js";

const { operations } = seedProfile.table;

const paramPattern = /\{([^}]+)\}/g;

/** The concrete path of `operation`'s template, each parameter replaced by `value(name)` (percent-encoded). */
function pathOf(operation: Pick<OperationEntry, "path">, value: (name: string) => string = (name) => `v-${name}`): string {
  return operation.path.replace(paramPattern, (_, name: string) => encodeURIComponent(value(name)));
}

const recording = "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52";

/**
 * Each path of the description, by hand: a concrete path and its parameters, the operation
 * each method reaches, and its Allow: the methods answered with a 2XX, HEAD where GET is
 * answered, then OPTIONS. A hard delete refused by design (405) is reached but not allowed.
 */
const paths: { template: string; path: string; params: Record<string, string>; methods: Partial<Record<string, OperationId>>; allow: string }[] = [
  { template: "/api/projects/", path: "/api/projects/", params: {}, methods: { GET: "listProjects" }, allow: "GET, HEAD, OPTIONS" },
  {
    template: "/api/environments/{project_id}/session_recording_playlists/",
    path: "/api/environments/28417/session_recording_playlists/",
    params: { project_id: "28417" },
    methods: { GET: "listPlaylists", POST: "createPlaylist" },
    allow: "GET, POST, HEAD, OPTIONS",
  },
  {
    template: "/api/environments/{project_id}/session_recording_playlists/{short_id}/",
    path: "/api/environments/28417/session_recording_playlists/Ub3KpD7w/",
    params: { project_id: "28417", short_id: "Ub3KpD7w" },
    methods: { GET: "getPlaylist", PATCH: "updatePlaylist", DELETE: "deletePlaylist" },
    allow: "GET, PATCH, HEAD, OPTIONS",
  },
  {
    template: "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/",
    path: "/api/environments/28417/session_recording_playlists/Ub3KpD7w/recordings/",
    params: { project_id: "28417", short_id: "Ub3KpD7w" },
    methods: { GET: "getPlaylistRecordings" },
    allow: "GET, HEAD, OPTIONS",
  },
  {
    template: "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/",
    path: `/api/environments/28417/session_recording_playlists/Ub3KpD7w/recordings/${recording}/`,
    params: { project_id: "28417", short_id: "Ub3KpD7w", session_recording_id: recording },
    methods: { POST: "addRecordingToPlaylist", DELETE: "removeRecordingFromPlaylist" },
    allow: "POST, DELETE, OPTIONS",
  },
  {
    template: "/api/environments/{project_id}/session_recordings/",
    path: "/api/environments/28417/session_recordings/",
    params: { project_id: "28417" },
    methods: { GET: "listRecordings" },
    allow: "GET, HEAD, OPTIONS",
  },
  {
    template: "/api/environments/{project_id}/session_recordings/{id}/",
    path: `/api/environments/28417/session_recordings/${recording}/`,
    params: { project_id: "28417", id: recording },
    methods: { GET: "getRecording", PATCH: "updateRecording", DELETE: "deleteRecording" },
    allow: "GET, PATCH, DELETE, HEAD, OPTIONS",
  },
  {
    template: "/api/environments/{project_id}/session_recordings/{recording_id}/sharing/",
    path: `/api/environments/28417/session_recordings/${recording}/sharing/`,
    params: { project_id: "28417", recording_id: recording },
    methods: { GET: "getRecordingSharing" },
    allow: "GET, HEAD, OPTIONS",
  },
  {
    template: "/api/environments/{project_id}/session_recordings/ai/filters/",
    path: "/api/environments/28417/session_recordings/ai/filters/",
    params: { project_id: "28417" },
    methods: { POST: "generateRecordingFilters" },
    allow: "POST, OPTIONS",
  },
  {
    template: "/api/environments/{project_id}/session_recordings/ai/regex/",
    path: "/api/environments/28417/session_recordings/ai/regex/",
    params: { project_id: "28417" },
    methods: { POST: "generateRecordingRegex" },
    allow: "POST, OPTIONS",
  },
  {
    template: "/api/environments/{project_id}/sessions/property_definitions/",
    path: "/api/environments/28417/sessions/property_definitions/",
    params: { project_id: "28417" },
    methods: { GET: "getSessionPropertyDefinitions" },
    allow: "GET, HEAD, OPTIONS",
  },
  {
    template: "/api/environments/{project_id}/sessions/values/",
    path: "/api/environments/28417/sessions/values/",
    params: { project_id: "28417" },
    methods: { GET: "getSessionValues" },
    allow: "GET, HEAD, OPTIONS",
  },
  {
    template: "/api/environments/{project_id}/subscriptions/",
    path: "/api/environments/28417/subscriptions/",
    params: { project_id: "28417" },
    methods: { GET: "listSubscriptions", POST: "createSubscription" },
    allow: "GET, POST, HEAD, OPTIONS",
  },
  {
    template: "/api/environments/{project_id}/subscriptions/{id}/",
    path: "/api/environments/28417/subscriptions/902/",
    params: { project_id: "28417", id: "902" },
    methods: { GET: "getSubscription", PATCH: "updateSubscription", DELETE: "deleteSubscription" },
    allow: "GET, PATCH, HEAD, OPTIONS",
  },
];

/** The Allow written out above for `template`. */
function allowOf(template: string): string {
  const allow = paths.find((p) => p.template === template)?.allow;
  if (allow === undefined) throw new Error(`no Allow written out for ${template}`);
  return allow;
}

const byId = (id: OperationId) => operations.find((o) => o.id === id)!;
const standardMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"];
const aiRegex = byId("generateRecordingRegex");
const aiFilters = byId("generateRecordingFilters");
const getRecording = byId("getRecording");

describe("route: every operation in the table", () => {
  it("is written out above, each once, and nothing else is (so the checks below cover the whole table)", () => {
    const written = paths.flatMap((p) => Object.entries(p.methods).map(([method, id]) => `${method} ${p.template} ${id}`));
    expect(written.sort()).toEqual(operations.map((o) => `${o.method} ${o.path} ${o.id}`).sort());
    expect(new Set(paths.map((p) => p.template)).size).toBe(paths.length);
    expect(new Set(operations.map((o) => `${o.method} ${o.path}`)).size).toBe(operations.length);
  });

  it("is reached by its own method on a concrete path, with its parameters and the path's Allow", () => {
    for (const { path, params, methods, allow } of paths) {
      for (const [method, id] of Object.entries(methods)) {
        expect(route(method, path), `${method} ${path}`).toEqual({ kind: "operation", operation: byId(id!), params, allow });
      }
    }
  });

  it('is reached alike without the trailing slash, as the service\'s router (`trailing_slash = r"/?"`) reaches it', () => {
    for (const { path, params, methods, allow } of paths) {
      for (const [method, id] of Object.entries(methods)) {
        expect(route(method, path.slice(0, -1)), `${method} ${path.slice(0, -1)}`).toEqual({ kind: "operation", operation: byId(id!), params, allow });
      }
      expect(route("PUT", path.slice(0, -1)), `PUT ${path.slice(0, -1)}`).toEqual(route("PUT", path));
    }
  });

  it("is reached alike without the trailing slash in the live profile too", () => {
    for (const operation of liveProfile.table.operations) {
      const path = pathOf(operation);
      expect(liveProfile.route(operation.method, path.slice(0, -1)), `${operation.method} ${path}`).toEqual(liveProfile.route(operation.method, path));
      expect(liveProfile.route(operation.method, path).kind).toBe("operation");
    }
  });

  it("names exactly the template's parameters, in the table's pathParams", () => {
    for (const operation of operations) {
      const names = [...operation.path.matchAll(paramPattern)].map((m) => m[1]);
      expect(names, operation.id).toEqual(operation.pathParams);
    }
  });

  it("decodes percent-encoded parameter values (property: random values round-trip)", () => {
    const random = seededRandom(15);
    // Characters that need escaping (space, slash, percent, query and fragment marks, non-ASCII, astral) and plain ones.
    const alphabet = [..."aZ09-_.~ /%?#&=+:;@!$'()*,[]\"<>^`{|}\\é漢", "\u{1F600}", "\u00a0"];
    for (let round = 0; round < 300; round++) {
      const operation = operations[Math.floor(random() * operations.length)]!;
      const values: Record<string, string> = {};
      for (const name of operation.pathParams) {
        const length = 1 + Math.floor(random() * 8);
        values[name] = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
      }
      const pathname = pathOf(operation, (name) => values[name]!);
      const found = route(operation.method, pathname);
      expect(found, `${operation.method} ${pathname}`).toEqual({ kind: "operation", operation, params: values, allow: allowOf(operation.path) });
    }
  });

  it("decodes escapes in upper or lower case, and an encoded slash stays inside its parameter", () => {
    const found = route(getRecording.method, "/api/environments/28417/session_recordings/a%2fb%2Fc%20d/");
    expect(found).toMatchObject({ kind: "operation", operation: { id: "getRecording" }, params: { project_id: "28417", id: "a/b/c d" } });
  });
});

describe("route: a literal segment wins over a parameter", () => {
  it("takes the literal template where a parameter template also fits, whichever the table lists first", () => {
    // No parameter template of the description fits an ai/ path (their lengths or literals differ), so the ranking
    // is shown on a table of two where it decides: the parameter template listed first, as getRecording is.
    const table = [
      { id: "getItem", method: "GET", path: "/items/{id}/", pathParams: ["id"] },
      { id: "askAi", method: "POST", path: "/items/ai/", pathParams: [] },
    ] as unknown as OperationEntry[];
    const routeIn = createRouter(table);
    expect(routeIn("POST", "/items/ai/")).toEqual({ kind: "operation", operation: table[1], params: {}, allow: "POST, OPTIONS" });
    expect(routeIn("GET", "/items/ai/")).toEqual({ kind: "method-not-allowed", allow: "POST, OPTIONS" });
    expect(routeIn("GET", "/items/other/")).toEqual({ kind: "operation", operation: table[0], params: { id: "other" }, allow: "GET, HEAD, OPTIONS" });
  });

  it("takes .../session_recordings/ai/regex/ and .../ai/filters/ as the AI helpers, not as a recording", () => {
    expect(route("POST", "/api/environments/28417/session_recordings/ai/regex/")).toEqual({
      kind: "operation",
      operation: aiRegex,
      params: { project_id: "28417" },
      allow: allowOf(aiRegex.path),
    });
    expect(route("POST", "/api/environments/28417/session_recordings/ai/filters/")).toEqual({
      kind: "operation",
      operation: aiFilters,
      params: { project_id: "28417" },
      allow: allowOf(aiFilters.path),
    });
  });

  it("answers another method on .../ai/regex/ with the helper's own methods, not a recording's", () => {
    for (const method of ["GET", "PATCH", "DELETE"]) {
      expect(route(method, "/api/environments/28417/session_recordings/ai/regex/")).toEqual({
        kind: "method-not-allowed",
        allow: allowOf(aiRegex.path),
      });
    }
  });

  it("still takes a lone `ai` segment where only a parameter fits as that parameter", () => {
    expect(route("GET", "/api/environments/28417/session_recordings/ai/")).toEqual({
      kind: "operation",
      operation: getRecording,
      params: { project_id: "28417", id: "ai" },
      allow: allowOf(getRecording.path),
    });
  });

  it("takes a parameter value that spells a literal of the same template as the parameter", () => {
    const found = route("GET", "/api/environments/session_recordings/session_recordings/api/");
    expect(found).toEqual({
      kind: "operation",
      operation: getRecording,
      params: { project_id: "session_recordings", id: "api" },
      allow: allowOf(getRecording.path),
    });
  });
});

describe("route: not found", () => {
  it("is not-found for every template's path with two trailing slashes, under any method: the slash is optional, not repeatable", () => {
    for (const operation of operations) {
      const pathname = `${pathOf(operation)}/`;
      for (const method of standardMethods) expect(route(method, pathname), `${method} ${pathname}`).toEqual({ kind: "not-found" });
    }
  });

  it("is not-found for an empty parameter segment", () => {
    for (const operation of operations.filter((o) => o.pathParams.length > 0)) {
      for (const name of operation.pathParams) {
        const pathname = pathOf(operation, (n) => (n === name ? "" : `v-${n}`));
        expect(route(operation.method, pathname), pathname).toEqual({ kind: "not-found" });
      }
    }
  });

  it("is not-found for unknown paths, extra or missing segments, and a percent-encoded literal", () => {
    const unknown = [
      "/",
      "",
      "/api/",
      "/api/unknown/",
      "/API/projects/",
      "/api/projects/extra/",
      "/api/environments/28417/",
      "/api/environments/28417/session_recordings/one/two/three/four/",
      "/api/environments/28417/session%5Frecordings/",
      "/api/environments/28417/subscriptions/1/sharing/",
      "/api//projects/",
    ];
    for (const pathname of unknown)
      for (const method of standardMethods) expect(route(method, pathname), `${method} ${pathname}`).toEqual({ kind: "not-found" });
  });

  it("is not-found for every template with one literal segment changed", () => {
    for (const operation of operations) {
      const segments = pathOf(operation).split("/");
      segments.forEach((segment, index) => {
        if (segment === "" || segment.startsWith("v-")) return;
        const changed = segments.map((s, i) => (i === index ? `${s}x` : s)).join("/");
        expect(route(operation.method, changed), changed).toEqual({ kind: "not-found" });
      });
    }
  });
});

describe("route: method not allowed", () => {
  it("answers every known path with another method with exactly that path's Allow", () => {
    let checked = 0;
    for (const { path, methods, allow } of paths) {
      for (const method of [...standardMethods, "get", "patch", "PROPFIND"].filter((m) => !(m in methods))) {
        expect(route(method, path), `${method} ${path}`).toEqual({ kind: "method-not-allowed", allow });
        checked++;
      }
    }
    // 14 paths by 11 methods, less the 23 the table routes.
    expect(checked).toBe(14 * 11 - 23);
  });

  it("checks the method before the parameters: a malformed escape under another method is still method-not-allowed", () => {
    const found = route("PUT", "/api/environments/%E0%A4%A/subscriptions/");
    expect(found).toEqual({ kind: "method-not-allowed", allow: allowOf("/api/environments/{project_id}/subscriptions/") });
  });
});

describe("route: bad path", () => {
  const malformed = ["%", "%E0%A4%A", "%zz", "a%2", "%C3%28", "%ED%A0%80"];

  it("names the parameter holding a malformed percent-escape, for every parameter of every operation", () => {
    for (const operation of operations) {
      for (const name of operation.pathParams) {
        for (const bad of malformed) {
          const pathname = operation.path.replace(paramPattern, (_, n: string) => (n === name ? bad : `v-${n}`));
          expect(route(operation.method, pathname), `${operation.method} ${pathname}`).toEqual({
            kind: "bad-path",
            operation,
            param: name,
            allow: allowOf(operation.path),
          });
        }
      }
    }
  });
});

describe("route: repeated calls", () => {
  it("give equal answers, whether found, refused or not found", () => {
    const asks: [string, string][] = [
      ["GET", "/api/projects/"],
      ["GET", "/api/environments/1/session_recordings/x%20y/"],
      ["PUT", "/api/projects/"],
      ["GET", "/api/nothing/"],
      ["GET", "/api/environments/%zz/session_recordings/"],
    ];
    for (const [method, pathname] of asks) {
      const first = route(method, pathname);
      // Its data, as JSON: an operation carries its validators, which are functions.
      const snapshot = JSON.stringify(first);
      for (let i = 0; i < 3; i++) {
        const again = route(method, pathname);
        expect(JSON.stringify(again)).toBe(snapshot);
        // It remembers the answer: the very same object comes back.
        expect(again).toBe(first);
      }
    }
  });

  it("keep answering right after many distinct paths have filled and cleared its memory", () => {
    const operation = getRecording;
    for (let i = 0; i < 5_000; i++) {
      const id = `rec-${i}`;
      const found = route(
        operation.method,
        pathOf(operation, (n) => (n === "id" ? id : "7")),
      );
      expect(found).toEqual({ kind: "operation", operation, params: { project_id: "7", id }, allow: allowOf(operation.path) });
    }
    expect(route("GET", "/api/projects/")).toMatchObject({ kind: "operation", operation: { id: "listProjects" }, params: {} });
  });

  it("give a different answer for the same path under a different method", () => {
    const pathname = "/api/environments/28417/subscriptions/5/";
    const ids = ["GET", "PATCH", "DELETE"].map((method) => (route(method, pathname) as { operation: OperationEntry }).operation.id);
    expect(ids).toEqual(["getSubscription", "updateSubscription", "deleteSubscription"]);
  });
});
