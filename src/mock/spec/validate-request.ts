// Checks a request against its operation in the spec, one location at a time: path
// and query parameters (coerced from strings to their declared
// types, with their defaults filled in), the query parameters that hold JSON documents
// (decoded and checked against their `contentSchema`), the content type and the JSON body.
// Every failure becomes a Violation naming the field, worded in ../errors.ts; so does a value
// the store could not keep (./json-limits.ts).

import type { ValidationError } from "../../shared/validation-error.js";
import { serviceReading } from "../date-range.js";
import {
  bodyRequired,
  dateTimeOverflow,
  inexactValue,
  jsonParseError,
  type PydanticError,
  pydanticDocumentError,
  pydanticErrors,
  pydanticExtra,
  pydanticViolation,
  unrepresentableValue,
  unsupportedMediaType,
  violationWording,
} from "../errors.js";
import { fromFetch, type Incoming } from "../incoming.js";
import type { Violation } from "../responses.js";
import { maxJsonDepth, unrepresentable } from "./json-limits.js";
import { inexactNumber } from "./json-numbers.js";
import type { BodyEntry, OperationEntry } from "./operations.js";
import type { MockValidator } from "./validators.js";

/** The largest request body the mock reads; a larger one answers 413. */
export const maxBodyBytes = 1024 * 1024;

export interface ValidRequest {
  path: Record<string, unknown>;
  /** The query, coerced, with the spec's defaults filled in and JSON documents decoded. */
  query: Record<string, unknown>;
  body: unknown;
}

/** A refused request: its violations and, when the operation words this refusal itself (`x-any-of-refusal`), the 400 example that answers it. */
export type Checked = { ok: true; request: ValidRequest } | { ok: false; violations: Violation[]; refusal?: string } | { ok: false; tooLarge: true };

/** The value at a JSON pointer, for wording a message with what was sent. */
function at(data: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined,
      data,
    );
}

/** ajv's errors as Violations, the most specific first (a oneOf's own error says least); `prefix` names the field they sit in. */
function violationsOf(validator: MockValidator, data: unknown, location: Violation["location"], prefix: string[] = []): Violation[] {
  const errors = (validator.errors ?? []).filter((e) => !["oneOf", "anyOf", "allOf", "if"].includes(e.keyword));
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const failure of errors) {
    const path = [...prefix, ...failure.instancePath.split("/").slice(1)];
    if (failure.keyword === "required") path.push(String(failure.params.missingProperty));
    const attr = path.length ? path.join(".") : null;
    if (seen.has(attr ?? "")) continue;
    seen.add(attr ?? "");
    violations.push({ location, attr, keyword: failure.keyword, ...violationWording(failure, at(data, failure.instancePath)) });
  }
  return violations.length ? violations : [{ location, attr: prefix.join(".") || null, keyword: "schema", code: "invalid", detail: "Invalid input." }];
}

/**
 * Drops from `query` the failing values of parameters whose invalid value reads as their
 * default, so validating again fills the default in; false when another parameter failed.
 */
function readAsDefaults(operation: OperationEntry, validator: MockValidator, query: Record<string, unknown>): boolean {
  const failed = (validator.errors ?? []).map((e) => e.instancePath.split("/")[1] ?? "");
  if (!failed.length || !failed.every((name) => operation.invalidReadsAsDefault.includes(name))) return false;
  for (const name of failed) delete query[name];
  return true;
}

function parameters(url: URL, names: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  // Most requests send no query: its parser is not woken for them.
  if (url.search === "") return values;
  for (const name of names) {
    const all = url.searchParams.getAll(name);
    if (all.length) values[name] = all[all.length - 1];
  }
  return values;
}

/**
 * The violation for the first value of `document` the store could not keep; `prefix` names the
 * field it sits in. `text`, the JSON it was parsed from, is read for the numbers parsing changed.
 */
