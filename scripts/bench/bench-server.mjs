// The loopback server of the benches: answers every request with one body. `npm run bench`
// forks it with the body as its argument (a 200 of JSON) and is sent the port. `npm run
// bench:mock` starts it as it starts the mock, in a process of its own pinned to a core, with
// `--wire <file>`: the status, header lines and body the stateful mock sent (JSON: `{"status":
// 201, "headers": [["Vary", "Origin"], …], "body": "…"}`), so this bare node:http server puts the
// mock's own bytes on the wire, with node:http's default keep-alive, as the mock's; it prints
// `listening on <url>` as the mock does.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const wireAt = process.argv[2] === "--wire" ? process.argv[3] : undefined;
/** @type {{ status: number, headers: [string, string][], body: string } | undefined} */
const wire = wireAt === undefined ? undefined : JSON.parse(readFileSync(wireAt, "utf8"));
const body = wire?.body ?? /** @type {string} */ (process.argv[2]);
const status = wire?.status ?? 200;
const headers = wire ? wire.headers.flat() : ["Content-Type", "application/json", "Content-Length", String(Buffer.byteLength(body))];
const server = createServer((request, response) => {
  request.resume();
  response.writeHead(status, headers).end(body);
});
if (!wire) server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  if (process.send) process.send(port);
  else console.log(`listening on http://127.0.0.1:${port}`);
});
process.on("disconnect", () => process.exit(0));
