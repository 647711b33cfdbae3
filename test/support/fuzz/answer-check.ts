// Whether one answer of the mock is one the description allows: a status the operation
// declares (or OPTIONS's 204), a body valid against that status's schema (by the tests' own
// ajv, not the mock's validators), the documented headers, headers any HTTP server can send,
// and none of the mock's own violation flags. Each problem starts with a stable tag, so
// findings group by kind.
import { errorsOf, validatorFor } from "../schema-validator.js";
import { deref, flatten, type OperationEntry, type Schema, schemaNamed } from "../spec.js";

/** Who the request says it is, as far as the fuzz knows the mock's key rules. */
export type KeyKind = "none" | "invalid" | "read-only" | "writer" | "unknown";

/** What a key may do: every scope, the `:read` ones, or those listed. */
export type Scopes = "*" | "read" | readonly string[];

/**
 * The answer a key must get whatever else is wrong with the request, as the service checks the
 * key first: 401 without a valid one, 403 without the scopes the operation's security
 * requirement lists (or, for an operation that lists none and changes something, with a key
 * that can only read). Undefined when the key may go on, or the fuzz cannot tell.
 */
export function refusalFor(kind: KeyKind, scopes: Scopes | undefined, entry: OperationEntry): 401 | 403 | undefined {
  if (kind === "none" || kind === "invalid") return 401;
  if (scopes === undefined) return undefined;
  const required: string[] = (entry.operation.security ?? []).flatMap((requirement: Schema) => Object.values(requirement).flat());
  const holds = (scope: string) => scopes === "*" || (scopes === "read" ? scope.endsWith(":read") : scopes.includes("*") || scopes.includes(scope));
  if (!required.every(holds)) return 403;
  if (required.length === 0 && entry.method !== "get" && kind === "read-only") return 403;
  return undefined;
}

export interface Exchange {
  entry: OperationEntry;
  method: string;
  /** A path id was empty, so the path is no operation's: 404 is the only answer. */
  noRoute: boolean;
  keyKind: KeyKind;
  /** The refusal the key must get first (see refusalFor). */
  refusal?: 401 | 403;
  scenario: string | null;
  /** The status a `Prefer: code=` asked for, if any. */
  preferredCode?: number;
  /** Names a 400 may give as `attr`: the request's parameters, body fields and headers. */
  fieldNames: Set<string>;
  status: number;
  headers: Headers;
  text: string;
}

/** The operation's response for `status`, declared exactly or by its range (`5XX`), as OpenAPI reads it. */
const declaredResponse = (entry: OperationEntry, status: number): Schema | undefined => {
  const responses = entry.operation.responses ?? {};
  const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
  return response ? deref(response) : undefined;
};

// validatorFor keys its cache by the schema's text; the description's schema objects are the same objects every time.
const validators = new WeakMap<Schema, ReturnType<typeof validatorFor>>();
function compiled(schema: Schema) {
  const validate = validators.get(schema) ?? validatorFor(schema);
  validators.set(schema, validate);
  return validate;
}

/** What an HTTP server can send in a header value: no control characters but tab, nothing past Latin-1. */
const headerSafe = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);

/** The description's path item methods that answer with a 2XX, as OPTIONS's `Allow` should name them. */
function answeredMethods(entry: OperationEntry): string[] {
  return ["get", "post", "put", "patch", "delete"]
    .filter((m) => entry.pathItem[m] && Object.keys(entry.pathItem[m].responses ?? {}).some((s) => s.startsWith("2")))
    .map((m) => m.toUpperCase());
}

/** The 5xx this request may get: a failure the scenario injects, or one it asked for and the operation documents. */
export const allowedServerError = (x: Pick<Exchange, "scenario" | "preferredCode" | "status" | "entry">): boolean =>
  x.scenario === "flaky" || (x.preferredCode === x.status && declaredResponse(x.entry, x.status) !== undefined);

