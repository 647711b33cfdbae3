// The admin routes: a body that is not exactly right is a 400 naming the field and changes
// nothing; writes must be JSON; over HTTP a foreign web page can neither use them nor get CORS
// for them, unless opted in, while the API keeps answering any origin; and any state the mock
// produced goes back in, above the API's 1 MB limit.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockServer } from "../../src/mock/adapters/node-http/handler.js";
import { adminMaxBodyBytes } from "../../src/mock/admin.js";
import { createMock, type Mock, scenarioNames } from "../../src/mock/index.js";
import { maxBodyBytes } from "../../src/mock/spec/validate-request.js";
import { send } from "./support.js";

const json = { "Content-Type": "application/json" };
// A fixed clock, so two seeded states compare equal.
const fixed = { now: () => new Date("2026-11-01T09:00:00Z") };
const admin = (mock: Mock, path: string, init: RequestInit = {}) => mock.fetch(`http://mock.local/__mock/${path}`, init);

describe("POST /__mock/scenario", () => {
  it.each([
    ["{}", "name"],
    ['{"name": ""}', "name"],
    ['{"name": "Flaky"}', "name"],
    ['{"name": "nope"}', "name"],
    ['{"name": 5}', "name"],
    ['{"name": false}', "name"],
    ['{"name": ["flaky"]}', "name"],
    ['{"name": {"name": "flaky"}}', "name"],
    ['{"name": "flaky", "seed": "3"}', "seed"],
    ['{"name": "flaky", "seed": -1}', "seed"],
    ['{"name": "flaky", "seed": 1.5}', "seed"],
    ['{"name": "flaky", "seed": 4294967296}', "seed"],
    ['{"name": null, "seed": 3}', "seed"],
    ['{"name": "flaky", "sed": 3}', "sed"],
    ['{"scenario": "flaky"}', "scenario"],
    ["null", null],
    ["[]", null],
    ['"flaky"', null],
    ["", null],
  ])("refuses %s with a 400 naming %s, and changes nothing", async (body, attr) => {
    const mock = createMock({ ...fixed, scenario: "rate-limited" });
    const before = mock.snapshot();
    const response = await admin(mock, "scenario", { method: "POST", headers: json, body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: "validation_error", attr });
    expect(mock.snapshot()).toEqual(before);
    // Still in the scenario it was in.
    expect((await send(mock, "/api/projects/")).status).toBe(429);
  });

  it('takes each scenario by name, with a seed, and {"name": null} for none', async () => {
    const mock = createMock({ ...fixed, scenario: "rate-limited" });
    for (const name of scenarioNames) {
      expect((await admin(mock, "scenario", { method: "POST", headers: json, body: JSON.stringify({ name, seed: 3 }) })).status, name).toBe(204);
    }
    expect(mock.snapshot().projects["28417"]!.recordings).toEqual(
      createMock({ ...fixed, scenario: { name: "flaky", seed: 3 } }).snapshot().projects["28417"]!.recordings,
    );
    expect((await admin(mock, "scenario", { method: "POST", headers: json, body: '{"name": null}' })).status).toBe(204);
    expect(mock.snapshot()).toEqual(createMock(fixed).snapshot());
  });
});