function keepable(document: unknown, location: Violation["location"], prefix: string[] = [], text?: string): Violation[] | undefined {
  const found = unrepresentable(document);
  if (!found) {
    const inexact = text === undefined ? undefined : inexactNumber(text);
    return inexact && [inexactValue(location, [...prefix, ...inexact].join(".") || null)];
  }
  // A nesting too deep is named by the field it starts in, not by its thousand steps down.
  const path = found.problem === "depth" ? (prefix.length ? prefix : found.path.slice(0, 1)) : [...prefix, ...found.path];
  return [unrepresentableValue(location, path.length ? path.join(".") : null, found.problem, maxJsonDepth)];
}

/**
 * Every refusal of a query validated as pydantic validates it (`x-query-errors`): the parameters'
 * own failures, then the JSON documents' (a text that is no JSON is checked as the text), then,
 * with `extra: forbid`, each parameter the operation does not declare and does not drop.
 */
function pydanticRefusal(operation: OperationEntry, url: URL, query: Record<string, unknown>, failures: readonly ValidationError[]): PydanticError[] {
  const { url: pages, extra, drops = [] } = operation.queryErrors!;
  const items = pydanticErrors(failures, query, pages);
  const failed = new Set(items.map((item) => (item.loc as unknown[])[0]));
  for (const name of operation.jsonQuery) {
    if (query[name] === undefined || failed.has(name)) continue;
    let document: unknown;
    try {
      document = JSON.parse(String(query[name]));
    } catch {
      document = query[name];
    }
    const validator = operation.validate.json[name];
    if (validator && !validator(document)) items.push(pydanticDocumentError(validator.errors![0]!, name, document, pages));
  }
  if (extra === "forbid" && url.search !== "")
    // The service reads a repeated parameter's last value (Django's `QueryDict.dict()`).
    for (const name of new Set(url.searchParams.keys()))
      if (!operation.queryParams.includes(name) && !drops.includes(name)) items.push(pydanticExtra(name, url.searchParams.getAll(name).at(-1)!, pages));
  return items;
}

/** Decodes the JSON documents among the query parameters in place; the violations of the first that fails. */
function decodeJsonQuery(operation: OperationEntry, query: Record<string, unknown>): Violation[] | undefined {
  for (const name of operation.jsonQuery) {
    if (query[name] === undefined) continue;
    let value: unknown;
    try {
      value = JSON.parse(String(query[name]));
    } catch (problem) {
      return [jsonParseError("query", name, (problem as Error).message)];
    }
    const unkept = keepable(value, "query", [name], String(query[name]));
    if (unkept) return unkept;
    const validator = operation.validate.json[name];
    if (validator && !validator(value)) return violationsOf(validator, value, "query", [name]);
    query[name] = value;
  }
  return undefined;
}

