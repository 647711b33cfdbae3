// Streamable HTTP on loopback, in this process: the SDK's client lists and calls the tools at /mcp,
// the mock's state lasting across requests; a request naming another host (DNS rebinding) is
// refused, as are other paths and methods and any address but loopback.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, it } from "vitest";
import { serveHttp } from "../../src/mcp/http.js";
import { createToolServer } from "../../src/mcp/server.js";
import { openTarget } from "../../src/mcp/target.js";

const target = openTarget({ kind: "mock", profile: "live" });
const served = await serveHttp({ host: "127.0.0.1", port: 0, serverFor: () => createToolServer({ target, allowWrites: true, answerBudget: 20_000 }) });
afterAll(() => served.close());

async function connected() {
  const client = new Client({ name: "http-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
  return client;
}

describe("session-recordings-api-mcp --http", () => {
  it("serves the tools at /mcp on 127.0.0.1, and a playlist created in one session is read in the next", async () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const first = await connected();
    try {
      expect((await first.listTools()).tools.map((tool) => tool.name)).toContain("session-recording-bulk-delete");
      const created = (await first.callTool({ name: "session-recording-playlist-create", arguments: { name: "Over HTTP", type: "collection" } })) as {
        content: { text: string }[];
      };
      const text = created.content[0]!.text;
      expect(text).toMatch(/^\{/);
      const { short_id } = JSON.parse(text) as { short_id: string };
      const second = await connected();
      try {
        const read = (await second.callTool({ name: "session-recording-playlist-get", arguments: { short_id, fields: ["name"] } })) as {
          content: { text: string }[];
        };
        expect(JSON.parse(read.content[0]!.text)).toEqual({ name: "Over HTTP" });
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });

  it("refuses a request naming another host, other paths and methods", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const { port } = new URL(served.url);
    // fetch will not send another Host header: a raw request does.
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const sent = request({ host: "127.0.0.1", port, path: "/mcp", method: "POST", headers: { ...headers, host: "rebound.example:80" } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      sent.once("error", reject);
      sent.end(JSON.stringify(initialize));
    });
    expect(status).toBe(403);
    expect((await fetch(served.url, { method: "GET" })).status).toBe(405);
    expect((await fetch(served.url.replace("/mcp", "/other"), { method: "POST", headers, body: JSON.stringify(initialize) })).status).toBe(404);
    await expect(
      serveHttp({ host: "0.0.0.0", port: 0, serverFor: () => createToolServer({ target, allowWrites: false, answerBudget: 1000 }) }),
    ).rejects.toThrow(/not a loopback address/);
  });
});
