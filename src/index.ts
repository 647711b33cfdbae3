export type { components, operations, paths } from "../generated/openapi.js";
export type { ApiClient, ItemOf, ListingPage, ListPath, Page, PaginateOptions, ReadOnlyOrUnknownField } from "./client/client-types.js";
export { createClient } from "./client/create-client.js";
export * from "./client/public.js";
