// The bin, `session-recordings-api-conformance` (the conformance package's dist/cli.js, its #!/usr/bin/env node banner from tsup.config.ts).
import { main } from "./main.js";

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
});
