// Streamable HTTP on loopback only: POST /mcp, stateless (a server and transport a request, the
// target shared, so the mock's state lasts across requests). Host and Origin are checked against
// the address it listens on, so a web page cannot reach it through DNS rebinding.
import { createServer, type Server as HttpServer } from "node:http";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { loopbackHosts } from "./args.js";

export interface HttpOptions {
  host: string;
  port: number;
  /** A fresh MCP server for one request. */
  serverFor: () => Server;
}

export interface ServedHttp {
  url: string;
  close(): Promise<void>;
}

export async function serveHttp({ host, port, serverFor }: HttpOptions): Promise<ServedHttp> {
  if (!loopbackHosts.includes(host))
    throw new Error(`--host ${host} is not a loopback address: the HTTP transport listens on ${loopbackHosts.join(", ")} only`);
  let allowedHosts: string[] = [];
  const http: HttpServer = createServer((request, response) => {
    if (new URL(request.url ?? "/", "http://localhost").pathname !== "/mcp") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found: the MCP endpoint is /mcp\n");
      return;
    }
    if (request.method !== "POST") {
      // Stateless: no stream to open (GET) and no session to end (DELETE).
      response.writeHead(405, { allow: "POST", "content-type": "text/plain" }).end("Method not allowed: POST /mcp\n");
      return;
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      enableDnsRebindingProtection: true,
      allowedHosts,
      allowedOrigins: allowedHosts.map((allowed) => `http://${allowed}`),
    });
    const server = serverFor();
    response.once("close", () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(request, response))
      .catch(() => {
        if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" }).end("The request could not be handled\n");
      });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, host, () => resolve());
  });
  const address = http.address();
  const bound = typeof address === "object" && address ? address.port : port;
  const shown = host === "::1" ? "[::1]" : host;
  allowedHosts = [`${shown}:${bound}`, `localhost:${bound}`, `127.0.0.1:${bound}`];
  return {
    url: `http://${shown}:${bound}/mcp`,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
