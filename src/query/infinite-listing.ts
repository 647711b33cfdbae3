// A listing as an infinite query, for TanStack Query (React, Vue, Svelte, Solid: the options are
// the same) through openapi-react-query, which pages by one query parameter. This API pages by
// `offset`: the next page starts where the last one ended, so no item is fetched twice even
// when a page is shorter than `limit`, and the page that says nothing follows ends the query.
import type { paths } from "../../generated/openapi.js";
import type { AnyPaths, ListingPage, ListPath } from "../client/client-types.js";

/** The options `useInfiniteQuery` needs for a listing, besides its key and query function. */
export interface InfiniteListing<Page> {
  /** The query parameter openapi-react-query sets to each page's param. */
  pageParamName: "offset";
  initialPageParam: number;
  /** The next page's offset, or undefined after the last page. */
  getNextPageParam: (lastPage: Page, allPages: Page[], lastPageParam: unknown) => number | undefined;
}

/** `infiniteListing`, for the listings of one set of paths. */
export type InfiniteListingOf<Paths extends AnyPaths> = <P extends ListPath<Paths>>(path: P) => InfiniteListing<ListingPage<P, Paths>>;

/** What a page may say about what follows, in either shape. */
interface PageEnd {
  results?: unknown;
  has_next?: unknown;
  next?: unknown;
  count?: unknown;
}

/**
 * `useInfiniteQuery`'s paging options for a listing, on either shape: the envelope
 * (`{count, next, previous, results}`) ends at `next: null`, the live service's page
 * (`{results, has_next}`) at `has_next: false`.
 *
 * ```ts
 * $api.useInfiniteQuery("get", path, { params: { path: { project_id } } }, infiniteListing(path));
 * ```
 */
export const infiniteListing: InfiniteListingOf<paths> = (path) => ({
  pageParamName: "offset",
  initialPageParam: 0,
  getNextPageParam(lastPage, _allPages, lastPageParam) {
    const page = lastPage as PageEnd;
    if (!Array.isArray(page?.results)) throw new TypeError(`infiniteListing: a page of GET ${path} has no results list`);
    const next = (typeof lastPageParam === "number" ? lastPageParam : 0) + page.results.length;
    // An empty page makes no progress: asking again would loop.
    if (page.results.length === 0) return undefined;
    if (typeof page.has_next === "boolean") return page.has_next ? next : undefined;
    if (page.next !== undefined) return page.next === null ? undefined : next;
    if (typeof page.count === "number") return next < page.count ? next : undefined;
    throw new TypeError(`infiniteListing: a page of GET ${path} says neither has_next, next nor count`);
  },
});
