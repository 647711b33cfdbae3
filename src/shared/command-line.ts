// What the bins (the mock server's, its recorder's and the conformance command's) need beyond
// node:util's parseArgs: its errors in one line naming the flag, a flag given twice refused
// (parseArgs keeps the last), a flag given an empty value refused (a script's unset variable),
// and the values more than one reads. No message quotes what could be a key.
import { parseArgs } from "node:util";

type Flags = Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }>;

/** A command line that cannot be meant: the bin prints this and its usage, and exits 2. */
export class CommandLineError extends Error {
  override readonly name = "CommandLineError";
}

/** parseArgs' message, reworded: its own text ends in advice quoting the argument, with quotes that do not always balance. */
function problemOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const flag = /^(?:Unknown option|Option) '(-{1,2}[^' ]+)/.exec(message)?.[1];
  if (flag === undefined) return message.split("\n")[0]!;
  if (message.startsWith("Unknown option")) return `unknown flag ${flag} (--help lists them)`;
  if (message.includes("argument missing")) return `${flag} needs a value`;
  if (message.includes("argument is ambiguous")) return `${flag} needs a value; one starting with "-" goes as ${flag}=<value>`;
  if (message.includes("does not take an argument")) return `${flag} takes no value`;
  return message.split("\n")[0]!;
}

/**
 * `argv` read against `flags` (strict, positionals allowed for the caller to refuse or use).
 * @throws CommandLineError for an unknown flag, a missing value, a value flag given twice or given "".
 */
export function readCommandLine<T extends Flags>(argv: readonly string[], flags: T) {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true; tokens: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: flags, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    throw new CommandLineError(problemOf(error));
  }
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== "option") continue;
    const flag = flags[token.name]!;
    if (flag.type === "string" && token.value === "") throw new CommandLineError(`--${token.name} needs a value, got an empty one`);
    if (flag.type !== "string" || flag.multiple) continue;
    if (seen.has(token.name)) throw new CommandLineError(`--${token.name} is given twice; give it once`);
    seen.add(token.name);
  }
  return { values: parsed.values, positionals: parsed.positionals };
}

/** A flag's whole number from `min` to `max`, or `fallback` when the flag is absent. */
export function wholeNumber(flag: string, text: string | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) throw new CommandLineError(`--${flag} must be a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`);
  return value;
}

/** The service's address: absolute http(s), no credentials, query or fragment. Quoted only without what could be secret. */
export function baseUrlOf(text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    // Reported below.
  }
  const shown = text.replace(/\/\/[^/@]*@/, "//[redacted]@").replace(/[?#][\s\S]*/, "?…");
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash)
    throw new CommandLineError(
      `--base-url must be an absolute http or https URL without credentials, query or fragment, such as https://us.posthog.com; got "${shown}"`,
    );
  return text.replace(/\/+$/, "");
}
