// The limit/offset envelope, with `next` and `previous` as absolute URLs on the origin the
// request came to, carrying the caller's other query parameters; or, where the operation's
// answer is the live recordings listing's page, `{results, has_next, version}`.
import type { HandlerContext } from "./context.js";

export interface PageRequest {
  url: URL;
  limit: number | undefined;
  offset: number | undefined;
}

/** One page of `items`; `maxLimit` cuts a larger `limit` (the listing's `x-limit-maximum`). */
export function page<T>(items: readonly T[], { url, limit, offset }: PageRequest, defaultLimit: number, maxLimit = Number.POSITIVE_INFINITY) {
  const size = Math.max(1, Math.min(limit ?? defaultLimit, maxLimit));
  const start = offset ?? 0;
  const link = (at: number) => {
    const target = new URL(url.href);
    target.searchParams.set("limit", String(size));
    target.searchParams.set("offset", String(at));
    return target.href;
  };
  return {
    count: items.length,
    next: start + size < items.length ? link(start + size) : null,
    previous: start > 0 ? link(Math.max(0, start - size)) : null,
    results: items.slice(start, start + size),
  };
}

/** The live recordings listing's version of its query, which the live service sends with each page. */
export const liveListingVersion = 4;

/**
 * The page a listing request asks for, by its validated `limit` (the description's default when
 * none is sent, unless the mock was given a `pageSize`) and `offset`, in the shape the operation answers.
 */
export function pageFor<T>(context: HandlerContext, items: readonly T[]) {
  const { query } = context.request;
  const limit = context.pageSize !== undefined && !context.url.searchParams.has("limit") ? context.pageSize : (query.limit as number | undefined);
  const request = { url: context.url, limit, offset: query.offset as number | undefined };
  // A listing whose description gives `limit` no default (none does today) answers every item.
  const envelope = page(items, request, items.length, context.operation.limitMaximum);
  if (context.operation.answers !== "has_next") return envelope;
  return { results: envelope.results, has_next: envelope.next !== null, version: liveListingVersion };
}
