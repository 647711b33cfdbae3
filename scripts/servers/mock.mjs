// `npm run mock` (the spec's examples) and `npm run mock:dynamic` (generated data): Prism on
// 127.0.0.1:4010, or MOCK_PORT, until Ctrl-C. `-- --help` prints what it does and starts nothing.
import { parseArgs } from "node:util";
import { portFromEnv } from "./ports.mjs";
import { startPrism } from "./prism.mjs";

const usage = `usage: npm run mock [-- --help]        Prism's example mock: each answer is the description's example
       npm run mock:dynamic                 the same, answering with data generated from the schemas

On http://127.0.0.1:4010, or the port MOCK_PORT names, until Ctrl-C. Pick a status or a named
example with a Prefer header (Prefer: code=429, Prefer: example=second_of_several_pages).`;

/** @type {{ dynamic?: boolean, help?: boolean }} */
let flags;
try {
  ({ values: flags } = parseArgs({ options: { dynamic: { type: "boolean" }, help: { type: "boolean", short: "h" } } }));
} catch (error) {
  console.error(`npm run mock: ${/** @type {Error} */ (error).message.split(".")[0]}\n\n${usage}`);
  process.exit(2);
}
if (flags.help) {
  console.log(usage);
  process.exit(0);
}
// Listening for signals before Prism prints that it listens: whoever waits for that may send one at once.
/** @type {Awaited<ReturnType<typeof startPrism>> | undefined} */
let prism;
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await prism?.stop();
  process.exit(0);
};
// `on`, not `once`: a second signal (Ctrl-C reaches npm and this process, then npm sends its own) leaves the stop running.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, stop);
prism = await startPrism({ port: portFromEnv("MOCK_PORT", 4010), dynamic: flags.dynamic, log: (text) => process.stdout.write(text) }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
