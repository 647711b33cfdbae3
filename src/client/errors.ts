import { pathOf } from "./internal/url-path.js";

/**
 * Every error this package throws. None of them holds the API key, the Request (whose
 * headers carry it) or the client's options.
 */

/** A caller passed something this package cannot use; `field` names it. */
export class InvalidInputError extends TypeError {
  override readonly name = "InvalidInputError";
  readonly field: string;

  constructor(field: string, problem: string) {
    super(`${field} ${problem}`);
    this.field = field;
  }
}

/** Something went wrong with one request; says which one. */
export class RequestError extends Error {
  override readonly name: string = "RequestError";
  readonly method: string;
  /** The request's URL path, without the origin or query. */
  readonly path: string;

  /** `url` is the request's; only its path is kept. */
  constructor(method: string, url: string, message: string, options?: { cause?: unknown }) {
    const path = pathOf(url);
    super(`${method} ${path}: ${message}`, options);
    this.method = method;
    this.path = path;
  }
}

/** The server could not be reached, or the connection broke before a response. */
export class ConnectionError extends RequestError {
  override readonly name = "ConnectionError";
}

/** No response arrived within `timeoutMs`. */
export class RequestTimeoutError extends RequestError {
  override readonly name = "RequestTimeoutError";
  readonly timeoutMs: number;

  constructor(method: string, url: string, timeoutMs: number) {
    super(method, url, `no response within ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's signal aborted the request; `cause` is the signal's reason. */
export class RequestAbortedError extends RequestError {
  override readonly name = "RequestAbortedError";
}

/** The server answered in a shape this package cannot use: a listing it cannot page, or a success whose JSON is empty or invalid. */
export class UnexpectedResponseError extends RequestError {
  override readonly name: string = "UnexpectedResponseError";
}

/** The response body grew past `maxResponseBytes`; the connection was released. */
export class ResponseTooLargeError extends UnexpectedResponseError {
  override readonly name = "ResponseTooLargeError";
  readonly maxResponseBytes: number;

  constructor(method: string, url: string, maxResponseBytes: number) {
    super(method, url, `the response body is larger than maxResponseBytes (${maxResponseBytes} bytes)`);
    this.maxResponseBytes = maxResponseBytes;
  }
}

export type ApiErrorKind =
  | "bad_request"
  | "unauthorized"
  | "payment_required"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "rate_limited"
  | "client_error"
  | "server_error";

const kindsByStatus: Record<number, ApiErrorKind> = {
  400: "bad_request",
  401: "unauthorized",
  402: "payment_required",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  429: "rate_limited",
};

function kindOf(status: number): ApiErrorKind {
  return kindsByStatus[status] ?? (status >= 500 ? "server_error" : "client_error");
}

/** The server answered with an error status. Carries the live error body's fields. */
export class ApiError extends RequestError {
  override readonly name = "ApiError";
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** `validation_error`, `authentication_error`, `invalid_request`, `throttled_error`, `server_error`, … */
  readonly type: string | undefined;
  /** `invalid_input`, `required`, `not_authenticated`, `permission_denied`, `not_found`, `throttled`, … */
  readonly code: string | undefined;
  readonly detail: string | undefined;
  /** The field the server rejected, or null. */
  readonly attr: string | null | undefined;
  readonly headers: Headers;
  /** The parsed body (or its text when it is not JSON); undefined when empty. */
  readonly body: unknown;
  /** The server's id for the request (`x-request-id` or the like), to quote in a support request. */
  readonly requestId: string | undefined;

  constructor(init: { method: string; url: string; status: number; statusText?: string; headers: Headers; body: unknown }) {
    const fields = (init.body ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string) : undefined);
    const detail = text("detail");
    super(init.method, init.url, [init.status, detail ?? init.statusText].filter(Boolean).join(" "));
    this.status = init.status;
    this.kind = kindOf(init.status);
    this.type = text("type");
    this.code = text("code");
    this.detail = detail;
    this.attr = fields.attr === null ? null : text("attr");
    this.headers = init.headers;
    this.body = init.body;
    this.requestId = init.headers.get("x-request-id") ?? init.headers.get("request-id") ?? undefined;
  }
}
