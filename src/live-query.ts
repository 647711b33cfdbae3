// session-recordings-api/live/query: session-recordings-api/query for the live service's paths
// (session-recordings-api/live), its pages on `has_next` and its own table of what writes change.

import type { paths } from "../generated/live/openapi.js";
import refreshTable from "../generated/refresh/live.json";
import { infiniteListing as describedListing, type InfiniteListingOf } from "./query/infinite-listing.js";
import { queriesChangedByFrom } from "./query/queries-changed-by.js";

export type { InfiniteListing } from "./query/infinite-listing.js";
export type { ChangedQueries, WriteMethod } from "./query/queries-changed-by.js";

/** `useInfiniteQuery`'s paging options for a live listing, on `has_next` or the envelope. */
// One runtime for both: it reads whichever shape the page has.
export const infiniteListing = describedListing as unknown as InfiniteListingOf<paths>;

/** The cached reads a write changed, from the live description's paths and links. */
export const queriesChangedBy = queriesChangedByFrom<paths>(refreshTable);
