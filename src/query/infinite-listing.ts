// A listing as an infinite query, for TanStack Query (React, Vue, Svelte, Solid: the options are
// the same) through openapi-react-query, which pages by one query parameter. This API pages by
// `offset`, and the next one is found as `paginate` finds it (nextPosition): from the `next`
// link, or where the last page ended, so no item is fetched twice, and the page that says
// nothing follows ends the query.
import type { paths } from "../../generated/openapi.js";
import type { AnyPaths, ListingPage, ListPath } from "../client/client-types.js";
import { nextPosition } from "../client/paginate.js";

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
    const page = lastPage as { results?: unknown; next?: unknown; has_next?: unknown };
    if (!Array.isArray(page?.results)) throw new TypeError(`infiniteListing: a page of GET ${path} has no results list`);
    // A page that says neither would end the query silently, maybe pages early.
    if (!("next" in page) && !("has_next" in page)) throw new TypeError(`infiniteListing: a page of GET ${path} says neither has_next nor next`);
    const offset = typeof lastPageParam === "number" ? lastPageParam : 0;
    return nextPosition(page as { results: unknown[] }, { offset, limit: undefined }, `GET ${path}`)?.offset;
  },
});
