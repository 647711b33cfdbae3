/** A JSON object: not null and not an array, which `typeof` alone lets through. */
export const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
