import { authorize } from "./auth.js";
import type { TransportConfig } from "./options.js";
import { sendWithRetries } from "./retry.js";
import { sendWithTimeout } from "./timeout.js";

export type RequestInfo = { method: string; path: string };

/** Which request each response answered, for errors built from a response alone. */
export const requestOfResponse = new WeakMap<Response, RequestInfo>();

export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const end = url.search(/[?#]/);
  return start === -1 ? "/" : url.slice(start, end === -1 ? undefined : end);
}

/** The fetch function handed to openapi-fetch: auth, then retries of timed attempts. */
export function createTransport(config: TransportConfig): (request: Request) => Promise<Response> {
  const { apiKey, origin, fetch, maxRetries, timeoutMs } = config;
  return async (request) => {
    authorize(request, origin, apiKey);
    const path = pathOf(request.url);
    const response = await sendWithRetries(
      request,
      (attempt) => sendWithTimeout(fetch, attempt, timeoutMs, path),
      maxRetries,
      path,
    );
    requestOfResponse.set(response, { method: request.method, path });
    return response;
  };
}
