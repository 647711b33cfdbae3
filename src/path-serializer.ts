import { InvalidInputError } from "./errors.js";

const placeholder = /\{([^{}]+)\}/g;

/**
 * Fills `{name}` in a path template, one URL segment per value. Unlike openapi-fetch's
 * default it refuses a missing value (which would otherwise be sent as a literal
 * `{name}`), and `.`, `..` or an empty value, which URL parsing would resolve to another
 * path. Everything else is percent-encoded, so `/`, `?` and `#` stay in their segment.
 */
export function serializePath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(placeholder, (_, name: string) => {
    const field = `params.path.${name}`;
    const value = params?.[name];
    if (typeof value === "number" && !Number.isFinite(value)) throw new InvalidInputError(field, "must be a finite number");
    if (typeof value !== "string" && typeof value !== "number") {
      throw new InvalidInputError(field, `is required (a string), got ${value === null ? "null" : typeof value}`);
    }
    const text = String(value);
    if (text === "" || text === "." || text === "..") {
      throw new InvalidInputError(field, `must not be ${text === "" ? "empty" : `"${text}"`}`);
    }
    try {
      return encodeURIComponent(text);
    } catch {
      throw new InvalidInputError(field, "must be well-formed text (it holds a lone surrogate)");
    }
  });
}
