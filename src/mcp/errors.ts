// A failed call as the one sentence an agent reads: from the client's typed errors (status,
// the service's detail and the field it names), a refused argument, or the server's own refusal.
// Never the key: the client's errors hold none, and every sentence passes through `redact`.
import { ApiError, ConnectionError, RequestAbortedError, RequestTimeoutError, ResponseTooLargeError, UnexpectedResponseError } from "../client/errors.js";
import { ToolInputError } from "./arguments.js";

/** A call this server refuses itself (a write without --allow-writes, an unknown tool). */
export class ToolRefusal extends Error {
  override readonly name = "ToolRefusal";
}

const sentence = (text: string) => {
  const trimmed = text.trim().replace(/\s+/g, " ");
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** One sentence saying why `tool`'s call failed. */
export function errorSentence(tool: string, error: unknown, redact: (text: string) => string): string {
  if (error instanceof ToolRefusal) return redact(sentence(error.message));
  if (error instanceof ToolInputError) return redact(sentence(`${tool}: ${error.message}`));
  if (error instanceof ApiError) {
    const field = error.attr ? ` (the argument ${error.attr})` : "";
    const detail = error.detail ? `: ${error.detail.replace(/[.\s]+$/, "")}` : "";
    const hint =
      error.status === 401
        ? "; check POSTHOG_PERSONAL_API_KEY"
        : error.status === 403
          ? "; the key lacks a scope this tool needs, or the project is not the key's"
          : error.status === 404
            ? "; nothing has that id in this project"
            : error.status === 429
              ? "; wait, then call again"
              : "";
    return redact(sentence(`${tool}: the API answered ${error.status} ${error.kind.replace("_", " ")}${field}${detail}${hint}`));
  }
  if (error instanceof RequestTimeoutError) return redact(sentence(`${tool}: the API did not answer within ${error.timeoutMs} ms`));
  if (error instanceof RequestAbortedError) return redact(sentence(`${tool}: the call was cancelled`));
  if (error instanceof ConnectionError) return redact(sentence(`${tool}: the API could not be reached (${error.message.replace(/^\S+ \S+: /, "")})`));
  if (error instanceof ResponseTooLargeError) return redact(sentence(`${tool}: the API's answer was too large to read`));
  if (error instanceof UnexpectedResponseError) return redact(sentence(`${tool}: the API answered in a shape this server cannot read`));
  return redact(sentence(`${tool}: failed (${error instanceof Error ? error.name : "an unknown error"})`));
}
