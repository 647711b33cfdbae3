// `npm start`: the rendered docs, the stateful mock in both profiles and Prism's example mock,
// until Ctrl-C, SIGTERM or SIGHUP, or until the process that started it goes away
// (lib/exit-with-parent.mjs): it never outlives npm, and its children never outlive it.
import "./lib/exit-with-parent.mjs";
import { createServer } from "node:http";
import { renderDocs } from "./docs.mjs";
import { loadSource } from "./lib/load-source.mjs";
import { portFromEnv, startFailure } from "./lib/ports.mjs";
import { startPrism } from "./lib/prism.mjs";

const host = "127.0.0.1";
const mockPort = portFromEnv("MOCK_PORT", 4010);
const docsPort = portFromEnv("DOCS_PORT", 8080);
const statefulPort = portFromEnv("STATEFUL_MOCK_PORT", 4020);
const livePort = portFromEnv("LIVE_MOCK_PORT", 4021);

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(message);
  process.exit(1);
}

console.log("Rendering the docs…");
// The pages list the servers on the ports in use.
const ports = { stateful: statefulPort, live: livePort, prism: mockPort };
// Served from memory: the pages carry this run's ports, which docs-dist/ must not.
const [seedPage, livePage] = await Promise.all([renderDocs("seed", { ports }), renderDocs("live", { ports })]).catch((error) =>
  fail(`Could not render the docs:\n${error.stderr || error.message}`),
);
const [docs, liveDocs] = [Buffer.from(seedPage), Buffer.from(livePage)];

const docsServer = createServer((request, response) => {
  const path = new URL(request.url ?? "/", "http://docs.local").pathname;
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { Allow: "GET, HEAD" }).end();
    return;
  }
  // Each page answers for its own routes too (/playlists, /live.html/section/errors), so a link
  // opened in a new tab or typed in lands on the page, which shows what it names.
  const page = path === "/live.html" || path.startsWith("/live.html/") ? liveDocs : docs;
  response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": page.length }).end(request.method === "HEAD" ? undefined : page);
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
const live = await startStatefulMock({ host, port: livePort, profile: "live" }).catch((error) => {
  docsServer.close();
  stateful.stop();
  fail(startFailure(error, livePort, "set LIVE_MOCK_PORT to another port"));
});

console.log("Starting the example mock (Prism)…");
const prism = await startPrism({ host, port: mockPort }).catch((error) => {
  docsServer.close();
  stateful.stop();
  live.stop();
  fail(startFailure(error, mockPort, "set MOCK_PORT to another port"));
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  console.log("Stopping…");
  await Promise.all([prism.stop(), stateful.stop(), live.stop(), new Promise((resolve) => docsServer.close(resolve))]);
  process.exit(0);
}
// `on`, not `once`: a second signal (Ctrl-C reaches npm and this process, then npm sends its own) leaves the stop running.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, stop);
prism.child.once("exit", () => {
  if (!stopping) fail("Prism stopped unexpectedly.");
});
// Printed once a signal stops everything: whoever waits for this may send one at once.
console.log(`
  Stateful mock (remembers what you create; for building a frontend): ${stateful.url}
  The same, answering as the live service (session-recordings-api/live): ${live.url}
  Example mock (Prism, answers with the spec's examples):              ${prism.url}
  API docs:                                                            http://${host}:${docsPort}/ (the live service's: /live.html)

  Try it:
    curl -H "Authorization: Bearer phx_example" ${stateful.url}/api/environments/28417/session_recording_playlists/Ub3KpD7w/

  Press Ctrl-C to stop them all.
`);
