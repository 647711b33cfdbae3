export { createClient } from "./client.js";
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
} from "./errors.js";
export { defaults, type CallOptions, type ClientOptions, type FetchFunction } from "./options.js";
export type { AttemptLog, Logger } from "./logging.js";
export type { ApiClient, ItemOf, ListPath, Page, PaginateOptions, ReadOnlyOrUnknownField } from "./typed.js";
export { unwrap, type DataOf } from "./unwrap.js";
export type { components, operations, paths } from "../generated/openapi.js";
