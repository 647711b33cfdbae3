import { keepKeyOnOrigin } from "./auth.js";
import type { TransportConfig } from "./options.js";
import { sendWithRetries } from "./retry.js";
import { sendWithTimeout } from "./timeout.js";

/**
 * Which request each response answered, for errors built from a response alone, with the
 * client's redaction: a server that echoes the key in its error must not put it in a message.
 */
export const requestOfResponse = new WeakMap<Response, { method: string; url: string; redact: (text: string) => string }>();

/** The fetch function handed to openapi-fetch: the key's origin check, then retries of timed attempts. */
export function createTransport(config: TransportConfig): (request: Request) => Promise<Response> {
  const { origin, fetch, maxRetries, timeoutMs, maxResponseBytes, redact, log } = config;
  return async (request) => {
    keepKeyOnOrigin(request, origin);
    const { method, url } = request;
    const response = await sendWithRetries(request, (attempt) => sendWithTimeout(fetch, attempt, timeoutMs, maxResponseBytes), maxRetries, log);
    requestOfResponse.set(response, { method, url, redact });
    return response;
  };
}
