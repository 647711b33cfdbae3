// The mock package's bin, `session-recordings-api-mock`: `record` records an account
// (cli.ts); anything else starts the stateful mock server (src/mock/adapters/server-cli.ts),
// which reads its own flags. Each is loaded only when asked for.
if (process.argv[2] === "record") await import("./cli.js");
else await import("../mock/adapters/server-cli.js");
export {};
