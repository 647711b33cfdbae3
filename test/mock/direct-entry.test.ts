// The node:http server answers API requests through the engine's own entry, with no Fetch
// objects; a Mock the engine did not make goes through `mock.fetch`. Both must put the same
// bytes on the wire, and the same as `mock.fetch` answers in process: a sample of every
// operation, its errors and the adapter's own cases, sent in the same order to three mocks of
// the same seed and clock.
import type { Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockServer } from "../../src/mock/adapters/node-http/handler.js";
import { directEntry } from "../../src/mock/engine.js";
import { createMock, type Mock } from "../../src/mock/index.js";
import { seedProfile } from "../../src/mock/profiles/seed.js";

const clock = () => new Date("2026-11-24T10:00:00.000Z");
const key = "Authorization: Bearer phx_test_key";
const playlist = "/api/environments/28417/session_recording_playlists/Ub3KpD7w/";
const recording = "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52";

interface Sample {
  method: string;
  path: string;
  headers?: string[];
  body?: string;
  /** For an operation's sample: the status it documents, which it must get from a fresh state. */
  expected?: number;
}

/** One request per operation, as its documented success asks (the ids of the seed's story). */
function operationSamples(): Sample[] {
  return seedProfile.table.operations.map((operation) => {
    const path = operation.path
      .replace("{project_id}", "28417")
      .replace("{short_id}", "Ub3KpD7w")
      .replace(/\{(id|recording_id|session_recording_id)\}/, operation.path.includes("subscriptions") ? "902" : recording);
    const query = operation.id === "getSessionValues" ? "?key=$browser" : operation.id.startsWith("list") ? "?limit=3&offset=1" : "";
    const body = operation.body
      ? operation.id === "createSubscription"
        ? { insight: 1, target_type: "email", target_value: "a@example.com", frequency: "daily", start_date: "2026-11-23T09:00:00Z" }
        : operation.id === "createPlaylist"
          ? { name: "Byte for byte", type: "collection" }
          : {}
      : undefined;
    return { method: operation.method, path: path + query, body: body && JSON.stringify(body), expected: operation.success ?? operation.refused?.status };
  });
}

/** Errors and the adapter's own cases, on top of the operations' successes. */
const otherSamples: Sample[] = [
  { method: "GET", path: playlist, headers: [] },
  { method: "GET", path: playlist, headers: ["Authorization: Bearer sk_live_123"] },
  { method: "GET", path: playlist, headers: [key, "Authorization: Bearer phx_other"] },
  { method: "GET", path: playlist, headers: [key, "Origin: http://localhost:5173"] },
  { method: "HEAD", path: playlist },
  { method: "OPTIONS", path: playlist },
  { method: "DELETE", path: playlist },
  { method: "PUT", path: playlist, body: "{}" },
  { method: "GET", path: "/api/environments/28417/session_recording_playlists/nope/" },
  { method: "GET", path: "/api/environments/28417/session_recording_playlists/%E0%A4%A/" },
  { method: "GET", path: "/api/environments/28417/session_recordings/?limit=nope" },
  { method: "GET", path: "/api/environments/28417/session_recordings/?limit=2&person_uuid=nope" },
  { method: "POST", path: "/api/environments/28417/session_recording_playlists/", body: "{not json" },
  { method: "POST", path: "/api/environments/28417/session_recording_playlists/", body: '{"name": 7}' },
  { method: "POST", path: "/api/environments/28417/session_recording_playlists/", body: '{"name": "x"}', headers: [key, "Content-Type: text/plain"] },
  { method: "POST", path: "/api/environments/28417/session_recording_playlists/", body: '{"name": "\u00e9 🦔", "type": "collection"}' },
  { method: "GET", path: playlist, headers: [key, "Prefer: code=404"] },
  { method: "GET", path: playlist, headers: [key, "Prefer: code=418"] },
  { method: "GET", path: playlist, headers: [key, "Prefer: example=nope"] },
  { method: "GET", path: "/nowhere/" },
  { method: "GET", path: "/__mock/requests" },
];

