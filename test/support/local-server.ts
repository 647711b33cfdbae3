// A real node:http server on 127.0.0.1 for tests of the client on the network, closed with
// every connection it holds after each test.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

export type LocalHandler = (request: IncomingMessage, response: ServerResponse, count: number) => void;

/** Registers the cleanup in the calling test file; `serve` then starts a server for one test. */
export function localServers() {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((server) => {
        server.closeAllConnections();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      }),
    );
  });
  return async function serve(handler: LocalHandler): Promise<string> {
    let count = 0;
    const server = createServer((request, response) => handler(request, response, ++count));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
}

/** The request's body as text. */
export function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request
      .setEncoding("utf8")
      .on("data", (chunk: string) => (text += chunk))
      .on("end", () => resolve(text))
      .on("error", reject);
  });
}
