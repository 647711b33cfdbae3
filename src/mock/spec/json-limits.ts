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

/** One object or array on the way down: the keys of an object, or the next index of an array. */
interface Frame {
  value: Record<string, unknown> | unknown[];
  keys: string[] | undefined;
  next: number;
}

/** Whether `document` is an object of strings, finite numbers, booleans and nulls (path and query parameters mostly are): nothing to walk. */
function flatAndFinite(document: unknown): boolean {
  if (document === null || typeof document !== "object" || Array.isArray(document)) return false;
  for (const key in document) {
    const value = (document as Record<string, unknown>)[key];
    if (value !== null && typeof value === "object") return false;
    if (typeof value === "number" && !Number.isFinite(value)) return false;
  }
  return true;
}

/** The key of the child a frame last went into. */
const keyOf = (frame: Frame) => (frame.keys ? frame.keys[frame.next - 1]! : String(frame.next - 1));

/**
 * The first value of `document` the store could not keep, or undefined. Iterative, so no
 * document is too deep to check, and its memory follows the depth, not the document: one frame
 * per level, the path built only for the value that fails. `maxDepth` is counted from the root.
 */
export function unrepresentable(document: unknown, maxDepth = maxJsonDepth): Unrepresentable | undefined {
  if (maxDepth >= 1 && flatAndFinite(document)) return undefined;
  const frames: Frame[] = [];
  const enter = (value: unknown): Unrepresentable | undefined => {
    if (typeof value === "number" && !Number.isFinite(value)) return { path: frames.map(keyOf), problem: "number" };
    if (value === null || typeof value !== "object") return undefined;
    if (frames.length >= maxDepth) return { path: frames.map(keyOf), problem: "depth" };
    frames.push({ value: value as Frame["value"], keys: Array.isArray(value) ? undefined : Object.keys(value), next: 0 });
    return undefined;
  };
  const found = enter(document);
  if (found) return found;
  while (frames.length) {
    const frame = frames[frames.length - 1]!;
    const length = frame.keys ? frame.keys.length : (frame.value as unknown[]).length;
    if (frame.next >= length) {
      frames.pop();
      continue;
    }
    const key = frame.keys ? frame.keys[frame.next]! : frame.next;
    frame.next++;
    const problem = enter((frame.value as Record<string | number, unknown>)[key]);
    if (problem) return problem;
  }
  return undefined;
}
