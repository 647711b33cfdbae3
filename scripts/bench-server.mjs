// The loopback server of the benches: answers every request with the body given as its first
// argument, and tells its parent the port it listens on. `npm run bench` gives only a body (a
// 200 of JSON); `npm run bench:mock` gives, as the second argument, the status and the header
// lines the stateful mock sent with it (JSON: `{"status": 201, "headers": [["Vary", "Origin"], …]}`),
// so this bare node:http server puts the mock's own bytes on the wire, with node:http's
// default keep-alive, as the mock's.
import { createServer } from "node:http";

const body = /** @type {string} */ (process.argv[2]);
/** @type {{ status: number, headers: [string, string][] } | undefined} */
const head = process.argv[3] ? JSON.parse(process.argv[3]) : undefined;
const status = head?.status ?? 200;
const headers = head ? head.headers.flat() : ["Content-Type", "application/json", "Content-Length", String(Buffer.byteLength(body))];
const server = createServer((request, response) => {
  request.resume();
  response.writeHead(status, headers).end(body);
});
if (!head) server.keepAliveTimeout = 60_000;
// The benches fork this with an IPC channel, so `send` is there.
server.listen(0, "127.0.0.1", () => process.send?.(/** @type {import("node:net").AddressInfo} */ (server.address()).port));
process.on("disconnect", () => process.exit(0));
