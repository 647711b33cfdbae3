// The listing server of the paging bench: `total` items under one listing path, answered after
// `latency` ms in either shape (`?shape=envelope`: count, next, previous; `?shape=has_next`:
// the live recordings listing's results and has_next), counting the pages asked for past the
// end. GET /stats answers and resets the counts. Tells its parent the port it listens on.
import { createServer } from "node:http";

const total = Number(process.argv[2]);
const latency = Number(process.argv[3]);
if (!Number.isInteger(total) || !Number.isInteger(latency)) throw new Error("usage: bench-paging-server.mjs <total> <latencyMs>");
const stats = { requests: 0, pastEnd: 0 };

const server = createServer((request, response) => {
  request.resume();
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (url.pathname === "/stats") {
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(stats));
    stats.requests = 0;
    stats.pastEnd = 0;
    return;
  }
  const limit = Number(url.searchParams.get("limit") ?? 100);
  const offset = Number(url.searchParams.get("offset") ?? 0);
  stats.requests++;
  if (offset >= total) stats.pastEnd++;
  const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ id: `rec-${offset + i}` }));
  const more = offset + limit < total;
  const link = (/** @type {number} */ at) => `http://${request.headers.host}${url.pathname}?shape=envelope&limit=${limit}&offset=${at}`;
  const body =
    url.searchParams.get("shape") === "has_next"
      ? { results, has_next: more, version: 3 }
      : { count: total, next: more ? link(offset + limit) : null, previous: offset > 0 ? link(Math.max(0, offset - limit)) : null, results };
  const text = JSON.stringify(body);
  setTimeout(() => response.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(text)) }).end(text), latency);
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => process.send?.(/** @type {import("node:net").AddressInfo} */ (server.address()).port));
process.on("disconnect", () => process.exit(0));
