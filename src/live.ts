// session-recordings-api/live: the same client (auth, retries, timeouts, paging, errors),
// typed by the live service's description (generated/live/, the description with
// openapi/overlays/live.yaml applied), and that description's types. Use it against
// PostHog itself; the default entry follows the API description.
import type { paths } from "../generated/live/openapi.js";
import type {
  ApiClient,
  ItemOf as ItemOfPaths,
  ListingPage as ListingPageOf,
  ListPath as ListPathOf,
  PaginateOptions as PaginateOptionsOf,
} from "./client/client-types.js";
import { createClient as createSeedClient } from "./client/create-client.js";
import type { ClientOptions } from "./client/options.js";

export type * from "../generated/live/openapi.js";
export type { Page, ReadOnlyOrUnknownField } from "./client/client-types.js";
export * from "./client/public.js";

/** The client for the live service's paths. */
export type LiveApiClient = ApiClient<paths>;
/** The live service's listings: the paths `paginate` accepts. */
export type ListPath = ListPathOf<paths>;
/** The item type of a live listing. */
export type ItemOf<P extends ListPath> = ItemOfPaths<P, paths>;
export type PaginateOptions<P extends ListPath> = PaginateOptionsOf<P, paths>;
/** What one page of a live listing answers: `{results, has_next}` for the recordings. */
export type ListingPage<P extends ListPath> = ListingPageOf<P, paths>;

/**
 * An openapi-fetch client for the live service: the same runtime as the default entry's
 * `createClient`, typed by the live service's paths and answers.
 */
export function createClient(options: ClientOptions): LiveApiClient {
  // One runtime for both: only the types differ, and they describe the same HTTP calls.
  return createSeedClient(options) as unknown as LiveApiClient;
}
