// Checks a request against its operation in the spec: path and query parameters (coerced
// from strings to their declared types), content type and JSON body. Every failure becomes a
// Violation worded as the service words it, naming the field.
import * as coercing from "../../../generated/mock/coercing-validators.js";
import * as plain from "../../../generated/mock/validators.js";
import { readLimited } from "../../shared/read-limited.js";
import type { OperationEntry } from "./operations.js";
import type { Violation } from "../responses.js";
import type { MockValidator, ValidationError } from "./validator.js";

export const maxBodyBytes = 1024 * 1024;

const coercingValidators = coercing as unknown as Record<string, MockValidator>;
const plainValidators = plain as unknown as Record<string, MockValidator>;

export interface ValidRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export type Checked = { ok: true; request: ValidRequest } | { ok: false; violations: Violation[] } | { ok: false; tooLarge: true };

const typeMessages: Record<string, string> = {
  integer: "A valid integer is required.",
  number: "A valid number is required.",
  boolean: "Must be a valid boolean.",
  string: "Not a valid string.",
};

function describe(error: ValidationError, value: unknown): { code: string; detail: string } {
  const p = error.params;
  switch (error.keyword) {
    case "required":
      return { code: "required", detail: "This field is required." };
    case "type": {
      const types = [p.type].flat().filter((t) => t !== "null") as string[];
      const got = value === null ? "null" : Array.isArray(value) ? "list" : typeof value;
      if (types[0] === "object") return { code: "invalid", detail: `Expected a dictionary of items but got type "${got}".` };
      if (types[0] === "array") return { code: "not_a_list", detail: `Expected a list of items but got type "${got}".` };
      if (value === null) return { code: "null", detail: "This field may not be null." };
      return { code: "invalid", detail: typeMessages[types[0]!] ?? `Must be of type ${types.join(" or ")}.` };
    }
    case "enum":
      return { code: "invalid_choice", detail: `"${String(value)}" is not a valid choice.` };
    case "maxLength":
      return { code: "max_length", detail: `Ensure this field has no more than ${String(p.limit)} characters.` };
    case "minimum":
      return { code: "min_value", detail: `Ensure this value is greater than or equal to ${String(p.limit)}.` };
    case "maximum":
      return { code: "max_value", detail: `Ensure this value is less than or equal to ${String(p.limit)}.` };
    case "format":
      if (p.format === "uuid") return { code: "invalid", detail: `"${String(value)}" is not a valid UUID.` };
      if (p.format === "email") return { code: "invalid", detail: "Enter a valid email address." };
      if (p.format === "date-time") return { code: "invalid", detail: "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z]." };
      return { code: "invalid", detail: `Enter a valid ${String(p.format)}.` };
    case "pattern":
      return { code: "invalid", detail: "This value does not have the expected format." };
    default:
      return { code: "invalid", detail: `This value ${error.message ?? "is invalid"}.` };
  }
}

/** The value at a JSON pointer, for wording a message with what was sent. */
function at(data: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .reduce<unknown>((value, key) => (value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined), data);
}

/** ajv's errors as Violations, the most specific first (a oneOf's own error says least). */
function violationsOf(validator: MockValidator, data: unknown, location: Violation["location"]): Violation[] {
  const errors = (validator.errors ?? []).filter((e) => !["oneOf", "anyOf", "allOf", "if"].includes(e.keyword));
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const error of errors) {
    const path = error.instancePath.split("/").slice(1);
    if (error.keyword === "required") path.push(String(error.params.missingProperty));
    const attr = path.length ? path.join(".") : null;
    if (seen.has(attr ?? "")) continue;
    seen.add(attr ?? "");
    violations.push({ location, attr, keyword: error.keyword, ...describe(error, at(data, error.instancePath)) });
  }
  return violations.length ? violations : [{ location, attr: null, keyword: "schema", code: "invalid", detail: "Invalid input." }];
}

function parameters(url: URL, names: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of names) {
    const all = url.searchParams.getAll(name);
    if (all.length) values[name] = all[all.length - 1];
  }
  return values;
}

function isJson(contentType: string | null): boolean {
  const type = contentType?.split(";")[0]!.trim().toLowerCase() ?? "";
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** Reads at most `maxBodyBytes` of the body; undefined when it is larger. */
async function readBody(request: Request): Promise<string | undefined> {
  if (Number(request.headers.get("content-length")) > maxBodyBytes) return undefined;
  const bytes = await readLimited(request.body, maxBodyBytes);
  return bytes && new TextDecoder().decode(bytes);
}

export async function checkRequest(operation: OperationEntry, request: Request, url: URL, rawPath: Record<string, string>): Promise<Checked> {
  const path: Record<string, unknown> = { ...rawPath };
  const pathValidator = coercingValidators[`${operation.id}_path`]!;
  if (!pathValidator(path)) return { ok: false, violations: violationsOf(pathValidator, path, "path") };

  const query = parameters(url, operation.queryParams);
  const queryValidator = coercingValidators[`${operation.id}_query`]!;
  if (!queryValidator(query)) return { ok: false, violations: violationsOf(queryValidator, query, "query") };

  if (!operation.body) {
    const text = await readBody(request);
    if (text === undefined) return { ok: false, tooLarge: true };
    return { ok: true, request: { path, query, body: undefined } };
  }
  const text = await readBody(request);
  if (text === undefined) return { ok: false, tooLarge: true };
  if (text.trim() === "") {
    if (!operation.body.required) return { ok: true, request: { path, query, body: undefined } };
    return { ok: false, violations: [{ location: "body", attr: null, keyword: "required", code: "required", detail: "A JSON body is required." }] };
  }
  const contentType = request.headers.get("content-type");
  if (!isJson(contentType)) {
    const detail = `Unsupported media type "${contentType ?? ""}" in request: send application/json.`;
    return { ok: false, violations: [{ location: "header", attr: "Content-Type", keyword: "contentType", code: "unsupported_media_type", detail }] };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const detail = `JSON parse error - ${(error as Error).message}`;
    return { ok: false, violations: [{ location: "body", attr: null, keyword: "parse", code: "parse_error", detail }] };
  }
  const bodyValidator = plainValidators[`${operation.id}_body`]!;
  if (!bodyValidator(body)) return { ok: false, violations: violationsOf(bodyValidator, body, "body") };
  return { ok: true, request: { path, query, body } };
}

/** Failures of a response body against the spec's schema for its status (or the error body). */
export function responseViolations(operation: OperationEntry, status: number, body: unknown): string[] {
  const declared = operation.responses[String(status)];
  if (!declared && status < 400) return [`status ${status} is not a documented response of ${operation.id}`];
  // An undocumented error status (413, a scenario's 5xx) still carries the error body.
  const validator = declared ? (declared.json ? plainValidators[`${operation.id}_${status}`] : undefined) : plainValidators.schema_ErrorBody;
  if (!validator) return body === undefined ? [] : [`status ${status} of ${operation.id} has no body in the spec, but one was sent`];
  if (validator(body)) return [];
  return (validator.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`);
}

export { plainValidators };
