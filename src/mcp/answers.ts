// What an agent reads back: the fields PostHog's server cuts taken out, only the fields asked
// for, and a listing cut to the character budget, with the `cursor` that goes on from there
// (within the page or after it).
import { nextPage } from "../shared/next-page.js";
import type { RequestParts } from "./arguments.js";
import { encodeCursor } from "./cursor.js";
import type { Tool } from "./tools.js";

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

/** `value` without the field at `path` (a dot between levels). */
function without(value: unknown, path: readonly string[]): unknown {
  if (!isRecord(value) || path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (!(head in value)) return value;
  const copy = { ...value };
  if (rest.length === 0) delete copy[head];
  else copy[head] = without(copy[head], rest);
  return copy;
}

/** Only the fields at `paths` of `value`, each where it was. */
function only(value: unknown, paths: readonly string[]): unknown {
  if (!isRecord(value)) return value;
  const out: Json = {};
  for (const path of paths) {
    const [head, ...rest] = path.split(".") as [string, ...string[]];
    if (!(head in value)) continue;
    out[head] = rest.length === 0 ? value[head] : mergeInto(out[head], only(value[head], [rest.join(".")]));
  }
  return out;
}

function mergeInto(before: unknown, after: unknown): unknown {
  return isRecord(before) && isRecord(after) ? { ...before, ...after } : after;
}

/** One record as the agent gets it. */
function shaped(tool: Tool, record: unknown, fields: string[] | undefined): unknown {
  const cut = tool.exclude.reduce((value, path) => without(value, path.split(".")), record);
  return fields ? only(cut, fields) : cut;
}

/**
 * The answer to a call: the record, or the listing's page cut to `budget` characters of JSON
 * (at least one item), with `cursor` when there is more.
 */
export function answerOf(tool: Tool, data: unknown, parts: RequestParts, budget: number): unknown {
  if (!isRecord(data) || !Array.isArray(data.results) || !tool.annotations.readOnlyHint) return shaped(tool, data, parts.fields);
  const { results, next: _next, previous: _previous, has_next: _hasNext, ...envelope } = data;
  const skip = parts.position.skip ?? 0;
  const items = results.slice(skip).map((item) => shaped(tool, item, parts.fields));
  const kept: unknown[] = [];
  let size = 0;
  for (const item of items) {
    const length = JSON.stringify(item).length + 1;
    if (kept.length > 0 && size + length > budget) break;
    kept.push(item);
    size += length;
  }
  const start = parts.position.offset ?? (typeof parts.query.offset === "number" ? parts.query.offset : 0);
  let cursor: string | undefined;
  if (!tool.paging) cursor = undefined;
  else if (kept.length < items.length) {
    cursor =
      tool.paging === "cursor"
        ? encodeCursor({ ...(parts.position.cursor === undefined ? {} : { cursor: parts.position.cursor }), skip: skip + kept.length })
        : encodeCursor({ offset: start + skip + kept.length });
  } else {
    const after = nextPage(data as { results: unknown[]; next?: unknown; has_next?: unknown });
    if (after && tool.paging === "cursor") {
      const mark = after.link?.get("cursor");
      if (mark) cursor = encodeCursor({ cursor: mark });
    } else if (after) cursor = encodeCursor({ offset: start + results.length });
  }
  const cut = kept.length < items.length;
  if (!cursor && cut)
    return { ...envelope, results: kept, more: `cut to the answer budget: ${kept.length} of ${items.length}; pass fields to get fewer fields and more items` };
  return {
    ...envelope,
    results: kept,
    ...(cursor
      ? {
          cursor,
          more: `${kept.length < items.length ? `cut to the answer budget: ${kept.length} of this page's ${items.length}` : "more pages follow"}; call again with this cursor to go on`,
        }
      : {}),
  };
}