describe("admin writes must be JSON", () => {
  it.each([
    ["POST", "reset", undefined],
    ["POST", "reset", "{}"],
    ["POST", "scenario", '{"name": null}'],
    ["PUT", "state", "SNAPSHOT"],
  ])("refuses %s /__mock/%s sent as text/plain, form data or with no type, and changes nothing", async (method, path, body) => {
    const mock = createMock(fixed);
    await send(mock, "/api/environments/28417/session_recording_playlists/", { method: "POST", headers: json, body: '{"name": "Kept"}' });
    const before = mock.snapshot();
    const payload = body === "SNAPSHOT" ? JSON.stringify(createMock({ ...fixed, seed: 9 }).snapshot()) : body;
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", undefined]) {
      const response = await admin(mock, path, { method, headers: type ? { "Content-Type": type } : {}, body: payload });
      expect(response.status, String(type)).toBe(415);
      const body = await response.json();
      expect(body).toMatchObject({ code: "unsupported_media_type", attr: "Content-Type" });
      expect(body.detail).toContain("-H 'Content-Type: application/json'");
    }
    expect(mock.snapshot()).toEqual(before);
  });

  it("resets with no body or {}, and refuses any other body naming it", async () => {
    const mock = createMock(fixed);
    const seeded = mock.snapshot();
    const create = () => send(mock, "/api/environments/28417/session_recording_playlists/", { method: "POST", headers: json, body: '{"name": "Gone"}' });
    for (const body of [undefined, "{}"]) {
      await create();
      expect((await admin(mock, "reset", { method: "POST", headers: json, body })).status).toBe(204);
      expect(mock.snapshot()).toEqual(seeded);
    }
    await create();
    const changed = mock.snapshot();
    for (const body of ['{"seed": 2}', "[]", "{"]) {
      expect((await admin(mock, "reset", { method: "POST", headers: json, body })).status, body).toBe(400);
    }
    expect(mock.snapshot()).toEqual(changed);
  });
});

describe("PUT /__mock/state", () => {
  it("takes back the many-pages scenario's own state, which is larger than the API's body limit", async () => {
    const source = createMock({ ...fixed, scenario: "many-pages" });
    const text = await (await admin(source, "state")).text();
    expect(text.length).toBeGreaterThan(maxBodyBytes);
    expect(JSON.parse(text)).toEqual(source.snapshot());
    const target = createMock({ ...fixed, scenario: "empty" });
    expect((await admin(target, "state", { method: "PUT", headers: json, body: text })).status).toBe(204);
    expect(target.snapshot()).toEqual(source.snapshot());
  });

  it("refuses a number a double cannot hold as written, naming where it is, and keeps the state it had", async () => {
    const target = createMock(fixed);
    const before = target.snapshotJson();
    const state = createMock(fixed).snapshot();
    const filters = state.projects["28417"]!.playlists[0]!.filters as Record<string, unknown>;
    filters.limit = 1;
    const text = JSON.stringify(state).replace('"limit":1', '"limit":9007199254740993');
    const answer = await admin(target, "state", { method: "PUT", headers: json, body: text });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      attr: "state",
      detail: expect.stringMatching(
        /^snapshot\.projects\.28417\.playlists\.0\.filters\.limit is not a number a double holds as written\. .*cannot be kept as written/,
      ),
    });
    expect(target.snapshotJson()).toBe(before);
  });
});

/** Sends a raw request, so the Origin and Content-Length headers are exactly as given. */
function raw(url: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = httpRequest({ host: hostname, port, method, path, headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.end(body);
  });
}

