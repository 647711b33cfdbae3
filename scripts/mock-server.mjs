// `npm run mock:stateful -- --port <n> [--host <h>] [--seed <n>] [--persist <file>] [--scenario <name>]`:
// the stateful mock engine over node:http, until Ctrl-C. With --persist the state is loaded at
// start and written atomically after each change.
import { readFile, rename, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadSource } from "./lib/load-source.mjs";
import { portFromEnv, startFailure } from "./lib/ports.mjs";

/**
 * Writes `file` atomically (a temporary file, then a rename), coalescing writes asked for while one runs.
 * @param {string} file
 * @param {() => unknown} snapshot
 * @param {(line: string) => void} log
 */
function persister(file, snapshot, log) {
  let writing = false;
  let again = false;
  const write = async () => {
    if (writing) {
      again = true;
      return;
    }
    writing = true;
    try {
      do {
        again = false;
        const temporary = `${file}.${process.pid}.tmp`;
        await writeFile(temporary, JSON.stringify(snapshot()));
        await rename(temporary, file);
      } while (again);
    } catch (/** @type {any} */ error) {
      log(`could not persist the state to ${file}: ${error.message}`);
    } finally {
      writing = false;
    }
  };
  return write;
}

/**
 * Starts the stateful mock; resolves with its URL and a stop function. A bad --persist file rejects.
 * @param {{ host?: string, port?: number, seed?: number, persist?: string, scenario?: import("../src/mock/index.js").ScenarioOption, log?: (line: string) => void }} [options]
 */
export async function startStatefulMock({ host = "127.0.0.1", port = 4020, seed, persist, scenario, log = (line) => console.error(line) } = {}) {
  /** @type {typeof import("../src/mock/index.js")} */
  const { createMock } = await loadSource("src/mock/index.ts");
  /** @type {typeof import("../src/mock/adapters/node-http.js")} */
  const { createMockServer } = await loadSource("src/mock/adapters/node-http.ts");
  let save = () => {};
  const mock = createMock({ seed, scenario, responseViolations: "flag", onChange: () => save() });
  if (persist) {
    let text;
    try {
      text = await readFile(persist, "utf8");
    } catch (/** @type {any} */ error) {
      if (error.code !== "ENOENT") throw new Error(`--persist ${persist}: cannot read it: ${error.message}`);
    }
    if (text !== undefined) {
      try {
        mock.restore(JSON.parse(text));
      } catch (/** @type {any} */ error) {
        throw new Error(`--persist ${persist}: not a saved mock state (${error.message}); move it away or pick another file.`);
      }
    }
    save = persister(persist, () => mock.snapshot(), log);
    await save();
  }
  const server = createMockServer(mock, { log });
  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, resolve);
    })
  );
  const url = `http://${host}:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}`;
  /** @returns {Promise<void>} */
  const stop = () => new Promise((resolve) => server.close(() => resolve()) && server.closeAllConnections());
  return { url, stop, mock, server };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  /** The usage line, naming the scenarios the mock knows: src/mock is bundled for it only when it is shown. */
  const usage = async () => {
    /** @type {typeof import("../src/mock/index.js")} */
    const { scenarioNames } = await loadSource("src/mock/index.ts");
    return `usage: npm run mock:stateful -- [--port 4020] [--host 127.0.0.1] [--seed 1] [--persist state.json] [--scenario ${scenarioNames.join("|")}]`;
  };
  let values;
  try {
    ({ values } = parseArgs({
      options: { port: { type: "string" }, host: { type: "string" }, seed: { type: "string" }, persist: { type: "string" }, scenario: { type: "string" } },
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
  /** @param {string | undefined} value */
  const number = (value) => (value === undefined ? undefined : Number(value));
  // createMock refuses a scenario it does not know, naming those it does.
  const scenario = /** @type {import("../src/mock/index.js").ScenarioName | undefined} */ (values.scenario);
  const options = {
    port: number(values.port) ?? portFromEnv("STATEFUL_MOCK_PORT", 4020),
    host: values.host,
    seed: number(values.seed),
    persist: values.persist,
    scenario,
  };
  const started = await startStatefulMock(options).catch((error) => {
    console.error(startFailure(error, options.port, "pass --port with another"));
    process.exit(1);
  });
  console.log(`Stateful mock listening on ${started.url}`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => started.stop().then(() => process.exit(0)));
}
