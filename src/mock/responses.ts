// How every answer is built: JSON bodies (kept as value and text, so the engine checks them
// without parsing them again), the spec's error body, 400s naming the field, and empty answers.
// What an error says is in errors.ts.
import type { components } from "../../generated/openapi.js";
import type { ErrorRendering } from "./spec/operations.js";

type ErrorBody = components["schemas"]["ErrorBody"];

/**
 * What the engine answers, before any adapter turns it into a Fetch `Response` (`mock.fetch`) or
 * writes it to a socket (the node:http server): building the Fetch objects costs more than the
 * engine's own work, so they are built only where they are asked for. Header names are lower
 * case, as a Fetch `Headers` gives them. A JSON body keeps its value, so the engine checks it
 * without parsing it again, and its text, written as it is.
 */
export class Answer {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly body?: { value?: unknown; text: string } | undefined,
  ) {}

  /** The answer with one header more (a name already there, in any case, is replaced). */
  with(name: string, value: string): Answer {
    return new Answer(this.status, { ...this.headers, [name.toLowerCase()]: value }, this.body);
  }

  /** As a Fetch `Response`. */
  toResponse(): Response {
    return new Response(this.body?.text ?? null, { status: this.status, headers: this.headers });
  }
}

/** `headers` with lower-case names. */
function lowerCased(headers: Record<string, string>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const name in headers) lower[name.toLowerCase()] = headers[name]!;
  return lower;
}

/** A JSON body: its value, and its text, made when first read (the engine may have it already, see serialised-answers.ts). */
class JsonBody {
  #text: string | undefined;
  constructor(readonly value: unknown) {}
  get text(): string {
    this.#text ??= JSON.stringify(this.value);
    return this.#text;
  }
}

export function json(status: number, body: unknown, headers?: Record<string, string>): Answer {
  const all = headers ? { "content-type": "application/json", ...lowerCased(headers) } : { "content-type": "application/json" };
  return new Answer(status, all, new JsonBody(body));
}

/** A JSON answer already serialised (the state, as GET /__mock/state sends it). */
export const jsonText = (text: string): Answer => new Answer(200, { "content-type": "application/json" }, { text });

/**
 * An answer with no body. It says `Content-Length: 0`, as node:http puts on the wire, so an
 * in-process answer reads like a server's: tools built on openapi-fetch (openapi-react-query)
 * tell an empty 200 from a missing body by it. A 204 or 304 may not carry the header.
 */
export function empty(status: number, headers: Record<string, string> = {}): Answer {
  return new Answer(status, status === 204 || status === 304 ? lowerCased(headers) : { "content-length": "0", ...lowerCased(headers) });
}

/** The answer to a HEAD: the GET's status and headers, no body. */
export const withoutBody = (answer: Answer): Answer => new Answer(answer.status, answer.headers);

export function error(status: number, type: string, code: string, detail: string, attr: string | null = null, headers: Record<string, string> = {}): Answer {
  return json(status, { type, code, detail, attr } satisfies ErrorBody, headers);
}

/**
 * JSON for a header value. A header holds only Latin-1 (the Fetch API throws on more), and what
 * it carries may quote the request (an emoji in a rejected enum value), so every character past
 * ASCII is written as its JSON escape: the same JSON to any parser, and safe in any header.
 */
export const headerJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** A 400 naming the field, in the service's body as `rendering` says, with Prism's `sl-violations` header. */
export function validationError(violations: Violation[], rendering?: ErrorRendering): Answer {
  const first = violations[0]!;
  const { code, attr } = rendered(first.code, first.attr, rendering);
  return error(400, first.type ?? "validation_error", code, first.detail, attr, { "sl-violations": headerJson(violations.map(toPrism)) });
}

/** A field error's code and `attr` as the service's error handler renders them. */
export function rendered(code: string, attr: string | null, rendering?: ErrorRendering): { code: string; attr: string | null } {
  if (!rendering) return { code, attr };
  return { code: rendering.codes[code] ?? code, attr: attr === null ? null : attr.split(".").join(rendering.attrSeparator) };
}

export interface Violation {
  /** The error class, when the request could not be read as JSON at all rather than a field being wrong. */
  type?: "invalid_request";
  location: "path" | "query" | "header" | "body";
  /** The field's name: a parameter, or the dotted path of a body field (null for the body as a whole). */
  attr: string | null;
  /** The service's code: `required`, `invalid`, `invalid_choice`, `max_length`, `parse_error`. */
  code: string;
  detail: string;
  keyword: string;
}

function toPrism(violation: Violation) {
  const path = violation.attr === null ? [] : violation.attr.split(".");
  return { location: ["request", violation.location, ...path], severity: "Error", code: violation.keyword, message: violation.detail };
}
