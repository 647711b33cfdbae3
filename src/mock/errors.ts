// Every error answer the mock gives, worded in one place. Those the spec words in its
// examples come from the compiled examples, with the request's own scope, wait or address put
// in; the rest are the live service's wording (shared reference: live-service.md), which the
// spec does not show: method and size refusals, server failures, and the text of each kind of
// field violation.

import compiledErrors from "../../generated/mock/errors.json";
import type { ValidationError } from "../shared/validation-error.js";
import type { Violation } from "./responses.js";
import { type Answer, error, json, rendered } from "./responses.js";
import type { DocumentedError, ErrorRendering, OperationEntry } from "./spec/operations.js";

/** The error answers the description's examples word, by example name (`not_found`, `invalid_key`, …): the same for both profiles. */
const documentedErrors = compiledErrors as Record<string, DocumentedError>;

/** The spec's example `name`, its detail edited when the request decides part of it. */
function documented(name: string, headers: Record<string, string> = {}, detail?: (documented: string) => string): Answer {
  const example = documentedErrors[name];
  if (!example) throw new Error(`the spec has no error example named ${name}`);
  return json(example.status, detail ? { ...example.body, detail: detail(example.body.detail ?? "") } : example.body, headers);
}

/** The 401's `WWW-Authenticate`, pointing at the address the request came to rather than the service's. */
function wwwAuthenticate(name: string, origin: string): Record<string, string> {
  const value = documentedErrors[name]?.headers["WWW-Authenticate"];
  return typeof value === "string" ? { "WWW-Authenticate": value.replace(/https?:\/\/[^/"]+/, origin) } : {};
}

export const notFound = () => documented("not_found");
/**
 * A path the profile serves under another prefix only (the seed's description states one,
 * `served`): the 404 says which, and that the live profile serves the service's second prefix.
 */
export const prefixNotServed = (served: string) =>
  documented(
    "not_found",
    {},
    (detail) =>
      `${detail} This mock answers as its description, whose paths are under ${served} only; the live profile (session-recordings-api-mock/live, --profile live) also serves them under /api/projects/{project_id}/, as the service does.`,
  );
/** An unknown project, in the words of the service's routing mixin (`TeamAndOrgViewSetMixin.team`). */
export const projectNotFound = () => documented("project_not_found");
export const notAuthenticated = (origin: string) => documented("not_authenticated", wwwAuthenticate("not_authenticated", origin));
export const invalidKey = (origin: string) => documented("invalid_key", wwwAuthenticate("invalid_key", origin));
export const missingScope = (scope: string) => documented("missing_scope", {}, (detail) => detail.replace(/'[^']*'/, `'${scope}'`));
export const throttled = (seconds: number) =>
  documented("throttled", { "Retry-After": String(seconds) }, (detail) => detail.replace(/\d+ seconds?/, `${seconds} ${seconds === 1 ? "second" : "seconds"}`));
/** The operation's own documented 403, for a key it refuses outright (see spec/auth.ts). */
export function documentedForbidden(operation: OperationEntry): Answer {
  const [example] = Object.values(operation.responses["403"]?.examples ?? {});
  return example ? json(403, example) : documented("missing_scope");
}
/** A create rule's refusal (see resources/subscriptions.ts): the operation's 400 example the description names for it. */
export function documentedRefusal(operation: OperationEntry, name: string): Answer {
  const example = operation.responses["400"]?.examples[name];
  if (example === undefined) throw new Error(`${operation.id} has no 400 example named ${name}`);
  return json(400, example);
}
/** A create when the kind's ids are spent: the next would pass Number.MAX_SAFE_INTEGER, where ids stop being exact. */
export const idsSpent = (kind: "playlist" | "subscription") =>
  error(
    503,
    "server_error",
    "ids_exhausted",
    `Every ${kind} id up to ${Number.MAX_SAFE_INTEGER} is taken: reset the mock, or restore a state whose nextId.${kind} is smaller.`,
  );

/** A write refused because the state is at its size cap (state/size.ts): what to do is said. */
export const stateFull = (cap: number) =>
  error(
    503,
    "server_error",
    "state_full",
    `The mock's state is at its cap of ${Math.round(cap / 1024 / 1024)} MiB (as JSON), so writes that would grow it are refused: delete recordings (DELETE .../session_recordings/{id}/) or a playlist's recordings, POST /__mock/reset, or PUT /__mock/state with a smaller state. Reads, deletes and soft deletes go on.`,
  );

/** The words of a schedule no recurrence rule can follow, by the field that makes it so (see state/schedule.ts). */
export const scheduleWording = {
  frequency: (value: unknown) => `"${String(value)}" is not a valid choice.`,
  interval: "Ensure this value is greater than or equal to 1.",
  byweekday: "Each item must be a day of the week, monday to sunday.",
  bysetpos: "With byweekday, ensure this value is between 1 and 366, or -366 and -1.",
  date: "A valid datetime is required.",
};

/** The service's code for an `interval` below 1 is its serializer's `min_value`; the other fields' is `invalid`. */
export function invalidSchedule(field: string, detail: string, rendering: ErrorRendering): Answer {
  const { code, attr } = rendered(field === "interval" ? "min_value" : "invalid", field, rendering);
  return error(400, "validation_error", code, detail, attr);
}

/** A write refused at the organization's cap of active AI summaries (`x-active-summary-cap`): the documented 402, naming the cap. */
export function summaryCapReached(operation: OperationEntry, name: string, limit: number): Answer {
  const example = operation.responses["402"]?.examples[name] as { detail?: string } | undefined;
  if (example === undefined) throw new Error(`${operation.id} has no 402 example named ${name}`);
  return json(402, { ...example, detail: example.detail?.replace(/up to \d+/, `up to ${limit}`) });
}

export const methodNotAllowed = (method: string, allow: string) =>
  error(405, "invalid_request", "method_not_allowed", `Method "${method}" not allowed.`, null, { Allow: allow });
export const requestTooLarge = (maxBytes: number) =>
  error(413, "invalid_request", "request_too_large", `The request body is larger than ${maxBytes / 1024 / 1024} MB.`);
export const serverError = (status: number, headers: Record<string, string> = {}, detail = "A server error occurred.") =>
  error(status, "server_error", "error", detail, null, headers);
/** A request the server cannot turn into one for the engine (a malformed URL or header). */
export const unreadableRequest = (detail: string) => error(400, "invalid_request", "parse_error", detail);

/** A change `onChange` could not take (the server's --persist save failed): not acknowledged, though it stays in memory. */
export const notSaved = (reason: string) => error(503, "server_error", "not_saved", `The change is in memory but was not saved: ${reason}`);

/** The admin routes' own answers. */
export const adminBodyNotJson = () => error(400, "validation_error", "parse_error", "The body must be JSON.");
export const adminInvalid = (detail: string, attr: string | null) => error(400, "validation_error", "invalid_input", detail, attr);
/** An admin write not sent as JSON: 415, the status of the guard, with the flag curl needs. */
export const adminNotJsonType = (contentType: string | null) =>
  error(
    415,
    "invalid_request",
    "unsupported_media_type",
    `Unsupported media type "${contentType ?? ""}": the admin routes take JSON; send Content-Type: application/json (curl: -H 'Content-Type: application/json').`,
    "Content-Type",
  );
/** An admin request from a web page of another origin (see adapters/node-http/handler.ts). */
export const adminForeignOrigin = (origin: string) =>
  error(
    403,
    "authentication_error",
    "permission_denied",
    `The admin routes answer only the mock's own origin, not ${JSON.stringify(origin)}; start the mock with --admin-origin to allow one.`,
    "Origin",
  );
/** A request addressed to a name the server was not given (see adapters/node-http/allowed-hosts.ts): a page's rebound DNS name. */
export const hostNotAllowed = (name: string) =>
  error(
    403,
    "authentication_error",
    "permission_denied",
    `The mock answers requests addressed to an IP address, localhost or a name it was given, not ${JSON.stringify(name)}; start it with --allowed-host ${name} to allow that name (a web page can point a name of its own at this machine to read the mock: DNS rebinding).`,
    "Host",
  );
export const adminNotFound = () =>
  error(404, "invalid_request", "not_found", "Admin routes: POST /__mock/reset, GET|PUT /__mock/state, GET /__mock/requests, POST /__mock/scenario.");

/** Request violations that come before the schemas: no body, the wrong media type, JSON that does not parse. */
export const bodyRequired = (): Violation => ({ location: "body", attr: null, keyword: "required", code: "required", detail: "A JSON body is required." });
export const unsupportedMediaType = (contentType: string | null): Violation => ({
  type: "invalid_request",
  location: "header",
  attr: "Content-Type",
  keyword: "contentType",
  code: "unsupported_media_type",
  detail: `Unsupported media type "${contentType ?? ""}" in request: send application/json.`,
});
/** A value the store could not keep (see spec/json-limits.ts). */
export const unrepresentableValue = (location: Violation["location"], attr: string | null, problem: "number" | "depth", maxDepth: number): Violation => ({
  location,
  attr,
  keyword: problem === "number" ? "finite" : "maxDepth",
  code: "invalid",
  detail: problem === "number" ? "A valid number is required." : `Nested more than ${maxDepth} levels deep.`,
});
/** A number the store would keep other than as written (see spec/json-numbers.ts). */
/** Why a number a double cannot hold as written is refused: the state would keep another value than the one sent. */
export const inexactDetail =
  "This number cannot be kept as written: the mock keeps numbers as doubles (at most 15 to 17 significant digits, from about 5e-324 to 1.8e308); send it as text, or rounded.";
export const inexactValue = (location: Violation["location"], attr: string | null): Violation => ({
  location,
  attr,
  keyword: "exact",
  code: "invalid",
  detail: inexactDetail,
});
export const jsonParseError = (location: Violation["location"], attr: string | null, message: string): Violation => ({
  type: "invalid_request",
  location,
  attr,
  keyword: "parse",
  code: "parse_error",
  detail: `JSON parse error - ${message}`,
});

/** One of pydantic's errors, as `errors()` gives it. */
export type PydanticError = Record<string, unknown>;

/**
 * Refused query parameters as a listing validated by pydantic answers them (`x-query-errors`):
 * one error whose `detail` is `json.dumps(errors())`, each item with pydantic's `type`, `loc`,
 * `msg`, `input`, `ctx` where pydantic sets one, and `url`; no `attr`.
 */
export const pydanticViolation = (items: PydanticError[]): Violation => ({
  location: "query",
  attr: null,
  keyword: "pydantic",
  code: "invalid",
  detail: pythonJson(items),
});

/** ajv's failures of the query's parameters as pydantic's errors, one a parameter; `url` is where its error pages are. */
export function pydanticErrors(failures: readonly ValidationError[], query: Record<string, unknown>, url: string): PydanticError[] {
  const seen = new Set<string>();
  const items: PydanticError[] = [];
  for (const failure of failures) {
    const name = failure.instancePath.split("/")[1] ?? String(failure.params.missingProperty ?? "");
    if (seen.has(name) || ["oneOf", "anyOf", "allOf", "if"].includes(failure.keyword)) continue;
    seen.add(name);
    const input = pythonValue(query[name]);
    const { type, msg, ctx } = pydanticWording(failure, input);
    items.push({ type, loc: [name], msg, input, ...(ctx ? { ctx } : {}), url: `${url}${type}` });
  }
  return items;
}

/** A JSON document's first failure as pydantic's error on `name`: a list that is not one is `list_type`. */
export function pydanticDocumentError(failure: ValidationError, name: string, document: unknown, url: string): PydanticError {
  const path = failure.instancePath.split("/").slice(1);
  const input = path.reduce<unknown>(
    (value, key) => (value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined),
    document,
  );
  const list = failure.keyword === "type" && [failure.params.type].flat().includes("array");
  const { type, msg, ctx } = list ? { type: "list_type", msg: "Input should be a valid list", ctx: undefined } : pydanticWording(failure, input);
  const loc = [name, ...path.map((key) => (/^\d+$/.test(key) ? Number(key) : key))];
  return { type, loc, msg, input, ...(ctx ? { ctx } : {}), url: `${url}${type}` };
}

/** A parameter the query's model does not have, as pydantic refuses it with `extra="forbid"`. */
export const pydanticExtra = (name: string, value: string, url: string): PydanticError => ({
  type: "extra_forbidden",
  loc: [name],
  msg: "Extra inputs are not permitted",
  input: pythonValue(value),
  url: `${url}extra_forbidden`,
});

/** A query value as the service's query_as_params_to_dict reads it: JSON where it parses, the text otherwise. */
function pythonValue(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

const quoted = (values: unknown[]) => {
  const texts = values.map((v) => `'${String(v)}'`);
  return texts.length > 1 ? `${texts.slice(0, -1).join(", ")} or ${texts.at(-1)}` : (texts[0] ?? "");
};

function pydanticWording(failure: ValidationError, input: unknown): { type: string; msg: string; ctx?: Record<string, unknown> } {
  const p = failure.params;
  switch (failure.keyword) {
    case "type": {
      const types = [p.type].flat();
      if (types.includes("integer"))
        return typeof input === "number"
          ? { type: "int_from_float", msg: "Input should be a valid integer, got a number with a fractional part" }
          : { type: "int_parsing", msg: "Input should be a valid integer, unable to parse string as an integer" };
      if (types.includes("boolean")) return { type: "bool_parsing", msg: "Input should be a valid boolean, unable to interpret input" };
      return { type: "string_type", msg: "Input should be a valid string" };
    }
    case "enum": {
      const expected = quoted(p.allowedValues as unknown[]);
      return { type: "enum", msg: `Input should be ${expected}`, ctx: { expected } };
    }
    case "minimum":
      return { type: "greater_than_equal", msg: `Input should be greater than or equal to ${String(p.limit)}`, ctx: { ge: p.limit } };
    case "maximum":
      return { type: "less_than_equal", msg: `Input should be less than or equal to ${String(p.limit)}`, ctx: { le: p.limit } };
    case "pattern":
      return { type: "string_pattern_mismatch", msg: `String should match pattern '${String(p.pattern)}'`, ctx: { pattern: p.pattern } };
    case "format":
      return p.format === "uuid"
        ? { type: "uuid_parsing", msg: "Input should be a valid UUID" }
        : { type: "value_error", msg: `Value error, not a valid ${String(p.format)}` };
    default:
      return { type: "value_error", msg: `Value error, ${failure.message ?? "invalid value"}` };
  }
}

/** JSON as Python's json.dumps writes it: `", "` and `": "` between items, every non-ASCII character escaped. */
export function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.entries(value)
      .map(([k, v]) => `${pythonJson(k)}: ${pythonJson(v)}`)
      .join(", ")}}`;
  return (JSON.stringify(value) ?? "null").replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A date-time Python's datetime holds as written but not in UTC: DRF's DateTimeField `overflow` (date-range.ts). */
export const dateTimeOverflow = () => ({ code: "overflow", detail: "Datetime value out of range." });

const typeMessages: Record<string, string> = {
  integer: "A valid integer is required.",
  number: "A valid number is required.",
  boolean: "Must be a valid boolean.",
  string: "Not a valid string.",
};

/** The service's code and wording for one schema failure of `value`. */
export function violationWording(failure: ValidationError, value: unknown): { code: string; detail: string } {
  const p = failure.params;
  switch (failure.keyword) {
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
      if (p.format === "date-time")
        return { code: "invalid", detail: "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z]." };
      return { code: "invalid", detail: `Enter a valid ${String(p.format)}.` };
    case "pattern":
      return { code: "invalid", detail: "This value does not have the expected format." };
    default:
      return { code: "invalid", detail: `This value ${failure.message ?? "is invalid"}.` };
  }
}
