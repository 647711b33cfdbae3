// `npm run mock` (the spec's examples) and `npm run mock:dynamic` (generated data): Prism on
// 127.0.0.1:4010, or MOCK_PORT, until Ctrl-C.
import { portFromEnv } from "./lib/ports.mjs";
import { startPrism } from "./lib/prism.mjs";

const dynamic = process.argv.includes("--dynamic");
const prism = await startPrism({ port: portFromEnv("MOCK_PORT", 4010), dynamic, log: (text) => process.stdout.write(text) }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => prism.stop().then(() => process.exit(0)));
