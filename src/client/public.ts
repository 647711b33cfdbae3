// What both client entries (session-recordings-api and session-recordings-api/live) export
// besides their own createClient and types: the errors, the options, unwrap and the logger.
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
} from "./errors.js";
export type { AttemptLog, Logger } from "./logging.js";
export { type CallOptions, type ClientOptions, defaults, type FetchFunction } from "./options.js";
export { type DataOf, unwrap } from "./unwrap.js";
