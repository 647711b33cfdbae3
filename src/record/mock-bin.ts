// The mock package's bin, `session-recordings-api-mock`: `record` records an account
// (cli.ts); anything else starts the stateful mock server (src/mock/adapters/node-http/cli.ts),
// which reads its own flags. Each is loaded only when asked for.
if (process.argv[2] === "record") {
  // Ctrl-C while the recorder loads: nothing is read or written yet. cli.ts takes over once loaded.
  process.once("SIGINT", () => {
    process.stderr.write("interrupted: nothing was written\n");
    process.exit(130);
  });
  await import("./cli.js");
} else await import("../mock/adapters/node-http/cli.js");

export {};
