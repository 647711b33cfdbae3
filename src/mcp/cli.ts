// The bin, `session-recordings-api-mcp`: the options, the target (the service, or the mock in
// this process), then the server on stdio, or on Streamable HTTP with --http, until stdin ends,
// Ctrl-C or SIGTERM. stdout is the protocol's on stdio: everything said goes to stderr.
import { readFile } from "node:fs/promises";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { version } from "../../packages/mcp/package.json";
import { CommandLineError, type McpOptions, parseOptions, usage } from "./args.js";
import { serveHttp } from "./http.js";
import { createToolServer } from "./server.js";
import { openTarget } from "./target.js";
import { toolsOf, writes } from "./tools.js";

const say = (line: string) => process.stderr.write(`session-recordings-api-mcp: ${line}\n`);

let options: McpOptions;
try {
  const parsed = parseOptions(process.argv.slice(2), process.env);
  if (parsed === "help" || parsed === "version") {
    process.stdout.write(`${parsed === "help" ? usage : version}\n`);
    process.exit(0);
  }
  options = parsed;
} catch (error) {
  if (!(error instanceof CommandLineError)) throw error;
  process.stderr.write(`session-recordings-api-mcp: ${error.message}\n\n${usage}\n`);
  process.exit(2);
}

/** The --snapshot file, parsed; the mock checks its shape. Its text is never quoted: it may hold people's data. */
async function snapshotOf(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new Error(`--snapshot ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`--snapshot ${file}: not a saved mock state (not JSON)`);
  }
}

const { target: chosen } = options;
let target: ReturnType<typeof openTarget>;
try {
  target = openTarget(
    chosen.kind === "mock" ? { ...chosen, snapshot: chosen.snapshot === undefined ? undefined : await snapshotOf(chosen.snapshot) } : chosen,
    options.project,
  );
} catch (error) {
  say((error as Error).message);
  process.exit(1);
}
const serverFor = () => createToolServer({ target, allowWrites: options.allowWrites, answerBudget: options.answerBudget, log: say });
const tools = toolsOf(target.profile).filter((tool) => options.allowWrites || !writes(tool)).length;
const mode = options.allowWrites ? "writes allowed" : "read-only (--allow-writes serves the tools that write)";

let stop: () => Promise<void>;
if (options.http) {
  const served = await serveHttp({ host: options.http.listen, port: options.http.port, serverFor }).catch((error: Error & { code?: string }) => {
    say(error.code === "EADDRINUSE" ? `port ${options.http?.port} is in use: pass --port with another` : error.message);
    process.exit(1);
  });
  stop = served.close;
  say(`${tools} tools on ${target.label}, ${mode}; listening on ${served.url}`);
} else {
  const server = serverFor();
  const transport = new StdioServerTransport();
  await server.connect(transport);
  stop = () => server.close();
  // The client closing stdin is the end of the session.
  process.stdin.once("end", () => void stop().then(() => process.exit(0)));
  say(`${tools} tools on ${target.label}, ${mode}; on stdio`);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, () => void stop().then(() => process.exit(0)));
