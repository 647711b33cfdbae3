// The command as a function of its arguments and its outputs, for the bin (cli.ts) and the
// tests: prints the table or the JSON, and returns the exit code (0 conforms, 1 does not,
// 2 bad input). Every line it writes passes through one redaction of the key, but the usage
// text, which is this command's own words: a key such as `bad` is no reason to blot them.
import { version } from "../../packages/conformance/package.json";
import { keyFromEnv, parseOptions, UsageError, usage } from "./args.js";
import { type Clock, realClock } from "./pacing.js";
import { jsonText, summaryText, tableHeader, tableLine } from "./report.js";
import { profilesOf, runConformance } from "./run.js";

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  clock?: Clock;
}

/** The key as the command line or the environment gives it, read before anything can fail, so no message shows it. */
function keyOf(argv: readonly string[], env: Io["env"]): string | undefined {
  const at = argv.findIndex((arg) => arg === "--api-key" || arg.startsWith("--api-key="));
  const fromArgv = at < 0 ? undefined : argv[at]!.includes("=") ? argv[at]!.slice("--api-key=".length) : argv[at + 1];
  return fromArgv || keyFromEnv(env);
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
  const key = keyOf(argv, io.env);
  const redact = (text: string) => (key ? text.replaceAll(key, "[redacted key]") : text);
  const out = (text: string) => io.stdout(redact(text));
  const err = (text: string) => io.stderr(redact(text));
  try {
    const options = parseOptions(argv, io.env);
    if (options === "help" || options === "version") {
      io.stdout(`${options === "help" ? usage : version}\n`);
      return 0;
    }
    const profiles = profilesOf(options.profile);
    // The table's rows are printed as they come, the header with the first: a run stopped by bad input prints none.
    let printed = 0;
    const report = await runConformance(options, {
      clock: io.clock ?? realClock,
      onRow: (row) => options.json || out(`${printed++ ? "" : `${tableHeader}\n`}${tableLine(row, profiles)}\n`),
      warn: (text) => err(`warning: ${text}\n`),
    });
    out(options.json ? `${jsonText(report)}\n` : `\n${summaryText(report)}\n`);
    return report.conforms ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError) {
      err(`session-recordings-api-conformance: ${error.message}\n\n`);
      io.stderr(`${usage}\n`);
      return 2;
    }
    // A fault of the command itself: its message, not a stack trace.
    err(`session-recordings-api-conformance: the check stopped: ${error instanceof Error ? error.message : String(error)}\n`);
    return 3;
  }
}
