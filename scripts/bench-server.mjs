// The loopback server of `npm run bench`: answers every request with the JSON given as its
// argument, and tells its parent the port it listens on.
import { createServer } from "node:http";

const body = /** @type {string} */ (process.argv[2]);
const headers = { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) };
const server = createServer((request, response) => {
  request.resume();
  response.writeHead(200, headers).end(body);
});
server.keepAliveTimeout = 60_000;
// bench.mjs forks this with an IPC channel, so `send` is there.
server.listen(0, "127.0.0.1", () => process.send?.(/** @type {import("node:net").AddressInfo} */ (server.address()).port));
process.on("disconnect", () => process.exit(0));
