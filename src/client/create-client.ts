import openapiFetch from "openapi-fetch";
import type { paths } from "../../generated/openapi.js";
import type { ApiClient } from "./client-types.js";
import { wrapCalls } from "./internal/call.js";
import { serializePath } from "./internal/path-serializer.js";
import { type ClientOptions, resolveOptions } from "./options.js";
import { createPagination } from "./paginate.js";

// openapi-fetch's CommonJS build sets `exports.default` without `__esModule`, so from our
// CommonJS build the default import is its whole exports object.
const createFetchClient: typeof openapiFetch = (openapiFetch as unknown as { default?: typeof openapiFetch }).default ?? openapiFetch;

/**
 * An openapi-fetch client for the API, typed by the generated paths, that authenticates,
 * retries, times out and pages. The API key lives only in openapi-fetch's closure, as a
 * base header, never on an object the caller can inspect. Every call goes through the
 * pipeline in internal/call.ts, which gives openapi-fetch a fetch of its own per call.
 */
export function createClient(options: ClientOptions): ApiClient {
  const { calls, fetchClient } = resolveOptions(options);
  const client = createFetchClient<paths>({ ...fetchClient, pathSerializer: serializePath });
  wrapCalls(client as unknown as Record<string, unknown>, calls);
  return Object.assign(client, createPagination(client)) as unknown as ApiClient;
}
