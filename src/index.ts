export type { components, operations, paths } from "../generated/openapi.js";
export type { ApiClient, ItemOf, ListPath, Page, PaginateOptions, ReadOnlyOrUnknownField } from "./client/client-types.js";
export { createClient } from "./client/create-client.js";
export {
  ApiError,
  type ApiErrorKind,
  ConnectionError,
  InvalidInputError,
  RequestAbortedError,
  RequestError,
  RequestTimeoutError,
  ResponseTooLargeError,
  UnexpectedResponseError,
} from "./client/errors.js";
export type { AttemptLog, Logger } from "./client/logging.js";
export { type CallOptions, type ClientOptions, defaults, type FetchFunction } from "./client/options.js";
export { type DataOf, unwrap } from "./client/unwrap.js";
