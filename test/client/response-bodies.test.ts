// Response bodies, on a real node:http server on 127.0.0.1. The client reads every body
// inside the attempt; what it returns still reads as any Response does, whatever `parseAs`
// asked for, with JSON parsed once. A body larger than maxResponseBytes, one that breaks off,
// and one that is not the JSON it claims to be end in this package's own errors.
import type { ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { ApiError, ConnectionError, createClient, ResponseTooLargeError, UnexpectedResponseError, unwrap } from "../../src/index.js";
import { localServers } from "../support/local-server.js";
import { thrownBy } from "../support/thrown.js";

const serve = localServers();

const playlist = "/api/environments/{project_id}/session_recording_playlists/{short_id}/" as const;
const params = { path: { project_id: "28417", short_id: "Ub3KpD7w" } };
const body = '{"short_id":"Ub3KpD7w","name":"Checkout drop-offs","description":"Sessions that left at payment ✓"}';
const bytes = new TextEncoder().encode(body);

async function client(status = 200) {
  const baseUrl = await serve((_, response) => response.writeHead(status, { "Content-Type": "application/json" }).end(body));
  return createClient({ baseUrl, apiKey: "phx_bodies", maxRetries: 0 });
}

describe("what a call returns reads like any Response", () => {
  it("gives JSON by default, parsed", async () => {
    const { data } = await (await client()).GET(playlist, { params });
    expect(data).toEqual(JSON.parse(body));
  });

  it("gives the text with parseAs: text", async () => {
    const { data } = await (await client()).GET(playlist, { params, parseAs: "text" });
    expect(data).toBe(body);
  });

  it("gives the bytes with parseAs: arrayBuffer", async () => {
    const { data } = await (await client()).GET(playlist, { params, parseAs: "arrayBuffer" });
    expect(new Uint8Array(data!)).toEqual(bytes);
  });

  it("gives a Blob with parseAs: blob", async () => {
    const { data } = await (await client()).GET(playlist, { params, parseAs: "blob" });
    expect(data).toBeInstanceOf(Blob);
    expect(await data!.text()).toBe(body);
  });

  it("gives a stream of the body with parseAs: stream", async () => {
    const { data } = await (await client()).GET(playlist, { params, parseAs: "stream" });
    expect(await new Response(data).text()).toBe(body);
  });

  it("lets the response be read again, by every method, as often as asked", async () => {
    const { response } = await (await client()).GET(playlist, { params });
    expect(await response.text()).toBe(body);
    expect(await response.text()).toBe(body);
    expect(await response.json()).toEqual(JSON.parse(body));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(await response.bytes()).toEqual(bytes);
    expect(await (await response.blob()).text()).toBe(body);
    expect(await new Response(response.body).text()).toBe(body);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
  });

  it("keeps an error's body readable on its response and parsed on ApiError", async () => {
    const result = await (await client(404)).GET(playlist, { params });
    expect(result.error).toEqual(JSON.parse(body));
    expect(await result.response.json()).toEqual(JSON.parse(body));
    const error = thrownBy(() => unwrap(result));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual(JSON.parse(body));
  });
});

describe("maxResponseBytes", () => {
  it("ends a body larger than the limit with ResponseTooLargeError and releases the connection", async () => {
    let closed = false;
    const baseUrl = await serve((_, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.on("close", () => (closed = true));
      const chunk = Buffer.alloc(64 * 1024, 32);
      let sent = 0;
      const pump = () => {
        while (sent < 200 && response.write(chunk)) sent++;
        if (sent < 200) response.once("drain", pump);
        else response.end();
      };
      pump();
    });
    const api = createClient({ baseUrl, apiKey: "phx_body", maxResponseBytes: 1024 * 1024, maxRetries: 0 });
    const error = await api.GET(playlist, { params }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).maxResponseBytes).toBe(1024 * 1024);
    for (let i = 0; i < 50 && !closed; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed).toBe(true);
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const baseUrl = await serve((_, response) =>
      response.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(10 * 1024 * 1024) }).end(),
    );
    const api = createClient({ baseUrl, apiKey: "phx_body", maxResponseBytes: 1024, maxRetries: 0 });
    await expect(api.GET(playlist, { params })).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it("counts a compressed body as it unpacks, whatever its Content-Length says", async () => {
    // 8 MiB of spaces gzip to a few kB: the declared length is far under the limit, the body far over it.
    const packed = gzipSync(Buffer.alloc(8 * 1024 * 1024, 32));
    const baseUrl = await serve((_, response) =>
      response.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip", "Content-Length": String(packed.length) }).end(packed),
    );
    const api = createClient({ baseUrl, apiKey: "phx_body", maxResponseBytes: 1024 * 1024, maxRetries: 0 });
    await expect(api.GET(playlist, { params })).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it("is checked when the client is made", () => {
    expect(() => createClient({ baseUrl: "https://us.posthog.com", apiKey: "phx_body", maxResponseBytes: 0 })).toThrow(/options\.maxResponseBytes/);
  });
});

describe("a body that breaks off or is not what it claims ends in this package's own errors", () => {
  it("retries a GET whose body breaks off until it arrives whole", async () => {
    const baseUrl = await serve((request, response, count) => {
      request.resume();
      if (count <= 2) {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.write('{"short_id": "Ub3');
        setTimeout(() => response.socket?.destroy(), 20);
      } else response.writeHead(200, { "Content-Type": "application/json" }).end('{"short_id": "Ub3KpD7w"}');
    });
    const api = createClient({ baseUrl, apiKey: "phx_body", maxRetries: 2 });
    const result = await api.GET(playlist, { params });
    expect(result.data).toEqual({ short_id: "Ub3KpD7w" });
  });

  it("fails a POST whose body breaks off with ConnectionError", async () => {
    let requests = 0;
    const baseUrl = await serve((request, response) => {
      requests++;
      request.resume();
      response.writeHead(201, { "Content-Type": "application/json" });
      response.write('{"short_id": "Ub3');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const api = createClient({ baseUrl, apiKey: "phx_body", maxRetries: 2 });
    const error = await api
      .POST("/api/environments/{project_id}/session_recording_playlists/", { params: { path: { project_id: "28417" } }, body: { name: "x" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(requests).toBe(1);
  });

  // Without Content-Length, openapi-fetch reads the body as text and parses it itself.
  const ways = {
    "with Content-Length": (response: ServerResponse, type: string, body: string) =>
      response.writeHead(200, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) }).end(body),
    chunked: (response: ServerResponse, type: string, body: string) => {
      response.writeHead(200, { "Content-Type": type });
      if (body !== "") response.write(body.slice(0, 3));
      response.end(body.slice(3));
    },
  };

  it.each([
    ["invalid JSON", "application/json", "with Content-Length", '{"short_id": '],
    ["invalid JSON", "application/json", "chunked", '{"short_id": '],
    ["an empty body", "application/json", "with Content-Length", ""],
    ["an empty body", "application/json", "chunked", ""],
    ["an HTML page", "text/html", "with Content-Length", "<html>sign in</html>"],
    ["an HTML page", "text/html", "chunked", "<html>sign in</html>"],
  ] as const)("answers a 200 with %s (%s, %s) with UnexpectedResponseError naming method and path", async (_, type, way, body) => {
    const baseUrl = await serve((_, response) => ways[way](response, type, body));
    const api = createClient({ baseUrl, apiKey: "phx_body", maxRetries: 0 });
    const error = await api.GET(playlist, { params }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toMatch(/^GET \/api\/environments\/28417\/session_recording_playlists\/Ub3KpD7w\/: /);
  });

  it.each(Object.keys(ways) as (keyof typeof ways)[])("parses a JSON body once (%s)", async (way) => {
    const body = '{"short_id":"Ub3KpD7w","name":"Parsed once"}';
    const baseUrl = await serve((_, response) => ways[way](response, "application/json", body));
    const api = createClient({ baseUrl, apiKey: "phx_body" });
    const parse = vi.spyOn(JSON, "parse");
    try {
      const { data } = await api.GET(playlist, { params });
      expect(data).toEqual({ short_id: "Ub3KpD7w", name: "Parsed once" });
      expect(parse.mock.calls.filter(([text]) => text === body)).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
  });
});