describe("over HTTP", () => {
  const opened: { close(): void }[] = [];
  /** A server on a free port of 127.0.0.1 around a fresh mock. */
  async function serve(adminOrigins?: string[]) {
    const mock = createMock({ ...fixed, responseViolations: "flag" });
    const server = createMockServer(mock, { log: () => undefined, adminOrigins });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    opened.push({ close: () => server.close() && server.closeAllConnections() });
    return { mock, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }
  let own: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    own = await serve();
  });
  afterAll(() => {
    for (const server of opened) server.close();
  });

  const foreign = "http://localhost:5173";
  const writes: [string, string, string | undefined][] = [
    ["POST", "/__mock/reset", undefined],
    ["POST", "/__mock/scenario", '{"name": "empty"}'],
    ["PUT", "/__mock/state", "{}"],
    ["GET", "/__mock/state", undefined],
    ["GET", "/__mock/requests", undefined],
  ];

  it.each(writes)("refuses %s %s from a foreign web page, with no CORS grant, and changes nothing", async (method, path, body) => {
    const before = own.mock.snapshot();
    for (const origin of [foreign, "null", "https://evil.example", `http://evil.example:${new URL(own.url).port}`]) {
      for (const type of ["application/json", "text/plain"]) {
        const answer = await raw(own.url, method, path, { Origin: origin, "Content-Type": type }, body);
        expect(answer.status, origin).toBe(403);
        expect(JSON.parse(answer.text)).toMatchObject({ code: "permission_denied", attr: "Origin" });
        expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
      }
    }
    expect(own.mock.snapshot()).toEqual(before);
  });

  it("refuses a foreign page's preflight to an admin route, and grants the API's", async () => {
    const preflight = { Origin: foreign, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" };
    const refused = await raw(own.url, "OPTIONS", "/__mock/reset", preflight);
    expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
    expect(refused.headers["access-control-allow-methods"]).toBeUndefined();
    const granted = await raw(own.url, "OPTIONS", "/api/environments/28417/session_recording_playlists/", preflight);
    expect(granted.status).toBe(204);
    expect(granted.headers["access-control-allow-origin"]).toBe(foreign);
    const api = await raw(own.url, "GET", "/api/projects/", { Origin: foreign, Authorization: "Bearer phx_any" });
    expect(api.status).toBe(200);
    expect(api.headers["access-control-allow-origin"]).toBe(foreign);
  });

  it("answers tools that send no Origin and the mock's own origin, without CORS headers", async () => {
    const callers: Record<string, string>[] = [
      {},
      { Origin: own.url },
      { Origin: own.url.replace("127.0.0.1", "localhost"), Host: new URL(own.url).host.replace("127.0.0.1", "localhost") },
    ];
    for (const headers of callers) {
      const answer = await raw(own.url, "POST", "/__mock/reset", { ...headers, "Content-Type": "application/json" });
      expect(answer.status, JSON.stringify(headers)).toBe(204);
      expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    }
    // A page whose DNS name was rebound to 127.0.0.1 sends its own name as both Origin and Host: not the mock's own.
    const rebound = `evil.example:${new URL(own.url).port}`;
    expect((await raw(own.url, "POST", "/__mock/reset", { Origin: `http://${rebound}`, Host: rebound, "Content-Type": "application/json" })).status).toBe(403);
  });

  it("lets an origin opted in use the admin routes, with CORS for it alone", async () => {
    const optedIn = await serve([foreign]);
    const preflight = await raw(optedIn.url, "OPTIONS", "/__mock/scenario", { Origin: foreign, "Access-Control-Request-Method": "POST" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(foreign);
    const answer = await raw(optedIn.url, "POST", "/__mock/scenario", { Origin: foreign, "Content-Type": "application/json" }, '{"name": "empty"}');
    expect(answer.status).toBe(204);
    expect(answer.headers["access-control-allow-origin"]).toBe(foreign);
    expect(optedIn.mock.snapshot().projects["28417"]!.recordings).toEqual([]);
    expect((await raw(optedIn.url, "POST", "/__mock/reset", { Origin: "http://localhost:3000", "Content-Type": "application/json" })).status).toBe(403);
  });

  it("takes back the many-pages state over HTTP, and refuses only bodies past the admin limit", async () => {
    const source = createMock({ ...fixed, scenario: "many-pages" });
    const text = JSON.stringify(source.snapshot());
    expect(Buffer.byteLength(text)).toBeGreaterThan(maxBodyBytes);
    const put = await raw(own.url, "PUT", "/__mock/state", { "Content-Type": "application/json" }, text);
    expect(put.status, put.text).toBe(204);
    expect(own.mock.snapshot()).toEqual(source.snapshot());
    // A length past the limit is refused from the header, before any of the body is read (this client then closes, as it sends none of it).
    const tooLarge = await raw(own.url, "PUT", "/__mock/state", {
      "Content-Type": "application/json",
      "Content-Length": String(adminMaxBodyBytes + 1),
      Connection: "close",
    });
    expect(tooLarge.status).toBe(413);
    expect(own.mock.snapshot()).toEqual(source.snapshot());
    // The API keeps its own limit.
    const api = await raw(
      own.url,
      "POST",
      "/api/environments/28417/session_recording_playlists/",
      { Authorization: "Bearer phx_any", "Content-Type": "application/json" },
      JSON.stringify({ name: "x".repeat(maxBodyBytes) }),
    );
    expect(api.status).toBe(413);
  });
});
