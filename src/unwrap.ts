import { ApiError } from "./errors.js";
import { requestOfResponse } from "./transport.js";

type Result = { data?: unknown; error?: unknown; response: Response };

/** The success data of an openapi-fetch result. */
export type DataOf<R> = R extends { data: infer D; error?: never } ? D : never;

/** Builds the ApiError for a response with an error status. */
export function apiErrorFrom(response: Response, body: unknown): ApiError {
  // openapi-fetch hands over "" for an empty body that had no Content-Length.
  const info = requestOfResponse.get(response);
  return new ApiError({
    method: info?.method ?? "UNKNOWN",
    url: info?.url ?? response.url,
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    body: body === "" ? undefined : body,
  });
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
