import { InvalidInputError } from "../errors.js";
import { check } from "./checks.js";

const placeholder = /\{([^{}]+)\}/g;

/**
 * Fills `{name}` in a path template, one URL segment per value. Unlike openapi-fetch's
 * default it refuses a missing value (which would otherwise be sent as a literal
 * `{name}`), and `.`, `..` or an empty value, which URL parsing would resolve to another
 * path. Everything else is percent-encoded, so `/`, `?` and `#` stay in their segment, but
 * `@`, which a path segment may hold as it is (RFC 3986 `pchar`): the live service's project id
 * `@current` is sent as written.
 */
export function serializePath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(placeholder, (_, name: string) => {
    const field = `params.path.${name}`;
    const value = params?.[name];
    // A number or null names itself (NaN, Infinity, null); anything else by its type.
    const kind = typeof value === "number" || value === null ? value : typeof value;
    check(typeof value === "string" || Number.isFinite(value), field, `is required, a string or a finite number, got ${kind}`);
    const text = String(value);
    check(text !== "" && text !== "." && text !== "..", field, `must not be "${text}", which would change the path`);
    try {
      return encodeURIComponent(text).replaceAll("%40", "@");
    } catch {
      throw new InvalidInputError(field, "must be well-formed text (it holds a lone surrogate)");
    }
  });
}
