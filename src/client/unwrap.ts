import { ApiError } from "./errors.js";
import { exchangeOf } from "./internal/read-body.js";

type Result = { data?: unknown; error?: unknown; response: Response };

/** The success data of an openapi-fetch result. */
export type DataOf<R> = R extends { data: infer D; error?: never } ? D : never;

/** Builds the ApiError for a response with an error status. */
function apiErrorFrom(response: Response, body: unknown): ApiError {
  // openapi-fetch hands over "" for an empty body that had no Content-Length.
  const info = exchangeOf(response);
  const redact = info?.redact ?? ((text: string) => text);
  return new ApiError({
    method: info?.method ?? "UNKNOWN",
    url: info?.url ?? response.url,
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    body: body === "" ? undefined : redactDeep(body, redact),
  });
}

/** The error body with the key taken out of every string in it. */
function redactDeep(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact));
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, redact)]));
  return value;
}

/**
 * Returns the data of an openapi-fetch result, or throws ApiError when the status is not
 * 2XX. It checks the status rather than `error`, which openapi-fetch leaves undefined for
 * an error with an empty body (such as the playlist DELETE's 405).
 */
export function unwrap<R extends Result>(result: R): DataOf<R> {
  if (!result.response.ok) throw apiErrorFrom(result.response, result.error);
  return result.data as DataOf<R>;
}
