// The command line of `session-recordings-api-mock record`, checked: every problem is a
// UsageError naming the flag. The key is never a flag (a command line shows in `ps` and in
// shell history): it comes from the environment or a prompt.
import { parseArgs } from "node:util";
import { baseUrlOf, CommandLineError as UsageError, wholeNumber } from "../shared/command-line.js";
import { freeTextFields, isKeepable, keepable } from "./anonymise.js";
import { defaultBounds, type RunBounds } from "./bounds.js";
import { defaultK } from "./census.js";

export { UsageError };

export const keyVariable = "POSTHOG_PERSONAL_API_KEY";

/** The warning for each field kept on request: written as read, and left out of the scan. */
export const keptWarning = (field: string) =>
  `warning: --keep ${field} writes it as read and unscanned${(freeTextFields as readonly string[]).includes(field) ? " (free text, synthetic otherwise)" : ""}: make sure it holds no one's data`;

export interface CliOptions {
  baseUrl: string;
  project: string;
  out: string;
  maxRecordings: number;
  dateFrom: string;
  dateTo: string | undefined;
  salt: string | undefined;
  minPersons: number;
  keep: string[];
  keepTimes: boolean;
  projectIdOut: string | undefined;
  paceMs: number;
  recordingsPaceMs: number;
  timeoutMs: number;
  bounds: RunBounds;
}

export const usage = `usage: session-recordings-api-mock record --base-url https://us.posthog.com --project <id> --out <file.json>
         [--max-recordings 300] [--date-from -30d] [--date-to <date>] [--salt <secret>] [--min-persons ${defaultK}]
         [--keep <field>]… [--keep-times] [--project-id-out <id>]
         [--pace-ms 250] [--recordings-pace-ms 5000] [--timeout-ms 60000]
         [--max-pages ${defaultBounds.maxPages}] [--max-items ${defaultBounds.maxItems}] [--max-bytes ${defaultBounds.maxBytes}] [--max-time-ms ${defaultBounds.maxTimeMs}]

Records one project (its playlists with their recordings, the recordings of a date window, their
persons, its subscriptions) into a snapshot the stateful mock loads, anonymised, reading only.
The personal API key comes from ${keyVariable}, or a prompt at a terminal; it needs the scopes
project:read, session_recording:read, session_recording_playlist:read and subscription:read.
Writes <file.json> and, beside it, <file>.meta.json (when, from where, with which options, counts).
Every value written is made by the recorder (a pseudonym, a template, synthetic text), from a
closed vocabulary, a number or time within its range, or held by at least --min-persons persons.
--keep takes: ${keepable.join(", ")}; each is written as read, unscanned, with a warning.
A run that passes --max-pages (responses), --max-items (records read), --max-bytes (of the answers)
or --max-time-ms stops there, naming the listing and the bound, and writes nothing.
Exit code: 0 written, 1 failed (nothing written), 2 bad input, 130 interrupted (nothing written).`;

const flags = {
  "base-url": { type: "string" },
  project: { type: "string" },
  out: { type: "string" },
  "max-recordings": { type: "string" },
  "date-from": { type: "string" },
  "date-to": { type: "string" },
  salt: { type: "string" },
  // The default since free text became synthetic: accepted, so a script that passed it still runs.
  "redact-text": { type: "boolean" },
  "min-persons": { type: "string" },
  keep: { type: "string", multiple: true },
  "keep-times": { type: "boolean" },
  "project-id-out": { type: "string" },
  "pace-ms": { type: "string" },
  "recordings-pace-ms": { type: "string" },
  "timeout-ms": { type: "string" },
  "max-pages": { type: "string" },
  "max-items": { type: "string" },
  "max-bytes": { type: "string" },
  "max-time-ms": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

const dateFilter = /^(-\d+[hdwmqy]|\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)$/;

/** The options of `argv` (the words after `record`), or undefined for --help. */
export function parseOptions(argv: readonly string[]): CliOptions | undefined {
  if (argv.some((arg) => arg === "--api-key" || arg.startsWith("--api-key=") || arg === "--key" || arg.startsWith("--key=")))
    throw new UsageError(`the key is never a flag (a command line shows in ps and in shell history): set ${keyVariable}, or answer the prompt`);
  let parsed: ReturnType<typeof parseArgs<{ options: typeof flags; allowPositionals: true; args: string[] }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: flags, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/Unexpected argument '[^']*'/, "Unexpected argument").split("\n")[0]!);
  }
  const { values, positionals } = parsed;
  if (values.help) return undefined;
  // A stray word is not quoted: it could be a key given by mistake.
  if (positionals.length) throw new UsageError("record takes flags only: an argument is not one");
  const required = (flag: "base-url" | "project" | "out") => {
    const value = values[flag];
    if (value === undefined || value.trim() === "") throw new UsageError(`--${flag} is required`);
    return value;
  };
  const project = required("project");
  if (!/^\d+$/.test(project)) throw new UsageError(`--project must be a project id such as 28417, got ${JSON.stringify(project)}`);
  const projectIdOut = values["project-id-out"];
  if (projectIdOut !== undefined && !/^[1-9]\d{0,14}$/.test(projectIdOut))
    throw new UsageError(`--project-id-out must be a project id such as 28417, got ${JSON.stringify(projectIdOut)}`);
  for (const flag of ["date-from", "date-to"] as const) {
    const value = values[flag];
    if (value !== undefined && !dateFilter.test(value))
      throw new UsageError(`--${flag} must be relative such as -30d or a date such as 2026-11-01, got ${JSON.stringify(value)}`);
  }
  const keep = values.keep ?? [];
  const unknown = keep.find((field) => !isKeepable(field));
  if (unknown !== undefined) throw new UsageError(`--keep ${JSON.stringify(unknown)} is not a field it can keep; it takes ${keepable.join(", ")}`);
  if (values.salt === "") throw new UsageError("--salt must not be empty");
  return {
    baseUrl: baseUrlOf(required("base-url")),
    project,
    out: required("out"),
    maxRecordings: wholeNumber("max-recordings", values["max-recordings"], 300, 1, 100_000),
    dateFrom: values["date-from"] ?? "-30d",
    dateTo: values["date-to"],
    salt: values.salt,
    minPersons: wholeNumber("min-persons", values["min-persons"], defaultK, 2, 1_000_000),
    keep,
    keepTimes: values["keep-times"] ?? false,
    projectIdOut,
    paceMs: wholeNumber("pace-ms", values["pace-ms"], 250, 0),
    recordingsPaceMs: wholeNumber("recordings-pace-ms", values["recordings-pace-ms"], 5_000, 0),
    timeoutMs: wholeNumber("timeout-ms", values["timeout-ms"], 60_000, 1),
    bounds: {
      maxPages: wholeNumber("max-pages", values["max-pages"], defaultBounds.maxPages, 1),
      maxItems: wholeNumber("max-items", values["max-items"], defaultBounds.maxItems, 1),
      maxBytes: wholeNumber("max-bytes", values["max-bytes"], defaultBounds.maxBytes, 1024),
      maxTimeMs: wholeNumber("max-time-ms", values["max-time-ms"], defaultBounds.maxTimeMs, 1),
    },
  };
}
