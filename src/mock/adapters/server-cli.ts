// The bin, `session-recordings-api-mock` (and `npm run mock:stateful`): the stateful mock on
// node:http until Ctrl-C or SIGTERM. The admin routes answer only the mock's own origin and
// each --admin-origin.
import { parseArgs } from "node:util";
import { type ScenarioName, scenarioNames } from "../scenarios.js";
import { startStatefulMock } from "./server.js";

const usage = `usage: session-recordings-api-mock [--port 4020] [--host 127.0.0.1] [--seed 1] [--persist state.json] [--scenario ${scenarioNames.join("|")}] [--profile seed|live] [--admin-origin http://localhost:5173]…
  (npm run mock:stateful -- takes the same flags; STATEFUL_MOCK_PORT sets the port when --port is not given)`;

/** Ends the process on bad input: the problem, then the usage. */
function refuse(problem: string): never {
  console.error(`${problem}\n${usage}`);
  process.exit(2);
}

function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

/** A whole number from a flag or the environment, refused by its name otherwise. */
function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^\d+$/.test(value)) refuse(`${name} must be a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

let values: ReturnType<typeof parse>["values"];
function parse() {
  return parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      seed: { type: "string" },
      persist: { type: "string" },
      scenario: { type: "string" },
      profile: { type: "string" },
      "admin-origin": { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
  });
}
try {
  ({ values } = parse());
} catch (error) {
  refuse((error as Error).message);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
for (const origin of values["admin-origin"] ?? []) {
  if (origin !== "*" && !isOrigin(origin)) refuse(`--admin-origin must be an origin such as http://localhost:5173, or *; got ${JSON.stringify(origin)}`);
}
const profile = values.profile;
if (profile !== undefined && profile !== "seed" && profile !== "live") refuse(`--profile must be seed or live, got ${JSON.stringify(profile)}`);
const port = wholeNumber("--port", values.port) ?? wholeNumber("STATEFUL_MOCK_PORT", process.env.STATEFUL_MOCK_PORT) ?? 4020;
if (port > 65535) refuse(`--port must be at most 65535, got ${port}`);

const started = await startStatefulMock({
  profile,
  port,
  host: values.host,
  seed: wholeNumber("--seed", values.seed),
  persist: values.persist,
  // createMock refuses a scenario it does not know, naming those it does.
  scenario: values.scenario as ScenarioName | undefined,
  adminOrigins: values["admin-origin"],
}).catch((error: Error & { code?: string }) => {
  console.error(error.code === "EADDRINUSE" ? `Port ${port} is in use: pass --port with another.` : error.message);
  process.exit(1);
});
console.log(`Stateful mock${profile === "live" ? " (the live service's shapes)" : ""} listening on ${started.url}`);
// Stopping folds the --persist journal into the file; a fold that fails is told, and the pair it leaves loads at the next start.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.once(signal, () =>
    started.stop().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(error.message);
        process.exit(1);
      },
    ),
  );
