// What JSON.parse and the coercing validators accept but the store could not keep: a number
// past what a double holds (`1e999` parses as Infinity, which JSON writes back as null) and
// nesting deeper than the store's copy and the answer's JSON.stringify can walk. Such a value
// is refused with a 400 naming the field, before anything is stored.

/** The deepest nesting the mock takes; the service's own filters nest a handful of levels. */
export const maxJsonDepth = 64;

export interface Unrepresentable {
  /** Where it is, from the document's root: property names and array indexes. */
  path: string[];
  problem: "number" | "depth";
}

/**
 * The first value of `document` the store could not keep, or undefined. Iterative, so no
 * document is too deep to check. `maxDepth` is counted from the document's root.
 */
export function unrepresentable(document: unknown, maxDepth = maxJsonDepth): Unrepresentable | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value: document, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === "number" && !Number.isFinite(value)) return { path, problem: "number" };
    if (value === null || typeof value !== "object") continue;
    if (path.length >= maxDepth) return { path, problem: "depth" };
    for (const [key, item] of Object.entries(value)) stack.push({ value: item, path: [...path, key] });
  }
  return undefined;
}
