// The checks a case makes on an answer's body (test/posthog/README.md): each the assertion its
// test makes, read at a path. `"<any>"` in an expected value matches any value that is there.
import { isDeepStrictEqual } from "node:util";
import type { Check } from "./cases.js";

export const anyValue = "<any>";
const missing = Symbol("missing");

export function keysOf(at: Check["at"]): (string | number)[] {
  if (Array.isArray(at)) return at;
  return at === "" ? [] : at.split(".");
}

/** The value at `at` in `body`, or `missing`. `length` of a list or string is its length. */
export function read(body: unknown, at: Check["at"]): unknown {
  let value: unknown = body;
  for (const key of keysOf(at)) {
    if (Array.isArray(value) || typeof value === "string") {
      if (key === "length") value = value.length;
      else if (Array.isArray(value) && /^-?\d+$/.test(String(key))) value = value.at(Number(key)) ?? missing;
      else return missing;
    } else if (typeof value === "object" && value !== null && Object.hasOwn(value, String(key))) {
      value = (value as Record<string, unknown>)[String(key)];
    } else {
      return missing;
    }
  }
  return value;
}

/** Deep equality where `"<any>"` in `expected` stands for any value. */
export function matches(actual: unknown, expected: unknown): boolean {
  if (expected === anyValue) return actual !== undefined && actual !== missing;
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => matches(actual[i], item));
  if (typeof expected === "object" && expected !== null) {
    if (typeof actual !== "object" || actual === null || Array.isArray(actual)) return false;
    const keys = Object.keys(expected);
    return (
      keys.length === Object.keys(actual).length &&
      keys.every((key) => Object.hasOwn(actual, key) && matches((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key]))
    );
  }
  return isDeepStrictEqual(actual, expected);
}

/** Whether `item` is an object holding each of `fields` with a matching value (its other fields may be anything). */
function holdsFields(item: unknown, fields: unknown): boolean {
  if (typeof item !== "object" || item === null || typeof fields !== "object" || fields === null) return false;
  return Object.entries(fields).every(([key, value]) => Object.hasOwn(item, key) && matches((item as Record<string, unknown>)[key], value));
}

const holds: Record<Exclude<Check["check"], "same_as">, (actual: unknown, expected: unknown) => boolean> = {
  equals: matches,
  not_equals: (actual, expected) => actual !== missing && !matches(actual, expected),
  length: (actual, expected) =>
    (Array.isArray(actual) || typeof actual === "string" || (typeof actual === "object" && actual !== null)) &&
    Object.keys(actual as object).length === expected,
  present: (actual, expected) => (actual !== missing) === expected,
  contains: (actual, expected) =>
    typeof actual === "string"
      ? typeof expected === "string" && actual.includes(expected)
      : Array.isArray(actual) && actual.some((item) => matches(item, expected)),
  not_contains: (actual, expected) =>
    typeof actual === "string" ? !actual.includes(String(expected)) : Array.isArray(actual) && !actual.some((item) => matches(item, expected)),
  has_item: (actual, expected) => Array.isArray(actual) && actual.some((item) => holdsFields(item, expected)),
  lacks_item: (actual, expected) => Array.isArray(actual) && !actual.some((item) => holdsFields(item, expected)),
  every_item: (actual, expected) => Array.isArray(actual) && actual.every((item) => holdsFields(item, expected)),
  at_least: (actual, expected) => typeof actual === "number" && actual >= (expected as number),
  at_most: (actual, expected) => typeof actual === "number" && actual <= (expected as number),
};

/** What `check` found wrong with `body`: what the test expects there and what is there; undefined when it holds. */
export function failureOf(body: unknown, check: Check): { service: string; mock: string } | undefined {
  const actual = read(body, check.at);
  // `same_as` compares with another value of the same answer, at the path it names.
  const passed =
    check.check === "same_as" ? actual !== missing && matches(actual, read(body, check.value as Check["at"])) : holds[check.check](actual, check.value);
  if (passed) return undefined;
  const where = keysOf(check.at).join(".") || "the body";
  return {
    service: `${where} ${check.check.replace("_", " ")} ${JSON.stringify(check.value)}`,
    mock: actual === missing ? "nothing there" : JSON.stringify(actual).slice(0, 300),
  };
}
