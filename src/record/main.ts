// `session-recordings-api-mock record` as a function of its arguments and outputs, for the bin
// (cli.ts) and the tests: progress on stderr when it is a terminal, the report on stdout, one
// line naming the problem on failure, and an exit code (0 written, 1 failed, 2 bad input, 130
// interrupted). Nothing is written unless the whole recording succeeded.
import { keptWarning, keyVariable, parseOptions, UsageError, usage } from "./args.js";
import { failureLine, isInterruption } from "./failures.js";
import { type RecordOptions, recordAccount } from "./record.js";
import { reportLines } from "./report.js";
import { writeRecording } from "./write-files.js";

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  /** Whether stderr is a terminal: progress is shown only there. */
  progress: boolean;
  /** Asks for the key at a terminal; undefined when there is none to ask at. */
  askKey?: (() => Promise<string>) | undefined;
  /** Aborts the run (Ctrl-C). */
  signal?: AbortSignal | undefined;
  /** For tests: what recordAccount takes beyond the flags (a fetch, a clock). */
  overrides?: Partial<RecordOptions> | undefined;
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`${error.message}\n${usage}\n`);
    return 2;
  }
  if (!options) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  let apiKey = io.env[keyVariable]?.trim();
  if (!apiKey && io.askKey) apiKey = (await io.askKey()).trim();
  if (!apiKey) {
    io.stderr(`no key: set ${keyVariable} to a personal API key (or run at a terminal to be asked for it)\n`);
    return 2;
  }
  const redact = (text: string) => text.replaceAll(apiKey, "[redacted key]");
  for (const field of options.keep) io.stderr(`${keptWarning(field)}\n`);
  let shown = false;
  const progress = io.progress
    ? (line: string) => {
        shown = true;
        io.stderr(`\r\x1b[K${line}`);
      }
    : undefined;
  const endProgress = () => shown && io.stderr("\r\x1b[K");
  try {
    const recording = await recordAccount({
      baseUrl: options.baseUrl,
      apiKey,
      project: options.project,
      maxRecordings: options.maxRecordings,
      dateFrom: options.dateFrom,
      dateTo: options.dateTo,
      salt: options.salt,
      minPersons: options.minPersons,
      keep: options.keep,
      keepTimes: options.keepTimes,
      projectIdOut: options.projectIdOut,
      paceMs: options.paceMs,
      recordingsPaceMs: options.recordingsPaceMs,
      timeoutMs: options.timeoutMs,
      bounds: options.bounds,
      signal: io.signal,
      progress,
      ...io.overrides,
    });
    if (io.signal?.aborted) throw io.signal.reason;
    const written = await writeRecording(options.out, recording);
    endProgress();
    io.stdout(`${reportLines(recording.report).join("\n")}\nwrote ${written.snapshot} and ${written.sidecar}\n`);
    return 0;
  } catch (error) {
    endProgress();
    if (io.signal?.aborted || isInterruption(error)) {
      io.stderr("interrupted: nothing was written\n");
      return 130;
    }
    io.stderr(`${redact(failureLine(error, options.baseUrl, options.project))}\n`);
    return 1;
  }
}
