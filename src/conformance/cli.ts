// The bin, `session-recordings-api` (dist/cli.js, with its #!/usr/bin/env node banner from tsup.config.ts).
import { main } from "./main.js";

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
});
