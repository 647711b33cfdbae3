// JSON text with pieces JSON.stringify cannot write: number tokens that overflow a double
// (`1e999`), lone surrogate escapes, nesting thousands of levels deep. A generated value holds
// them as RawJson leaves; jsonText writes the rest as JSON.stringify would.

export class RawJson {
  constructor(readonly text: string) {}
  toString(): string {
    return `RawJson(${this.text.length > 60 ? `${this.text.slice(0, 60)}…` : this.text})`;
  }
}

/** The JSON text of `value`, RawJson leaves written verbatim. Recursive: generated values are shallow, deep nesting lives in RawJson. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? "null" : jsonText(item))).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, inner]) => inner !== undefined);
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${jsonText(inner)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Arrays nested `depth` levels, or objects `{"a":…}` nested as deep, around `core`. */
export function nested(depth: number, kind: "array" | "object", core = "1"): RawJson {
  return kind === "array" ? new RawJson(`${"[".repeat(depth)}${core}${"]".repeat(depth)}`) : new RawJson(`${'{"a":'.repeat(depth)}${core}${"}".repeat(depth)}`);
}

/** A plain copy of a generated value for reports: RawJson shown by its text. */
export const describeValue = (value: unknown): string => jsonText(value).slice(0, 300);