export function isJson(contentType: string | null): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** JSON is UTF-8 (RFC 8259): bytes that are not are refused, never read with replacement characters. */
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Reads at most `maxBodyBytes` of the body as text; undefined when it is larger, null when it is not UTF-8. */
async function bodyText(request: Incoming): Promise<string | null | undefined> {
  if (Number(request.header("content-length")) > maxBodyBytes) return undefined;
  const bytes = await request.body(maxBodyBytes);
  if (!bytes) return undefined;
  if (bytes.length === 0) return "";
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** An ISO 8601 date-time with no offset (seconds optional), as DRF's DateTimeField takes it. */
const withoutOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The body as the service reads it before checking it: a date-time sent without an offset at the
 * field's default one (`x-default-offset`), and strings trimmed of surrounding whitespace (`x-trimmed`).
 */
function asRead(entry: BodyEntry, body: unknown): void {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return;
  const fields = body as Record<string, unknown>;
  for (const [field, offset] of Object.entries(entry.defaultOffset ?? {})) {
    const value = fields[field];
    if (typeof value === "string" && withoutOffset.test(value)) fields[field] = `${value.length === 16 ? `${value}:00` : value}${offset}`;
  }
  for (const field of entry.trimmed ?? []) if (typeof fields[field] === "string") fields[field] = (fields[field] as string).trim();
}

/** Checks a Fetch `Request` (the docs page's Try it panel checks one before sending it). */
export const checkRequest = (operation: OperationEntry, request: Request, url: URL, params: Record<string, string>): Promise<Checked> =>
  checkIncoming(operation, fromFetch(request, url), params);

export async function checkIncoming(operation: OperationEntry, request: Incoming, params: Record<string, string>): Promise<Checked> {
  const url = request.url;
  const path: Record<string, unknown> = { ...params };
  const pathValidator = operation.validate.path;
  if (!pathValidator(path)) return { ok: false, violations: violationsOf(pathValidator, path, "path") };
  const unkeptPath = keepable(path, "path");
  if (unkeptPath) return { ok: false, violations: unkeptPath };

  const query = parameters(url, operation.queryParams);
  const queryValidator = operation.validate.query;
  const valid = queryValidator(query) || (readAsDefaults(operation, queryValidator, query) && queryValidator(query));
  if (operation.queryErrors) {
    const refused = pydanticRefusal(operation, url, query, valid ? [] : (queryValidator.errors ?? []));
    if (refused.length) return { ok: false, violations: [pydanticViolation(refused)] };
  } else if (!valid) return { ok: false, violations: violationsOf(queryValidator, query, "query") };
  const unkeptQuery = keepable(query, "query");
  if (unkeptQuery) return { ok: false, violations: unkeptQuery };
  const badDocument = decodeJsonQuery(operation, query);
  if (badDocument) return { ok: false, violations: badDocument };

  // Read even when the operation takes no body, so the size limit holds for every request.
  const text = await bodyText(request);
  if (text === undefined) return { ok: false, tooLarge: true };
  if (!operation.body) return { ok: true, request: { path, query, body: undefined } };
  if (text === null) return { ok: false, violations: [jsonParseError("body", null, "the body is not UTF-8")] };
  if (text.trim() === "") {
    return operation.body.required ? { ok: false, violations: [bodyRequired()] } : { ok: true, request: { path, query, body: undefined } };
  }
  const contentType = request.header("content-type");
  if (!isJson(contentType)) return { ok: false, violations: [unsupportedMediaType(contentType)] };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (problem) {
    return { ok: false, violations: [jsonParseError("body", null, (problem as Error).message)] };
  }
  const unkeptBody = keepable(body, "body", [], text);
  if (unkeptBody) return { ok: false, violations: unkeptBody };
  asRead(operation.body, body);
  const bodyValidator = operation.validate.body!;
  if (!bodyValidator(body)) {
    const violations = violationsOf(bodyValidator, body, "body");
    // Only the body's alternatives failed (every field is of its type): the operation's own words answer.
    const onlyAlternatives = (bodyValidator.errors ?? []).every((e) => e.schemaPath?.startsWith("#/anyOf") === true);
    if (operation.anyOfRefusal && onlyAlternatives) return { ok: false, violations, refusal: operation.anyOfRefusal };
    const [first] = violations;
    const worded = operation.bodyRefusals?.find((r) => r.field === first?.attr && r.keywords.includes(first.keyword));
    return worded ? { ok: false, violations, refusal: worded.refusal } : { ok: false, violations };
  }
  const outOfRange = dateTimesOutOfRange(operation.body, body);
  if (outOfRange) return { ok: false, violations: [outOfRange] };
  return { ok: true, request: { path, query, body } };
}

/**
 * The first date-time field of `body` the service cannot hold, worded as DRF's DateTimeField
 * words it (date-range.ts): `invalid` for one Python's datetime cannot parse (year 0, a second
 * 60, a lower-case `z`), `overflow` for one whose moment in UTC leaves the range.
 */
function dateTimesOutOfRange(entry: BodyEntry, body: unknown): Violation | undefined {
  if (!entry.dateTimes || body === null || typeof body !== "object") return undefined;
  for (const field of entry.dateTimes) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value !== "string") continue;
    const reading = serviceReading(value);
    if (reading === "valid") continue;
    const wording =
      reading === "overflow"
        ? dateTimeOverflow()
        : violationWording({ keyword: "format", params: { format: "date-time" }, instancePath: `/${field}` } as ValidationError, value);
    return { location: "body", attr: field, keyword: "format", ...wording };
  }
  return undefined;
}
