// Why a recording stopped, in one line for the person who ran it: a wrong key, a missing scope
// (named), a wrong project, a host that is not the API, a network failure. Built from the
// client's errors, which never hold the key.
import { ApiError, ConnectionError, RequestAbortedError, RequestTimeoutError, UnexpectedResponseError } from "../live.js";
import { MockStateError } from "../mock/state/snapshot.js";
import { keyVariable } from "./args.js";
import { BoundReachedError } from "./bounds.js";
import { UnknownProjectError } from "./read-account.js";
import { PersonalDataError, requiredScopes } from "./record.js";
import { looksPersonal } from "./scan.js";

/** The run was interrupted (Ctrl-C): nothing written. */
export const isInterruption = (error: unknown) => error instanceof RequestAbortedError || (error instanceof Error && error.name === "AbortError");

/** A source's own words (an error's detail), shown only when no reading of them is shaped like personal data, and short. */
const sourceText = (text: string) =>
  looksPersonal(text) ? "(a detail shaped like personal data, not shown)" : text.length > 300 ? `${text.slice(0, 300)}…` : text;

export function failureLine(error: unknown, baseUrl: string, project: string): string {
  const host = new URL(baseUrl).host;
  if (error instanceof PersonalDataError || error instanceof UnknownProjectError || error instanceof BoundReachedError) return error.message;
  if (error instanceof ApiError) {
    const detail = sourceText(error.detail ?? "");
    if (error.status === 401)
      return `the key was refused (401${detail ? `: ${detail}` : ""}): check ${keyVariable} and that it is a personal API key for ${host}`;
    if (error.status === 403) {
      const scope = /scope '([^']+)'/.exec(detail)?.[1];
      if (scope) return `the key lacks the scope ${scope}; the recorder needs ${requiredScopes.join(", ")} (reads only)`;
      return `the key may not read project ${project} (403${detail ? `: ${detail}` : ""}); the recorder needs ${requiredScopes.join(", ")}`;
    }
    if (error.status === 404 && error.path.startsWith("/api/projects"))
      return `${host} does not answer as the PostHog API (GET /api/projects/ answered 404): check --base-url`;
    if (error.status === 404) return `project ${project} has no ${error.path.split("/")[4] ?? "such listing"} here (404): check --project and --base-url`;
    if (error.status === 429) return `the service kept throttling (429) past the retries: try again later, or with a larger --pace-ms`;
    return `${error.method} ${error.path} answered ${error.status}${detail ? `: ${detail}` : ""}`;
  }
  if (error instanceof RequestTimeoutError) return `${host} did not answer within ${error.timeoutMs} ms (${error.path})`;
  if (error instanceof ConnectionError) {
    const cause = (error.cause as { cause?: { code?: string }; code?: string } | undefined) ?? {};
    const code = cause.code ?? cause.cause?.code;
    return `cannot reach ${host}${code ? ` (${code})` : ""}: check --base-url and the network`;
  }
  if (error instanceof UnexpectedResponseError) return `${host} does not answer as the PostHog API (${sourceText(error.message)}): check --base-url`;
  if (error instanceof MockStateError) return `the recording would not load into the mock, so nothing was written: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
