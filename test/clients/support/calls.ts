// The clients files (test/clients/README.md), read and checked: a field the format does not know,
// or one of the wrong kind, is an error naming the file, the call and the field, so a typo cannot
// turn into a call that checks less than its client reads.
import { readdirSync, readFileSync } from "node:fs";
import { parse } from "yaml";

export interface Refusal {
  status: number;
  /** The refusal's `detail`, when the service words it. */
  detail?: string;
  why: string;
  source: string;
}

export interface Call {
  /** `file#name`: unique across the suite, the ledger's key. */
  id: string;
  name: string;
  /** `generated`: a function the client's generator wrote; `code`: a call its own code makes. */
  from: "generated" | "code";
  method: string;
  /** The path and query as the client sends them, `{project}` and the other placeholders of README.md for the ids it is given. */
  path: string;
  body?: unknown;
  /** The fields the client reads or types as present, as dotted paths (`*` for each item of a list). */
  reads: string[];
  /** The live service's own refusal of this call, cited; absent when it answers 2xx. */
  refusal?: Refusal;
}

export interface Client {
  file: string;
  name: string;
  repo: string;
  path: string;
  version: string;
  language: string;
  calls: Call[];
}

const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

export class ClientFormatError extends Error {
  override name = "ClientFormatError";
}

function fields(where: string, value: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (!isObject(value)) throw new ClientFormatError(`${where}: expected a mapping`);
  const unknown = Object.keys(value).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw new ClientFormatError(`${where}: unknown field ${unknown.join(", ")} (known: ${allowed.join(", ")})`);
  return value;
}

function text(where: string, value: unknown): string {
  if (typeof value !== "string" || value === "") throw new ClientFormatError(`${where}: expected a non-empty string`);
  return value;
}

function readRefusal(where: string, raw: unknown): Refusal {
  const entry = fields(where, raw, ["status", "detail", "why", "source"]);
  if (!Number.isInteger(entry.status) || (entry.status as number) < 400) throw new ClientFormatError(`${where}.status: a 4xx or 5xx status`);
  return {
    status: entry.status as number,
    ...(entry.detail === undefined ? {} : { detail: text(`${where}.detail`, entry.detail) }),
    why: text(`${where}.why`, entry.why),
    source: text(`${where}.source`, entry.source),
  };
}

function readCall(file: string, raw: unknown, index: number): Call {
  const where = `${file} calls[${index}]`;
  const entry = fields(where, raw, ["name", "from", "method", "path", "body", "reads", "refusal"]);
  const name = text(`${where}.name`, entry.name);
  const at = `${file} ${name}`;
  if (entry.from !== "generated" && entry.from !== "code") throw new ClientFormatError(`${at}.from: generated or code`);
  const method = text(`${at}.method`, entry.method);
  if (!methods.includes(method)) throw new ClientFormatError(`${at}.method: one of ${methods.join(", ")}`);
  const path = text(`${at}.path`, entry.path);
  if (!path.startsWith("/api/")) throw new ClientFormatError(`${at}.path: must start with /api/`);
  const reads = entry.reads ?? [];
  if (!Array.isArray(reads) || !reads.every((r) => typeof r === "string" && r !== "")) throw new ClientFormatError(`${at}.reads: a list of dotted paths`);
  return {
    id: `${file}#${name}`,
    name,
    from: entry.from,
    method,
    path,
    ...("body" in entry ? { body: entry.body } : {}),
    reads: reads as string[],
    ...(entry.refusal === undefined ? {} : { refusal: readRefusal(`${at}.refusal`, entry.refusal) }),
  };
}

export function readClientFile(file: string, source: string): Client {
  const document = fields(file, parse(source), ["client", "calls"]);
  const client = fields(`${file}.client`, document.client, ["name", "repo", "path", "version", "language"]);
  if (!Array.isArray(document.calls) || document.calls.length === 0) throw new ClientFormatError(`${file}.calls: expected a non-empty list`);
  const calls = document.calls.map((raw, index) => readCall(file, raw, index));
  const seen = new Set<string>();
  for (const call of calls) {
    if (seen.has(call.id)) throw new ClientFormatError(`${file}: call ${call.name} appears twice`);
    seen.add(call.id);
  }
  return {
    file,
    name: text(`${file}.client.name`, client.name),
    repo: text(`${file}.client.repo`, client.repo),
    path: text(`${file}.client.path`, client.path),
    version: text(`${file}.client.version`, client.version),
    language: text(`${file}.client.language`, client.language),
    calls,
  };
}

/** Every clients file in `folder`, by name. */
export function readClients(folder: URL): Client[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".yaml"))
    .sort()
    .map((name) => readClientFile(name, readFileSync(new URL(name, folder), "utf8")));
}
