// session-recordings-api/query: the client in a frontend data layer (TanStack Query through
// openapi-react-query, SWR through swr-openapi), typed by the description's paths. Its own
// entry, so the client's stays as small as it was for those who don't use one.

import type { paths } from "../generated/openapi.js";
import refreshTable from "../generated/refresh/seed.json";
import { queriesChangedByFrom } from "./query/queries-changed-by.js";

export { type InfiniteListing, infiniteListing } from "./query/infinite-listing.js";
export type { ChangedQueries, WriteMethod } from "./query/queries-changed-by.js";

/**
 * The cached reads a write changed (the item, the listings it shows in, what the description
 * links it to), for `queryClient.invalidateQueries(queriesChangedBy("patch", path, init))`.
 */
export const queriesChangedBy = queriesChangedByFrom<paths>(refreshTable);
