export { createClient } from "./client/create-client.js";
export {
  ApiError,
  ConnectionError,
  InvalidInputError,
  RequestAbortedError,
  RequestError,
  RequestTimeoutError,
  ResponseTooLargeError,
  UnexpectedResponseError,
  type ApiErrorKind,
} from "./client/errors.js";
export { defaults, type CallOptions, type ClientOptions, type FetchFunction } from "./client/options.js";
export type { AttemptLog, Logger } from "./client/logging.js";
export type { ApiClient, ItemOf, ListPath, Page, PaginateOptions, ReadOnlyOrUnknownField } from "./client/client-types.js";
export { unwrap, type DataOf } from "./client/unwrap.js";
export type { components, operations, paths } from "../generated/openapi.js";
