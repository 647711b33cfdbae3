import openapiFetch from "openapi-fetch";
import type { paths } from "../../generated/openapi.js";
import { check, checkDuration, checkWholeNumber } from "./internal/checks.js";
import { resolveOptions, type ClientOptions } from "./options.js";
import { createPagination } from "./paginate.js";
import { serializePath } from "./internal/path-serializer.js";
import { parseData } from "./internal/read-body.js";
import { sendWithRetries, type CallResult, type RetryConfig } from "./internal/retry.js";
import { createTransport } from "./internal/transport.js";
import type { ApiClient } from "./client-types.js";

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
  const { transport, retry, fetchClient } = resolveOptions(options);
  const client = createFetchClient<paths>({
    ...fetchClient,
    fetch: createTransport(transport),
    pathSerializer: serializePath,
  });
  wrapCalls(client as unknown as Record<string, unknown>, retry);
  return Object.assign(client, createPagination(client)) as unknown as ApiClient;
}

type Init = { fetch?: unknown; maxRetries?: unknown; timeoutMs?: unknown; signal?: AbortSignal | null; parseAs?: unknown } | undefined;
type Send = (...args: unknown[]) => Promise<CallResult>;

/**
 * The per-call options checked, naming the field: a per-call `fetch` is refused, as it would
 * bypass the key's origin check, retries and timeouts.
 */
function checkCall(init: NonNullable<Init>) {
  check(init.fetch === undefined, "init.fetch", "is not accepted per call: pass fetch to createClient");
  if (init.maxRetries !== undefined) checkWholeNumber(init.maxRetries, 0, "init.maxRetries");
  if (init.timeoutMs !== undefined) checkDuration(init.timeoutMs, "init.timeoutMs");
}

/** Makes each of openapi-fetch's calls check its per-call options, retry and parse its JSON once. */
function wrapCalls(client: Record<string, unknown>, { maxRetries, log }: RetryConfig) {
  // Async, so that a refused option rejects the call rather than throwing from it.
  const call = async (method: string, init: Init, send: (init: Init) => Promise<CallResult>) => {
    if (init) checkCall(init);
    const { signal, parseAs = "json" } = init ?? {};
    const sent = {
      ...init,
      // JSON is read as text and parsed by parseData.
      parseAs: parseAs === "json" ? "text" : parseAs,
      // The caller's signal goes to the transport, which listens to it only during each attempt,
      // and not to openapi-fetch's Request, which would keep a listener on it per call.
      ...(signal ? { signal: undefined, callerSignal: signal } : {}),
    };
    const result = await sendWithRetries(method, () => send(sent), (init?.maxRetries as number | undefined) ?? maxRetries, signal, log);
    if (parseAs === "json") parseData(result, method);
    return result;
  };
  for (const method of ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]) {
    const send = client[method] as Send;
    client[method] = (path: unknown, init: Init) => call(method, init, (sent) => send(path, sent));
  }
  const request = client.request as Send;
  client.request = (method: string, path: unknown, init: Init) =>
    call(String(method).toUpperCase(), init, (sent) => request(method, path, sent));
}
