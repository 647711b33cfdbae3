// A URL as a recording keeps it: the scheme, the host mapped to a pseudonym, and the path with
// the segments that name a record or a person (ids, UUIDs, emails, tokens) templated; the
// query, the fragment, credentials and port are dropped, since they carry tokens, emails and
// search terms. A URL is read with or without a scheme (`app.acme.com/u/1` has a host too); a
// value whose first segment is not a host is read as a path.
import type { Pseudonyms } from "./pseudonyms.js";
import { readingsOf } from "./readings.js";
import { emailShape, ipsIn, isIdLike, isTokenLike, isUuid, phonesIn } from "./shapes.js";

/** A URL's parts: what is kept (`scheme`, `host`, `path`) and what is dropped (`userinfo`, `rest`: the query and fragment). */
export interface UrlParts {
  /** `https:`, or empty when the URL has none. */
  scheme: string;
  /** The host name, lower case, without credentials or port; empty when there is none. */
  host: string;
  userinfo: string;
  path: string;
  /** The query and fragment, from their `?` or `#`. */
  rest: string;
}

const withAuthority = /^(?:([a-z][a-z0-9+.-]*:))?\/\/([^/?#]*)([^?#]*)([\s\S]*)$/i;
/** A first segment that names a host: a dotted name ending in letters, localhost, an IPv4 or a bracketed IPv6 address, with credentials and a port or not. */
const bareAuthority =
  /^((?:[^/?#@\s]*@)?(?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*\.?|localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])(?::\d*)?)([/?#][\s\S]*)?$/i;

function authorityParts(authority: string): { userinfo: string; host: string } {
  const at = authority.lastIndexOf("@");
  const userinfo = at >= 0 ? authority.slice(0, at) : "";
  const hostPort = authority.slice(at + 1);
  const host = (hostPort.startsWith("[") ? hostPort.slice(0, hostPort.indexOf("]") + 1) : hostPort.replace(/:\d*$/, "")).toLowerCase().replace(/\.$/, "");
  return { userinfo, host };
}

/** `text` split into a URL's parts (see above). */
export function urlParts(text: string): UrlParts {
  const full = withAuthority.exec(text);
  if (full) return { scheme: (full[1] ?? "").toLowerCase(), ...authorityParts(full[2]!), path: full[3]!, rest: full[4]! };
  const bare = bareAuthority.exec(text);
  if (bare) {
    const after = bare[2] ?? "";
    const cut = after.search(/[?#]/);
    return { scheme: "", ...authorityParts(bare[1]!), path: cut >= 0 ? after.slice(0, cut) : after, rest: cut >= 0 ? after.slice(cut) : "" };
  }
  const cut = text.search(/[?#]/);
  return { scheme: "", host: "", userinfo: "", path: cut >= 0 ? text.slice(0, cut) : text, rest: cut >= 0 ? text.slice(cut) : "" };
}

/** A path segment as written: the segment, or its template when it names a record, a person or a secret, in any of its readings. */
export function templateSegment(raw: string): string {
  if (raw === "") return raw;
  const { texts, undecidable } = readingsOf(raw);
  if (undecidable) return ":token";
  if (texts.some((text) => isUuid(text))) return ":uuid";
  if (texts.some((text) => (text.match(emailShape) ?? []).length > 0)) return ":email";
  if (texts.some((text) => isIdLike(text))) return ":id";
  if (texts.some((text) => isTokenLike(text) || ipsIn(text).length > 0 || phonesIn(text).length > 0)) return ":token";
  return raw;
}

/**
 * `url` as a recording keeps it (see above); a host becomes the same pseudonym wherever it
 * appears. A segment no template names is kept only when `common` says enough persons' pages
 * hold it (census.ts), else it is `:text`: a name slug (`/users/jane-doe/`) is one person's.
 */
export function templateUrl(url: string, pseudonyms: Pseudonyms, common: (segment: string) => boolean = () => true): string {
  const { scheme: read, host, path } = urlParts(url);
  // A scheme from the web's few, so none carries text of its own.
  const scheme = read === "" || /^(https?|wss?|file|capacitor|ionic|app):$/.test(read) ? read : "https:";
  const templated = path
    .split("/")
    .map((raw) => {
      const segment = templateSegment(raw);
      return segment === raw && raw !== "" && !common(raw) ? ":text" : segment;
    })
    .join("/");
  if (!host) return templated;
  const mapped = pseudonyms.of("host", host);
  // As WHATWG URL writes a web address with no path: with its root.
  const root = templated === "" && /^https?:$/.test(scheme) ? "/" : templated;
  return scheme ? `${scheme}//${mapped}${root}` : `${mapped}${templated}`;
}
