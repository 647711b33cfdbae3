import { sendAttempt, type CallRequest } from "./attempt.js";
import { keepKeyOnOrigin } from "./auth.js";
import type { TransportConfig } from "../options.js";

/**
 * The fetch function handed to openapi-fetch: the key's origin check, then one timed attempt.
 * Retries happen a level up (see retry.ts), where openapi-fetch builds each attempt's
 * Request afresh, so a body is sent again without copying it first.
 */
export function createTransport(config: TransportConfig): (request: Request) => Promise<Response> {
  const { origin, fetch, readsSignal, timeoutMs, maxResponseBytes, redact } = config;
  const context = { fetch, maxResponseBytes, readsSignal };
  return (request: CallRequest) => {
    keepKeyOnOrigin(request, origin);
    return sendAttempt(context, request, { method: request.method, url: request.url, redact }, request.timeoutMs ?? timeoutMs);
  };
}
