// A URL as a recording keeps it: the scheme, the host mapped to a pseudonym, and the path with
// the segments that name a record or a person (ids, UUIDs, emails, tokens) templated; the
// query, the fragment, credentials and port are dropped, since they carry tokens, emails and
// search terms. A value that is not an absolute URL is read as a path.
import type { Pseudonyms } from "./pseudonyms.js";
import { isEmail, isIdLike, isUuid } from "./shapes.js";

function segment(raw: string): string {
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    return ":token";
  }
  if (isUuid(text)) return ":uuid";
  if (isEmail(text)) return ":email";
  if (isIdLike(text)) return ":id";
  return raw;
}

/** `path` with its query and fragment dropped and its record-naming segments templated. */
export function templatePath(path: string): string {
  const bare = path.replace(/[?#][\s\S]*$/, "");
  return bare.split("/").map(segment).join("/");
}

/** `url` as a recording keeps it (see above); a host becomes the same pseudonym wherever it appears. */
export function templateUrl(url: string, pseudonyms: Pseudonyms): string {
  let parsed: URL | undefined;
  try {
    parsed = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed?.hostname) return templatePath(url);
  const host = pseudonyms.of("host", parsed.hostname.toLowerCase());
  return `${parsed.protocol}//${host}${templatePath(parsed.pathname)}`;
}
