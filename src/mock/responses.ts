// How every answer is built: JSON bodies (remembered, so the engine checks them without
// parsing them again), the spec's error body, 400s naming the field, and empty responses.
// What an error says is in errors.ts.
import type { components } from "../../generated/openapi.js";

export type ErrorBody = components["schemas"]["ErrorBody"];

/** The value behind each JSON response the engine builds, so it is checked without parsing it again. */
export const bodyOf = new WeakMap<Response, unknown>();

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const response = new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
  bodyOf.set(response, body);
  return response;
}

export function empty(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers });
}

export function error(status: number, type: string, code: string, detail: string, attr: string | null = null, headers: Record<string, string> = {}): Response {
  return json(status, { type, code, detail, attr } satisfies ErrorBody, headers);
}

/** A 400 naming the field, in the service's body, with Prism's `sl-violations` header. */
export function validationError(violations: Violation[]): Response {
  const first = violations[0]!;
  return error(400, "validation_error", first.code, first.detail, first.attr, { "sl-violations": JSON.stringify(violations.map(toPrism)) });
}

export interface Violation {
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
