/** One attempt of a call, as the `logger` option receives it. Never holds the key or a query. */
export interface AttemptLog {
  method: string;
  /** The request's path, without origin or query. */
  path: string;
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number;
  /** The answer's status, when one arrived. */
  status?: number;
  /** The error's name, when none did (ConnectionError, RequestTimeoutError, …). */
  error?: string;
  durationMs: number;
  /** How long the client waits before the next attempt, when it will retry. */
  retryInMs?: number;
}

export type Logger = (entry: AttemptLog) => void;

/**
 * The logger in use: the option's, or with `SESSION_RECORDINGS_API_LOG=debug` in the
 * environment a line on console.debug per attempt; undefined otherwise, so logging costs nothing.
 */
export function resolveLogger(logger: Logger | undefined): Logger | undefined {
  if (logger) return logger;
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  if (env?.SESSION_RECORDINGS_API_LOG !== "debug") return undefined;
  return (entry) => console.debug(`[session-recordings-api] ${JSON.stringify(entry)}`);
}