/** The bytes a server answers to `sample` on a connection of its own, its Date header blanked. */
function exchange(port: number, { method, path, headers = [key], body }: Sample): Promise<string> {
  const bytes = body === undefined ? undefined : Buffer.from(body);
  const lines = [`${method} ${path} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close", ...headers];
  if (bytes) lines.push(...(headers.some((h) => /^content-type:/i.test(h)) ? [] : ["Content-Type: application/json"]), `Content-Length: ${bytes.length}`);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (bytes) socket.write(bytes);
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${method} ${path}`)));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () =>
      resolve(
        Buffer.concat(chunks)
          .toString("latin1")
          .replace(/\r\nDate: [^\r]*/, "\r\nDate: -"),
      ),
    );
  });
}

/** The in-process answer, as mock.fetch gives it: status, headers, body bytes. */
async function fetched(mock: Mock, { method, path, headers = [key], body }: Sample) {
  const init = new Headers();
  for (const line of headers) init.append(line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim());
  if (body !== undefined && !init.has("content-type")) init.set("Content-Type", "application/json");
  const response = await mock.fetch(`http://127.0.0.1${path}`, { method, headers: init, body });
  return { status: response.status, headers: [...response.headers], body: Buffer.from(await response.arrayBuffer()).toString("latin1") };
}

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));

describe("the node:http server's two ways into the engine", () => {
  const direct = createMock({ now: clock, responseViolations: "flag" });
  const throughFetch = createMock({ now: clock, responseViolations: "flag" });
  const inProcess = createMock({ now: clock, responseViolations: "flag" });
  // A Mock with the same methods, which the engine did not make: the server can only call its fetch.
  const wrapped: Mock = { ...throughFetch };
  const servers = [createMockServer(direct, { log: () => {} }), createMockServer(wrapped, { log: () => {} })];
  const ports: number[] = [];

  beforeAll(async () => {
    for (const server of servers) ports.push(await listen(server));
  });
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  it("takes the engine's own entry only for a mock the engine made", () => {
    expect(directEntry(direct)).toBeTypeOf("function");
    expect(directEntry(wrapped)).toBeUndefined();
  });

  it("answers byte for byte the same, and as mock.fetch does, to a sample of every operation and its errors", async () => {
    const samples = [...operationSamples(), ...otherSamples];
    for (const sample of samples) {
      const label = `${sample.method} ${sample.path}`;
      // Each operation from the seed's state, so it reaches its handler (an earlier delete would turn it into a 404).
      if (sample.expected !== undefined) for (const mock of [direct, throughFetch, inProcess]) mock.reset();
      const [fast, slow] = [await exchange(ports[0]!, sample), await exchange(ports[1]!, sample)];
      expect(fast, label).toBe(slow);

      const wire = fast.split("\r\n\r\n");
      const [statusLine, ...headerLines] = wire[0]!.split("\r\n");
      const onWire = new Map(headerLines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 2)]));
      const answer = await fetched(inProcess, sample);
      if (sample.expected !== undefined) expect(answer.status, label).toBe(sample.expected);
      expect(statusLine, label).toMatch(new RegExp(`^HTTP/1.1 ${answer.status} `));
      // The server adds CORS, its length and its connection's headers; every header of the engine's is on the wire as it is.
      for (const [name, value] of answer.headers) if (name !== "content-length") expect(onWire.get(name), `${label}: ${name}`).toBe(value);
      if (sample.method !== "HEAD") expect(wire.slice(1).join("\r\n\r\n"), label).toBe(answer.body);
    }
    expect(direct.requests().flatMap((entry) => entry.responseViolations)).toEqual([]);
  });

  it("keeps the same log both ways", () => {
    const strip = (mock: Mock) => mock.requests().map(({ at: _, ...entry }) => entry);
    expect(strip(direct)).toEqual(strip(throughFetch));
    expect(strip(direct)).toEqual(strip(inProcess));
  });
});
