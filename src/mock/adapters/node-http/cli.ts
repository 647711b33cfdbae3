// The bin, `session-recordings-api-mock` (and `npm run mock:stateful`): the stateful mock on
// node:http until Ctrl-C, SIGTERM or SIGHUP (or, started by npm, until npm's shell goes: see
// stop-with-npm.ts). The admin routes answer only the mock's own origin and each --admin-origin.
import { version } from "../../../../packages/mock/package.json";
import { CommandLineError, readCommandLine } from "../../../shared/command-line.js";
import { maxScenarioSeed } from "../../admin.js";
import { isScenarioName, scenarioNames } from "../../scenarios.js";
import { isLoopback } from "./listen-address.js";
import { startStatefulMock } from "./server.js";
import { stopWithNpmsShell } from "./stop-with-npm.js";

const usage = `usage: session-recordings-api-mock [flags]
       session-recordings-api-mock record [flags]   record an account into a snapshot file
                                                    for --snapshot or --persist (its --help says how)

The stateful mock of the Session Recordings, Playlists and Subscriptions API, as a server: it
remembers what you create, until Ctrl-C or SIGTERM.

  --port <n>               the port, 0 for any free one (default 4020, or STATEFUL_MOCK_PORT)
  --host <address>         the address to listen on (default 127.0.0.1, this machine only)
  --seed <n>               the random seed the generated records come from, 0 to ${maxScenarioSeed}
                           (default 1): the same seed, the same data
  --persist <file>         keep the state in <file> across restarts (<file>.journal beside it):
                           each change is on disk before it is answered; <file> is left byte
                           for byte as it is until the first change, then written in the form
                           \`record\` writes, so a committed fixture's diff shows what changed
  --snapshot <file>        start from the state in <file> (what \`record\` or --persist wrote)
                           and never write it: changes live in memory until the server stops,
                           and a reset goes back to <file>. Not with --persist
  --scenario <name>        start in a scenario: ${scenarioNames.join(", ")}
  --profile seed|live      answer as the API description does (seed, the default) or as the
                           live service does (live)
  --admin-origin <origin>  a web origin the admin routes (/__mock/…) answer besides the
                           mock's own, such as http://localhost:5173; repeatable, or *
  --allowed-host <name>    a host name the mock answers requests to besides IP addresses,
                           localhost and *.localhost, such as a Docker service's name (mock);
                           .example.test for that domain and every name under it; repeatable,
                           or * for any. Other names are refused (403), against DNS rebinding
  --version                print the version
  -h, --help               print this

Exit code: 0 when stopped, 1 when it could not start, 2 on bad input.`;

/** Ends the process on bad input: the problem, then the usage. */
function refuse(problem: string): never {
  console.error(`session-recordings-api-mock: ${problem}\n\n${usage}`);
  process.exit(2);
}

function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

/** A whole number up to `max` from a flag or the environment, refused by its name otherwise. */
function wholeNumber(name: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^\d+$/.test(value) || Number(value) > max) refuse(`${name} must be a whole number from 0 to ${max}, got ${JSON.stringify(value)}`);
  return Number(value);
}

const flags = {
  port: { type: "string" },
  host: { type: "string" },
  seed: { type: "string" },
  persist: { type: "string" },
  snapshot: { type: "string" },
  scenario: { type: "string" },
  profile: { type: "string" },
  "admin-origin": { type: "string", multiple: true },
  "allowed-host": { type: "string", multiple: true },
  version: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

let values: ReturnType<typeof readCommandLine<typeof flags>>["values"];
try {
  const read = readCommandLine(process.argv.slice(2), flags);
  if (read.positionals.length) refuse(`takes flags only; ${JSON.stringify(read.positionals[0])} is not one`);
  values = read.values;
} catch (error) {
  if (!(error instanceof CommandLineError)) throw error;
  refuse(error.message);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (values.version) {
  console.log(version);
  process.exit(0);
}
for (const origin of values["admin-origin"] ?? []) {
  if (origin !== "*" && !isOrigin(origin)) refuse(`--admin-origin must be an origin such as http://localhost:5173, or *; got ${JSON.stringify(origin)}`);
}
for (const name of values["allowed-host"] ?? []) {
  if (name !== "*" && !/^\.?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/i.test(name))
    refuse(`--allowed-host must be a host name such as mock or .example.test, or *; got ${JSON.stringify(name)}`);
}
const profile = values.profile;
if (profile !== undefined && profile !== "seed" && profile !== "live") refuse(`--profile must be seed or live, got ${JSON.stringify(profile)}`);
const scenario = values.scenario;
if (scenario !== undefined && !isScenarioName(scenario)) refuse(`--scenario must be one of ${scenarioNames.join(", ")}; got ${JSON.stringify(scenario)}`);
if (values.persist !== undefined && values.snapshot !== undefined)
  refuse("--snapshot and --persist cannot go together: --snapshot never writes its file, --persist writes every change to its own");
const port = wholeNumber("--port", values.port, 65535) ?? wholeNumber("STATEFUL_MOCK_PORT", process.env.STATEFUL_MOCK_PORT, 65535) ?? 4020;
const seed = wholeNumber("--seed", values.seed, maxScenarioSeed);
const host = values.host ?? "127.0.0.1";

// Said before it listens, so that even a start that fails has said it.
if (!isLoopback(host))
  console.error(
    `warning: --host ${host} opens the mock to other machines, its admin routes (/__mock/) too: anyone who reaches it can read and replace its state, reset it and read its request log. Use --host 127.0.0.1 to keep it to this machine.`,
  );
const started = await startStatefulMock({
  profile,
  port,
  host,
  seed,
  persist: values.persist,
  snapshot: values.snapshot,
  scenario,
  adminOrigins: values["admin-origin"],
  allowedHosts: values["allowed-host"],
}).catch((error: Error & { code?: string }) => {
  console.error(error.code === "EADDRINUSE" ? `Port ${port} is in use: pass --port with another.` : error.message);
  process.exit(1);
});
// Stopping folds the --persist journal into the file; a fold that fails is told, and the pair it leaves loads at the next start.
// Every signal that comes while a stop runs leaves it to finish: Ctrl-C reaches npm and the server
// at once, and npm sends its own copy a few milliseconds later, mid-fold. A stop that hangs (a
// disk that stopped answering) ends after stopBoundMs, saying what it leaves.
const stopBoundMs = 10_000;
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    const left =
      values.persist === undefined
        ? ""
        : `; ${values.persist}.journal and ${values.persist}.lock may be left beside ${values.persist}, and the next start folds them in`;
    console.error(`session-recordings-api-mock: the stop did not finish within ${stopBoundMs / 1000} s${left}`);
    process.exit(1);
  }, stopBoundMs).unref();
  started.stop().then(
    () => process.exit(0),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, stop);
stopWithNpmsShell(stop);
// Told once a signal stops it cleanly: whoever waits for this line may send one at once.
console.log(`Stateful mock${profile === "live" ? " (the live service's shapes)" : ""} listening on ${started.url}`);
