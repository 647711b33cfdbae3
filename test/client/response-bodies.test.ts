// The client reads every body inside the attempt; what it returns must still read as any
// Response does, whatever `parseAs` asked for, on a real node:http server on 127.0.0.1.
import { describe, expect, it } from "vitest";
import { ApiError, createClient, unwrap } from "../../src/index.js";
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