export function answerProblems(x: Exchange): { problems: string[]; body: unknown } {
  const problems: string[] = [];
  const { status, headers, text } = x;
  for (const [name, value] of headers) if (!headerSafe(value)) problems.push(`header-unsafe: ${name}: ${JSON.stringify(value.slice(0, 120))}`);
  const flagged = headers.get("x-mock-response-violations");
  if (flagged) problems.push(`mock-flagged-own-answer: ${flagged.slice(0, 300)}`);
  if (status >= 500 && !allowedServerError(x)) problems.push(`5xx: ${status} ${text.slice(0, 200)}`);
  if (x.method === "HEAD" && text !== "") problems.push("head-with-body");

  let body: unknown;
  if (text !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      problems.push(`body-not-json: ${status} ${text.slice(0, 120)}`);
    }
  }

  if (x.noRoute) {
    if (status !== 404) problems.push(`empty-path-id-not-404: ${status}`);
    return { problems, body };
  }
  if (x.method === "OPTIONS") {
    if (status !== 204) problems.push(`options-status: ${status}`);
    const allow = (headers.get("allow") ?? "").split(/,\s*/);
    for (const method of [...answeredMethods(x.entry), "OPTIONS"])
      if (!allow.includes(method)) problems.push(`options-allow: ${method} missing from ${allow.join(",")}`);
    return { problems, body };
  }

  const declared = declaredResponse(x.entry, status);
  const schema = declared?.content?.["application/json"]?.schema ?? (status >= 400 && !declared ? schemaNamed("ErrorBody") : undefined);
  if (!declared && !(status >= 500 && allowedServerError(x))) problems.push(`undeclared-status: ${status} for ${x.entry.operation.operationId}`);
  if (schema && x.method !== "HEAD") {
    if (!(headers.get("content-type") ?? "").startsWith("application/json")) problems.push(`content-type: ${headers.get("content-type")} for ${status}`);
    const validate = compiled(schema);
    if (body === undefined || !validate(body)) problems.push(`response-schema: ${status} ${errorsOf(validate).slice(0, 300)} in ${text.slice(0, 200)}`);
  } else if (!schema && text !== "") problems.push(`undeclared-body: ${status} ${text.slice(0, 120)}`);

  if (status === 429) {
    const retryAfter = headers.get("retry-after");
    const said = /(\d+) seconds?/.exec(String((body as { detail?: unknown })?.detail ?? ""))?.[1];
    if (!retryAfter || !/^\d+$/.test(retryAfter)) problems.push(`429-retry-after: ${retryAfter}`);
    else if (said !== undefined && said !== retryAfter) problems.push(`429-retry-after-disagrees: header ${retryAfter}, detail ${said}`);
  }
  if (status === 401 && !headers.get("www-authenticate")) problems.push("401-without-www-authenticate");

  // The service's order: the key and its scopes, then throttling, before anything of the request is read.
  if (x.refusal !== undefined && status !== x.refusal) problems.push(`auth-order: ${x.refusal} expected first, got ${status}`);
  else if (x.refusal === undefined && x.keyKind !== "unknown" && x.scenario === "rate-limited" && status !== 429)
    problems.push(`throttle-order: the rate-limited scenario answered ${status}`);
  const success = status >= 200 && status < 300;
  if (success && (x.keyKind === "none" || x.keyKind === "invalid")) problems.push(`success-without-valid-key: ${x.keyKind}`);
  if (success && x.keyKind === "read-only" && x.method !== "GET" && x.method !== "HEAD") problems.push(`read-only-key-wrote: ${x.method} ${status}`);
  if (success && x.scenario === "rate-limited") problems.push(`rate-limited-scenario-answered: ${status}`);
  if (status === 400) {
    const attr = (body as { attr?: unknown })?.attr;
    if (typeof attr === "string" && !x.fieldNames.has(attr.split(".")[0]!)) problems.push(`400-names-unknown-field: ${attr}`);
  }
  return { problems, body };
}

/** Names a 400 may give: the operation's parameters, its body's fields, and the headers that carry input. */
export function fieldNamesOf(entry: OperationEntry): Set<string> {
  const names = new Set<string>(["Prefer", "Content-Type"]);
  for (const parameter of entry.parameters) names.add(parameter.name);
  const media = entry.operation.requestBody ? deref(entry.operation.requestBody).content?.["application/json"] : undefined;
  if (media) for (const name of Object.keys(flatten(media.schema).properties)) names.add(name);
  return names;
}
