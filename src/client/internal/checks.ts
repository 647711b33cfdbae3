import { InvalidInputError } from "../errors.js";

/** Throws InvalidInputError naming `field` unless `ok`. */
export function check(ok: unknown, field: string, problem: string): asserts ok {
  if (!ok) throw new InvalidInputError(field, problem);
}

/** A whole number of at least `min`: a retry count, a size. Returns it. */
export function checkWholeNumber(value: unknown, min: number, field: string): number {
  check(Number.isInteger(value) && (value as number) >= min, field, `must be a whole number ≥ ${min}, got ${String(value)}`);
  return value as number;
}

/** A time in milliseconds. */
export function checkDuration(value: unknown, field: string): void {
  check(typeof value === "number" && value > 0 && value < Number.POSITIVE_INFINITY, field, `must be a number > 0, got ${String(value)}`);
}
