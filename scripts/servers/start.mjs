// `npm start`: the rendered docs (the API reference, and the guide at /guide/), the stateful mock in both profiles and Prism's example mock,
// until Ctrl-C, SIGTERM or SIGHUP, or until the process that started it goes away
// (exit-with-parent.mjs): it never outlives npm, and its children never outlive it.
import "./exit-with-parent.mjs";
import { createServer } from "node:http";
import { renderDocs } from "../docs/docs.mjs";
import { docsHandler, guideMount } from "../docs/docs-server.mjs";
import { ensureGuide, guideDir } from "../docs/guide.mjs";
import { guidePagesInOrder } from "../docs/guide-pages.mjs";
import { loadSource } from "../lib/load-source.mjs";
import { portFromEnv, startFailure } from "./ports.mjs";
import { startPrism } from "./prism.mjs";

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
// The reference is served from memory: its pages carry this run's ports, which docs-dist/ must
// not. The guide is served from docs-dist/guide/, built only when what it is built from changed
// (../docs/guide.mjs); both at once.
const [[seedPage, livePage]] = await Promise.all([
  Promise.all([renderDocs("seed", { ports }), renderDocs("live", { ports })]).catch((error) =>
    fail(`Could not render the docs:\n${error.stderr || error.message}`),
  ),
  ensureGuide({ log: console.log }).catch((error) => fail(`Could not build the guide:\n${error.message}`)),
]);

const docsServer = createServer(
  docsHandler({ seedPage: Buffer.from(seedPage), livePage: Buffer.from(livePage), guideDir, guideHome: `${guidePagesInOrder()[0]?.page}.html` }),
);
await /** @type {Promise<void>} */ (
  new Promise((resolve) => {
    docsServer.once("error", (error) => fail(startFailure(error, docsPort, "set DOCS_PORT to another port")));
    docsServer.listen(docsPort, host, resolve);
  })
);

console.log("Starting the stateful mock…");
/** @type {typeof import("../../src/mock/adapters/node-http/server.js")} */
const { startStatefulMock } = await loadSource("src/mock/adapters/node-http/server.ts");
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
  API reference:                                                       http://${host}:${docsPort}/ (the live service's: /live.html)
  The guide:                                                           http://${host}:${docsPort}${guideMount}

  Try it:
    curl -H "Authorization: Bearer phx_example" ${stateful.url}/api/environments/28417/session_recording_playlists/Ub3KpD7w/

  Press Ctrl-C to stop them all.
`);
