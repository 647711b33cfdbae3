// Values a case gathers across its steps, and the checks made on them after the last step: what a
// PostHog test asserts after walking every page ("each DB playlist exactly once across pages"), not
// what one page holds.
import { isDeepStrictEqual } from "node:util";
import type { Collect, CollectedCheck } from "./cases.js";
import { read } from "./checks.js";

/** The `field` of each item at `collect.from` in `body` whose fields equal `collect.where`'s. */
export function collectedFrom(body: unknown, collect: Collect): unknown[] {
  const items = read(body, collect.from);
  if (!Array.isArray(items)) return [];
  return items
    .filter((item) => Object.entries(collect.where).every(([key, value]) => isDeepStrictEqual((item as Record<string, unknown>)?.[key], value)))
    .map((item) => (item as Record<string, unknown>)?.[collect.field]);
}

const key = (value: unknown) => JSON.stringify(value);
const describe = (values: unknown[]) => JSON.stringify(values).slice(0, 300);

/** The failure of `check` on the lists collected, or undefined when it holds. */
export function collectedFailure(lists: Map<string, unknown[]>, check: CollectedCheck): { service: string; mock: string } | undefined {
  const values = check.of.flatMap((name) => lists.get(name) ?? []);
  const distinct = new Set(values.map(key));
  const named = check.of.join(" and ");
  switch (check.check) {
    case "length":
      return values.length === check.value ? undefined : { service: `${named}: ${check.value} values`, mock: `${values.length}: ${describe(values)}` };
    case "unique":
      return distinct.size === values.length
        ? undefined
        : { service: `${named}: no value twice`, mock: `${values.length - distinct.size} repeated: ${describe(values)}` };
    case "same_set": {
      const expected = new Set((check.value as unknown[]).map(key));
      const same = expected.size === distinct.size && [...expected].every((value) => distinct.has(value));
      return same ? undefined : { service: `${named}: the values ${describe(check.value as unknown[])}`, mock: describe(values) };
    }
    case "distinct":
      return distinct.size === check.value
        ? undefined
        : { service: `${named}: ${check.value} different values`, mock: `${distinct.size}: ${describe(values)}` };
    case "distinct_at_least":
      return distinct.size >= (check.value as number) ? undefined : { service: `${named}: at least ${check.value} different values`, mock: `${distinct.size}` };
  }
}
