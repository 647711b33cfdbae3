// `npm start`: the rendered docs (the API reference, and the guide at /guide/), the stateful mock in both profiles and Prism's example mock,
// until Ctrl-C, SIGTERM or SIGHUP, or until the process that started it goes away
// (exit-with-parent.mjs): it never outlives npm, and its children never outlive it.
import "./exit-with-parent.mjs";
import { createServer } from "node:http";
import { docsHandler, guideMount, unreadyPart } from "../docs/docs-server.mjs";
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

// The pages list the servers on the ports in use.
const ports = { stateful: statefulPort, live: livePort, prism: mockPort };
// The docs server answers at once: the reference (served from memory, since its pages carry this
// run's ports, which docs-dist/ must not) and the guide (served from docs-dist/guide/, built only
// when what it is built from changed: ../docs/guide.mjs) are made once the URLs are printed, and
// each answers a short page saying so until then. So the URLs come in seconds on a fresh clone,
// where the guide's build takes 10 to 20 s (more on a busy machine).
const docs = { seedPage: Buffer.alloc(0), livePage: Buffer.alloc(0) };
/** @type {{ reference?: import("../docs/docs-server.mjs").Unready, guide?: import("../docs/docs-server.mjs").Unready }} */
const unready = { reference: unreadyPart("The API reference"), guide: unreadyPart("The guide") };
const docsServer = createServer(
  docsHandler({
    get seedPage() {
      return docs.seedPage;
    },
    get livePage() {
      return docs.livePage;
    },
    guideDir,
    guideHome: `${guidePagesInOrder()[0]?.page}.html`,
    unready: () => unready,
  }),
);
await /** @type {Promise<void>} */ (
  new Promise((resolve) => {
    docsServer.once("error", (error) => fail(startFailure(error, docsPort, "set DOCS_PORT to another port")));
    docsServer.listen(docsPort, host, resolve);
  })
);

// Prism, the slowest to start (it reads the description), is spawned first; the stateful mock in
// both profiles starts while it does.
console.log("Starting the mocks…");
const prismStarting = startPrism({ host, port: mockPort });
// Its failure is reported below, once the others have started or failed: not an unhandled rejection meanwhile.
prismStarting.catch(() => {});
/** @type {typeof import("../../src/mock/adapters/node-http/server.js")} */
const { startStatefulMock } = await loadSource("src/mock/adapters/node-http/server.ts");
const [statefulStarted, liveStarted, prismStarted] = await Promise.allSettled([
  startStatefulMock({ host, port: statefulPort }),
  startStatefulMock({ host, port: livePort, profile: "live" }),
  prismStarting,
]);
if (statefulStarted.status === "rejected" || liveStarted.status === "rejected" || prismStarted.status === "rejected") {
  docsServer.close();
  for (const started of [statefulStarted, liveStarted, prismStarted]) if (started.status === "fulfilled") await started.value.stop();
  const [failed, port, variable] =
    statefulStarted.status === "rejected"
      ? [statefulStarted, statefulPort, "STATEFUL_MOCK_PORT"]
      : liveStarted.status === "rejected"
        ? [liveStarted, livePort, "LIVE_MOCK_PORT"]
        : [/** @type {PromiseRejectedResult} */ (prismStarted), mockPort, "MOCK_PORT"];
  fail(startFailure(failed.reason, port, `set ${variable} to another port`));
}
const [stateful, live, prism] = [statefulStarted.value, liveStarted.value, prismStarted.value];

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

// Then the docs, side by side: the reference (seconds) and the guide (10 to 20 s when it must be built).
void renderReference();
ensureGuide({ log: console.log }).then(
  () => {
    delete unready.guide;
    console.log(`The guide is ready: http://${host}:${docsPort}${guideMount}`);
  },
  (error) => {
    unready.guide = unreadyPart("The guide", error);
    console.error(`Could not build the guide:\n${error.message}`);
  },
);

/** Renders both reference pages into `docs`; a failure is printed and served, and leaves the rest running. */
async function renderReference() {
  try {
    // Imported here: Redoc's renderer takes a second to load, which the URLs need not wait for.
    const { renderDocs } = await import("../docs/docs.mjs");
    const [seedPage, livePage] = await Promise.all([renderDocs("seed", { ports }), renderDocs("live", { ports })]);
    Object.assign(docs, { seedPage: Buffer.from(seedPage), livePage: Buffer.from(livePage) });
    delete unready.reference;
    console.log(`The API reference is ready: http://${host}:${docsPort}/`);
  } catch (error) {
    const failure = /** @type {Error & { stderr?: string }} */ (error);
    unready.reference = unreadyPart("The API reference", failure);
    console.error(`Could not render the docs:\n${failure.stderr || failure.message}`);
  }
}
