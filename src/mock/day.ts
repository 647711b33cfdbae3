/** A day in milliseconds: the mock's dates are UTC, where every day is this long. */
export const day = 86_400_000;
