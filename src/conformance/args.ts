// The command line of `session-recordings-api-conformance`, checked: every problem is a
// UsageError naming the flag, and no message quotes the key.
import { baseUrlOf, readCommandLine, CommandLineError as UsageError, wholeNumber } from "../shared/command-line.js";
import { defaultPacing } from "./pacing.js";

/** Bad input: the command stops with exit code 2 and this message (the shared reader's class). */
export { UsageError };

export type ProfileOption = "seed" | "live" | "auto";

export interface Options {
  baseUrl: string;
  apiKey: string;
  project: string;
  profile: ProfileOption;
  write: boolean;
  json: boolean;
  /** The least time between two requests, in ms. */
  paceMs: number;
  /** The least time between two requests to the recordings listing, in ms. */
  recordingsPaceMs: number;
  timeoutMs: number;
  /** Pages read of each listing. */
  maxPages: number;
}

/**
 * The environment variable the key is read from when --api-key is not given (a command line shows
 * in `ps`): PostHog's own name for it, which the recorder reads too; the name this command read
 * before is still read when that one is unset.
 */
export const keyVariable = "POSTHOG_PERSONAL_API_KEY";
export const formerKeyVariable = "POSTHOG_API_KEY";

/** The key the environment holds, by either name. */
export const keyFromEnv = (env: Record<string, string | undefined>): string | undefined => env[keyVariable] || env[formerKeyVariable] || undefined;
const maxPagesLimit = 3;

export const usage = `usage: session-recordings-api-conformance --base-url <url> --api-key <key> --project <id>
         [--profile seed|live|auto] [--write] [--json]
         [--pace-ms ${defaultPacing.paceMs}] [--recordings-pace-ms ${defaultPacing.recordingsPaceMs}] [--timeout-ms 30000] [--max-pages ${maxPagesLimit}]
         [--version] [--help]

Calls every read operation, checks each answer against the API description (seed), the live
service's description (live) or both (auto, the default), and prints a table. --write adds a
create, update and soft delete of a playlist of its own. --api-key may instead come from ${keyVariable}
(or ${formerKeyVariable}, the name this command read before).
Exit code: 0 when every answer conforms (for auto: to either description), 1 when one does not,
2 on bad input, 3 when the check itself fails.`;

const flags = {
  "base-url": { type: "string" },
  "api-key": { type: "string" },
  project: { type: "string" },
  profile: { type: "string" },
  write: { type: "boolean" },
  json: { type: "boolean" },
  "pace-ms": { type: "string" },
  "recordings-pace-ms": { type: "string" },
  "timeout-ms": { type: "string" },
  "max-pages": { type: "string" },
  version: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/**
 * The options of `argv` (the words after the command's name), or what to print instead of a run.
 * @throws UsageError
 */
export function parseOptions(argv: readonly string[], env: Record<string, string | undefined>): Options | "help" | "version" {
  const { values, positionals } = readCommandLine(argv, flags);
  if (values.help) return "help";
  if (values.version) return "version";
  // A stray word is not quoted: it could be a key given without its flag.
  if (positionals.length) throw new UsageError("the command takes flags only: an argument is not one");
  const required = (flag: "base-url" | "project", value: string | undefined) => {
    if (value === undefined || value.trim() === "") throw new UsageError(`--${flag} is required`);
    return value;
  };
  const apiKey = values["api-key"] ?? keyFromEnv(env);
  if (apiKey === undefined || apiKey === "") throw new UsageError(`--api-key is required (or set ${keyVariable})`);
  // What an HTTP header can carry: the client would refuse it later, with a less direct message.
  if (!/^[\x21-\x2b\x2d-\x7e\xa1-\xff]+$/.test(apiKey)) throw new UsageError("--api-key must be a personal API key: printable characters, no spaces or commas");
  const project = required("project", values.project);
  if (!/^[\w-]+$/.test(project)) throw new UsageError(`--project must be a project id such as 28417, got ${JSON.stringify(project)}`);
  const profile = values.profile ?? "auto";
  if (profile !== "seed" && profile !== "live" && profile !== "auto")
    throw new UsageError(`--profile must be seed, live or auto, got ${JSON.stringify(profile)}`);
  return {
    baseUrl: baseUrlOf(required("base-url", values["base-url"])),
    apiKey,
    project,
    profile,
    write: values.write ?? false,
    json: values.json ?? false,
    paceMs: wholeNumber("pace-ms", values["pace-ms"], defaultPacing.paceMs, 0),
    recordingsPaceMs: wholeNumber("recordings-pace-ms", values["recordings-pace-ms"], defaultPacing.recordingsPaceMs, 0),
    timeoutMs: wholeNumber("timeout-ms", values["timeout-ms"], 30_000, 1),
    maxPages: wholeNumber("max-pages", values["max-pages"], maxPagesLimit, 1, maxPagesLimit),
  };
}
