// `npm run mock:stateful -- --port <n> [--host <h>] [--seed <n>] [--persist <file>] [--scenario <name>] [--profile seed|live] [--admin-origin <origin>]…`:
// the stateful mock engine over node:http, until Ctrl-C. With --persist the state is loaded at
// start, and a change is answered only once it is on disk (src/mock/adapters/persist.ts); when a
// save fails, the change answers 503 `not_saved` naming the failure (it stays in memory, and the
// next save that succeeds carries it). The admin routes answer only the mock's own origin and
// each --admin-origin.
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadSource } from "./lib/load-source.mjs";
import { portFromEnv, startFailure } from "./lib/ports.mjs";

/**
 * Starts the stateful mock; resolves with its URL and a stop function. A --persist file that is
 * not a saved state, or that cannot be read or written, rejects.
 * @param {{ host?: string, port?: number, seed?: number, persist?: string, scenario?: import("../src/mock/index.js").ScenarioOption, profile?: "seed" | "live", adminOrigins?: string[], log?: (line: string) => void }} [options]
 */
export async function startStatefulMock({
  host = "127.0.0.1",
  port = 4020,
  seed,
  persist,
  scenario,
  profile,
  adminOrigins,
  log = (line) => console.error(line),
} = {}) {
  /** @type {typeof import("../src/mock/index.js")} */
  const { createMock } = await loadSource("src/mock/index.ts");
  /** @type {typeof import("../src/mock/adapters/node-http.js")} */
  const { createMockServer } = await loadSource("src/mock/adapters/node-http.ts");
  /** @type {import("../src/mock/adapters/persist.js").Persistence | undefined} */
  let persistence;
  const mock = createMock({ seed, scenario, profile, responseViolations: "flag", onChange: persist ? () => persistence?.save() : undefined });
  if (persist) {
    /** @type {typeof import("../src/mock/adapters/persist.js")} */
    const { openPersistence, readPersisted } = await loadSource("src/mock/adapters/persist.ts");
    const text = await readPersisted(persist);
    if (text !== undefined) {
      try {
        mock.restore(JSON.parse(text));
      } catch (/** @type {any} */ error) {
        throw new Error(`--persist ${persist}: not a saved mock state (${error.message}); move it away or pick another file.`);
      }
    }
    persistence = await openPersistence(persist, () => mock.snapshotJson(), log);
  }
  const server = createMockServer(mock, { log, adminOrigins });
  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, resolve);
    })
  );
  const url = `http://${host}:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}`;
  /** Stops answering, then waits for the last save. @returns {Promise<void>} */
  const stop = async () => {
    await new Promise((resolve) => server.close(resolve) && server.closeAllConnections());
    await persistence?.settled();
  };
  return { url, stop, mock, server, persistence };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  /** The usage line, naming the scenarios the mock knows: src/mock is bundled for it only when it is shown. */
  const usage = async () => {
    /** @type {typeof import("../src/mock/index.js")} */
    const { scenarioNames } = await loadSource("src/mock/index.ts");
    return `usage: npm run mock:stateful -- [--port 4020] [--host 127.0.0.1] [--seed 1] [--persist state.json] [--scenario ${scenarioNames.join("|")}] [--profile seed|live] [--admin-origin http://localhost:5173]…`;
  };
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: "string" },
        host: { type: "string" },
        seed: { type: "string" },
        persist: { type: "string" },
        scenario: { type: "string" },
        profile: { type: "string" },
        "admin-origin": { type: "string", multiple: true },
      },
    }));
  } catch (/** @type {any} */ error) {
    console.error(`${error.message}\n${await usage()}`);
    process.exit(2);
  }
  for (const name of /** @type {const} */ (["port", "seed"])) {
    const value = values[name];
    if (value !== undefined && !/^\d+$/.test(value)) {
      console.error(`--${name} must be a whole number, got ${JSON.stringify(value)}\n${await usage()}`);
      process.exit(2);
    }
  }
  /** @param {string} value */
  const isOrigin = (value) => {
    try {
      return new URL(value).origin === value;
    } catch {
      return false;
    }
  };
  for (const origin of values["admin-origin"] ?? []) {
    if (origin !== "*" && !isOrigin(origin)) {
      console.error(`--admin-origin must be an origin such as http://localhost:5173, or *; got ${JSON.stringify(origin)}\n${await usage()}`);
      process.exit(2);
    }
  }
  /** @param {string | undefined} value */
  const number = (value) => (value === undefined ? undefined : Number(value));
  // createMock refuses a scenario it does not know, naming those it does.
  const scenario = /** @type {import("../src/mock/index.js").ScenarioName | undefined} */ (values.scenario);
  if (values.profile !== undefined && values.profile !== "seed" && values.profile !== "live") {
    console.error(`--profile must be seed or live, got ${JSON.stringify(values.profile)}\n${await usage()}`);
    process.exit(2);
  }
  const options = {
    profile: /** @type {"seed" | "live" | undefined} */ (values.profile),
    port: number(values.port) ?? portFromEnv("STATEFUL_MOCK_PORT", 4020),
    host: values.host,
    seed: number(values.seed),
    persist: values.persist,
    scenario,
    adminOrigins: values["admin-origin"],
  };
  const started = await startStatefulMock(options).catch((error) => {
    console.error(startFailure(error, options.port, "pass --port with another"));
    process.exit(1);
  });
  console.log(`Stateful mock${options.profile === "live" ? " (the live service's shapes)" : ""} listening on ${started.url}`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => started.stop().then(() => process.exit(0)));
}
