import openapiFetch from "openapi-fetch";
import type { paths } from "../generated/openapi.js";
import { resolveOptions, type ClientOptions } from "./options.js";
import { createPagination } from "./paginate.js";
import { serializePath } from "./path-serializer.js";
import { InvalidInputError } from "./errors.js";
import { createTransport } from "./transport.js";
import type { ApiClient } from "./typed.js";

// openapi-fetch's CommonJS build sets `exports.default` without `__esModule`, so from our
// CommonJS build the default import is its whole exports object.
const createFetchClient: typeof openapiFetch =
  (openapiFetch as unknown as { default?: typeof openapiFetch }).default ?? openapiFetch;

/**
 * An openapi-fetch client for the API, typed by the generated paths, that authenticates,
 * retries, times out and pages. The API key lives only in openapi-fetch's closure, as a
 * base header, never on an object the caller can inspect.
 */
export function createClient(options: ClientOptions): ApiClient {
  const { transport, fetchClient } = resolveOptions(options);
  const client = createFetchClient<paths>({
    ...fetchClient,
    fetch: createTransport(transport),
    pathSerializer: serializePath,
  });
  refuseCallFetch(client as unknown as Record<string, unknown>);
  return Object.assign(client, createPagination(client)) as unknown as ApiClient;
}

const methods = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;

/**
 * openapi-fetch lets a call replace `fetch`, which would bypass the key's origin check,
 * retries and timeouts: a call that tries gets InvalidInputError instead.
 */
function refuseCallFetch(client: Record<string, unknown>) {
  const refused = () => Promise.reject(new InvalidInputError("init.fetch", "is not accepted per call: pass fetch to createClient"));
  for (const method of methods) {
    const send = client[method] as (path: unknown, init?: { fetch?: unknown }) => Promise<unknown>;
    client[method] = (path: unknown, init?: { fetch?: unknown }) => (init?.fetch !== undefined ? refused() : send(path, init));
  }
  const request = client.request as (method: unknown, path: unknown, init?: { fetch?: unknown }) => Promise<unknown>;
  client.request = (method: unknown, path: unknown, init?: { fetch?: unknown }) => (init?.fetch !== undefined ? refused() : request(method, path, init));
}
