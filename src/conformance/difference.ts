// The first difference between an answer and a schema, from the errors of an ajv validator
// compiled with allErrors off (it stops at the first failing keyword, after trying every
// branch of a union): where it is, as a JSON pointer (RFC 6901), what the description expects
// there, and what was found: its kind, with a number's or a boolean's value and a string's or an
// array's size, which say why a bound failed. Never a string's text, which may hold anything.
import type { ValidationError } from "../shared/validation-error.js";

export interface Difference {
  /** Where, in the body: "" is the whole body. */
  pointer: string;
  expected: string;
  found: string;
}

const escapeToken = (token: string) => token.replaceAll("~", "~0").replaceAll("/", "~1");
const unescapeToken = (token: string) => token.replaceAll("~1", "/").replaceAll("~0", "~");
const combinators = new Set(["anyOf", "oneOf", "if", "allOf", "not"]);
const list = (values: unknown) => [values].flat().map((value) => JSON.stringify(value));

/** What kind of value `value` is, in JSON Schema's words. */
function typeOf(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** What was found: its kind, and what of it can be shown (a number, a boolean, a size). */
function foundOf(value: unknown): string {
  const kind = typeOf(value);
  if (typeof value === "number" || typeof value === "boolean") return `${kind} ${JSON.stringify(value)}`;
  if (typeof value === "string") return `string of ${plural([...value].length, "character")}`;
  if (Array.isArray(value)) return `array of ${plural(value.length, "item")}`;
  return kind;
}

/** A bound in words: "a number >= 1", "at most 400 characters". */
const bounds: Record<string, (limit: unknown) => string> = {
  minimum: (limit) => `a number >= ${limit}`,
  maximum: (limit) => `a number <= ${limit}`,
  exclusiveMinimum: (limit) => `a number > ${limit}`,
  exclusiveMaximum: (limit) => `a number < ${limit}`,
  multipleOf: (limit) => `a multiple of ${limit}`,
  minLength: (limit) => `at least ${plural(Number(limit), "character")}`,
  maxLength: (limit) => `at most ${plural(Number(limit), "character")}`,
  minItems: (limit) => `at least ${plural(Number(limit), "item")}`,
  maxItems: (limit) => `at most ${plural(Number(limit), "item")}`,
};

/** The value at `pointer` in `data`; undefined where there is none. */
function at(data: unknown, pointer: string): unknown {
  if (pointer === "") return data;
  let current = data;
  for (const token of pointer.slice(1).split("/").map(unescapeToken)) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, token)) return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}

/** What one failing keyword expects, and where. */
function describe(error: ValidationError): { pointer: string; expected: string } {
  const { instancePath: pointer, keyword, params } = error;
  switch (keyword) {
    case "type":
      return { pointer, expected: `type ${String(params.type).split(",").join(" or ")}` };
    case "required":
      return { pointer: `${pointer}/${escapeToken(String(params.missingProperty))}`, expected: "a value (required)" };
    case "additionalProperties":
    case "unevaluatedProperties":
      return { pointer: `${pointer}/${escapeToken(String(params.additionalProperty ?? params.unevaluatedProperty))}`, expected: "no such property" };
    case "enum":
      return { pointer, expected: `one of ${list(params.allowedValues).join(", ")}` };
    case "const":
      return { pointer, expected: `exactly ${list(params.allowedValue).join("")}` };
    case "format":
      return { pointer, expected: `format "${String(params.format)}"` };
    case "pattern":
      return { pointer, expected: `text matching /${String(params.pattern)}/` };
    default: {
      const bound = bounds[keyword];
      if (bound) return { pointer, expected: bound(params.limit ?? params.multipleOf) };
      // ajv's own words for the rest.
      return { pointer, expected: error.message ?? keyword };
    }
  }
}

/**
 * The first difference ajv found in `data`. Where a union failed at the very place its first
 * branch did (a value neither a string nor null), all its branches' expectations there are
 * named together.
 */
export function firstDifference(errors: readonly ValidationError[] | null | undefined, data: unknown): Difference {
  const first = errors?.find((error) => !combinators.has(error.keyword)) ?? errors?.[0];
  if (!first) return { pointer: "", expected: "a valid body", found: foundOf(data) };
  let { pointer, expected } = describe(first);
  const union = errors!.find((error) => (error.keyword === "anyOf" || error.keyword === "oneOf") && error.instancePath === first.instancePath);
  if (union) {
    const here = errors!.filter((error) => !combinators.has(error.keyword) && error.instancePath === first.instancePath).map(describe);
    if (here.every((d) => d.pointer === pointer)) {
      const types = here.every((d) => d.expected.startsWith("type "))
        ? [`type ${here.map((d) => d.expected.slice(5)).join(" or ")}`]
        : here.map((d) => d.expected);
      expected = [...new Set(types)].join("; or ");
    }
  }
  return { pointer, expected, found: foundOf(at(data, pointer)) };
}
