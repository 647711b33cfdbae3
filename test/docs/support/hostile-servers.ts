// Servers that answer the Try it panel's "Your server" badly, on 127.0.0.1 at a free port, one
// route each: `silent` never sends headers, `forever` streams without end, `huge` streams
// 1.5 GB made on the fly (a 64 kB piece written again as the socket drains, never the whole in
// memory), `fifty` sends a 50 MB JSON answer, `slow` a small one whose end comes after 800 ms.
// The first segment of the path names the route and is its log's name: `forever-close` is a
// `forever` logged apart. Each log holds the bytes written and whether the browser closed the
// connection first; no answer runs past a minute, and stop() ends every connection.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const hugeBytes = 1_500_000_000;
export const fiftyBytes = 50_000_000;
export const slowMs = 800;

export interface RouteLog {
  /** Body bytes written. */
  sent: number;
  /** The browser closed the connection before the answer ended. */
  closed: boolean;
}

const cors = { "Access-Control-Allow-Origin": "*" };
const json = { ...cors, "Content-Type": "application/json" };
const piece = Buffer.alloc(64 * 1024, "0123456789abcdef");

/** Writes `times` copies of `chunk` as fast as the socket drains, then `last`; stops if the connection closes. */
function pump(response: ServerResponse, log: RouteLog, chunk: Buffer, times: number, last = "") {
  let written = 0;
  const more = () => {
    while (written < times && !response.destroyed) {
      written++;
      log.sent += chunk.length;
      if (!response.write(chunk)) return void response.once("drain", more);
    }
    if (!response.destroyed) response.end(last);
  };
  more();
}

/** A JSON listing of `bytes` or a little more: many small projects. */
function fiftyMegabytes(response: ServerResponse, log: RouteLog) {
  const head = '{"count":1,"next":null,"previous":null,"results":[';
  const items = Buffer.from('{"id":1,"name":"Project"},'.repeat(2000));
  const times = Math.ceil(fiftyBytes / items.length);
  const last = '{"id":2,"name":"Last"}]}';
  response.writeHead(200, { ...json, "Content-Length": String(head.length + times * items.length + last.length) });
  response.write(head);
  pump(response, log, items, times, last);
}

export async function startHostileServers() {
  const logs = new Map<string, RouteLog>();
  const server = createServer((request, response) => {
    const name = (request.url ?? "/").split("/")[1] ?? "";
    const route = name.split("-")[0];
    const log: RouteLog = { sent: 0, closed: false };
    logs.set(name, log);
    response.on("close", () => (log.closed = !response.writableEnded));
    // Nothing here outlives the test that asked for it.
    const limit = setTimeout(() => response.destroy(), 60_000);
    response.on("close", () => clearTimeout(limit));
    if (route === "silent") return;
    if (route === "forever") {
      response.writeHead(200, json);
      const tick = setInterval(() => {
        log.sent += 2;
        response.write("0,");
      }, 20);
      response.on("close", () => clearInterval(tick));
      return response.write("[");
    }
    if (route === "huge") {
      response.writeHead(200, { ...cors, "Content-Type": "text/plain" });
      return pump(response, log, piece, Math.ceil(hugeBytes / piece.length));
    }
    if (route === "fifty") return fiftyMegabytes(response, log);
    if (route === "slow") {
      response.writeHead(200, json);
      response.write('{"count":0,"next":null,');
      const end = setTimeout(() => response.end('"previous":null,"results":[]}'), slowMs);
      return response.on("close", () => clearTimeout(end));
    }
    response.writeHead(404, cors).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** What the last request to the route named `name` did. */
    log: (name: string) => logs.get(name),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
