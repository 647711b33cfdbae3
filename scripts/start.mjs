// `npm start`: the rendered docs, the stateful mock and Prism's example mock, until Ctrl-C.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { buildDocs } from "./docs.mjs";
import { loadSource } from "./lib/load-source.mjs";
import { portFromEnv, startFailure } from "./lib/ports.mjs";
import { startPrism } from "./lib/prism.mjs";

const host = "127.0.0.1";
const mockPort = portFromEnv("MOCK_PORT", 4010);
const docsPort = portFromEnv("DOCS_PORT", 8080);
const statefulPort = portFromEnv("STATEFUL_MOCK_PORT", 4020);

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(message);
  process.exit(1);
}

console.log("Rendering the docs…");
const docs = await readFile(await buildDocs().catch((error) => fail(`Could not render the docs:\n${error.stderr || error.message}`)));

const docsServer = createServer((request, response) => {
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { Allow: "GET, HEAD" }).end();
  } else if (request.url === "/" || request.url === "/index.html") {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": docs.length }).end(request.method === "HEAD" ? undefined : docs);
  } else {
    response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: the docs are one page, at /\n");
  }
});
await /** @type {Promise<void>} */ (
  new Promise((resolve) => {
    docsServer.once("error", (error) => fail(startFailure(error, docsPort, "set DOCS_PORT to another port")));
    docsServer.listen(docsPort, host, resolve);
  })
);

console.log("Starting the stateful mock…");
/** @type {typeof import("../src/mock/adapters/server.js")} */
const { startStatefulMock } = await loadSource("src/mock/adapters/server.ts");
const stateful = await startStatefulMock({ host, port: statefulPort }).catch((error) => {
  docsServer.close();
  fail(startFailure(error, statefulPort, "set STATEFUL_MOCK_PORT to another port"));
});

console.log("Starting the example mock (Prism)…");
const prism = await startPrism({ host, port: mockPort }).catch((error) => {
  docsServer.close();
  stateful.stop();
  fail(startFailure(error, mockPort, "set MOCK_PORT to another port"));
});

console.log(`
  Stateful mock (remembers what you create; for building a frontend): ${stateful.url}
  Example mock (Prism, answers with the spec's examples):             ${prism.url}
  API docs:                                                           http://${host}:${docsPort}/

  Try it:
    curl -H "Authorization: Bearer phx_example" ${stateful.url}/api/environments/28417/session_recording_playlists/Ub3KpD7w/

  The same mock as the live service answers (its shapes and statuses, for session-recordings-api/live):
    npm run mock:stateful -- --profile live --port 4021

  Press Ctrl-C to stop all three.
`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  console.log("Stopping…");
  await Promise.all([prism.stop(), stateful.stop(), new Promise((resolve) => docsServer.close(resolve))]);
  process.exit(0);
}
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
prism.child.once("exit", () => {
  if (!stopping) fail("Prism stopped unexpectedly.");
});
