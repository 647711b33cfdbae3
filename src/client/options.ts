import { type ClientOptions as FetchClientOptions, type HeadersOptions, mergeHeaders } from "openapi-fetch";
import { authorizationHeader } from "./internal/auth.js";
import { check, checkDuration, checkWholeNumber } from "./internal/checks.js";
import { type Logger, resolveLogger } from "./logging.js";

/** Receives the Request and, as fetch does, an init whose `signal` replaces the Request's. */
export type FetchFunction = (input: Request, init?: RequestInit) => Promise<Response>;

export interface ClientOptions extends Omit<FetchClientOptions, "baseUrl" | "fetch" | "headers" | "pathSerializer"> {
  /** The service's address, such as `https://us.posthog.com` or `https://eu.posthog.com`. */
  baseUrl: string;
  /** A personal API key. Sent as `Authorization: Bearer …` to `baseUrl`'s origin only. */
  apiKey: string;
  /** Replaces `globalThis.fetch`, for tests, proxies or instrumentation. */
  fetch?: FetchFunction | undefined;
  /** Retries after the first attempt; 0 turns retries off. Default 2. */
  maxRetries?: number | undefined;
  /** How long each attempt may take, from sending the request to the last byte of the body. Default 60 000 ms. */
  timeoutMs?: number | undefined;
  /** The largest response body read, counted while it streams; a larger one ends the call with ResponseTooLargeError. Default 64 MiB. */
  maxResponseBytes?: number | undefined;
  /**
   * Receives each attempt: method, path, attempt number, status or error, duration and the
   * wait before a retry; never the key. `SESSION_RECORDINGS_API_LOG=debug` logs them to
   * console.debug when no logger is given.
   */
  logger?: Logger | undefined;
  /** Headers sent with every request. */
  headers?: HeadersOptions | undefined;
}

/** What every call of one client shares: its options, checked, as the call pipeline reads them. */
export interface CallConfig {
  /** The only origin the key is sent to. */
  origin: string;
  fetch: FetchFunction;
  /** `fetch` is the platform's, which reads `init.signal` on every call. */
  readsSignal: boolean;
  maxRetries: number;
  timeoutMs: number;
  maxResponseBytes: number;
  log: Logger | undefined;
  /** Replaces the key in a text with a placeholder. */
  redact: (text: string) => string;
}

/** What a single call may set for itself, over the client's options. */
export interface CallOptions {
  /** Retries after this call's first attempt; 0 turns them off for it. */
  maxRetries?: number | undefined;
  /** How long each attempt of this call may take, body included, in ms. */
  timeoutMs?: number | undefined;
}

export const defaults = { maxRetries: 2, timeoutMs: 60_000, maxResponseBytes: 64 * 1024 * 1024 } as const;

/** Checks the options and splits them into what openapi-fetch takes and what the call pipeline keeps. */
export function resolveOptions(options: ClientOptions): {
  calls: CallConfig;
  fetchClient: Omit<FetchClientOptions, "fetch" | "pathSerializer">;
} {
  check(options !== null && typeof options === "object", "options", "must be an object");
  const {
    baseUrl,
    apiKey,
    fetch,
    headers,
    maxRetries = defaults.maxRetries,
    timeoutMs = defaults.timeoutMs,
    maxResponseBytes = defaults.maxResponseBytes,
    logger,
    ...rest
  } = options;

  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    // Shown below, without what could be a secret.
  }
  // Credentials in the URL would travel with every request and show in every error; the
  // message shows neither them nor a query.
  const shown = String(baseUrl)
    .replace(/\/\/[^/@]*@/, "//[redacted]@")
    .replace(/[?#][\s\S]*/, "?…");
  check(
    url && /^https?:$/.test(url.protocol) && !url.username && !url.password && !url.search && !url.hash,
    "options.baseUrl",
    `must be an absolute http(s) URL with no credentials (use apiKey), query or fragment, got "${shown}"`,
  );
  // An unset environment variable is the usual cause: say so, rather than what a key may hold.
  check(apiKey != null && apiKey !== "", "options.apiKey", `is ${apiKey == null ? "missing" : "empty"}: pass a personal API key`);
  // A header value holds Latin-1 without control characters; fetch's own error would quote
  // the key, and no message here does.
  check(
    typeof apiKey === "string" && /^[\x21-\x2b\x2d-\x7e\xa1-\xff]+$/.test(apiKey),
    "options.apiKey",
    "must be a personal API key: printable Latin-1 characters, no spaces or commas",
  );
  check(
    fetch === undefined ? typeof globalThis.fetch === "function" : typeof fetch === "function",
    "options.fetch",
    "must be a function (it is required where globalThis.fetch does not exist)",
  );
  check(logger === undefined || typeof logger === "function", "options.logger", "must be a function");
  checkWholeNumber(maxRetries, 0, "options.maxRetries");
  checkDuration(timeoutMs, "options.timeoutMs");
  checkWholeNumber(maxResponseBytes, 1, "options.maxResponseBytes");

  // The key joins openapi-fetch's base headers, held in its closure and never on an object
  // the caller can inspect; each attempt removes it from a request to any other origin.
  // A plain object: openapi-fetch merges the base headers into every request, and reading a
  // Headers costs it more than the rest of building the request.
  const baseHeaders = Object.fromEntries(mergeHeaders(headers, { Authorization: authorizationHeader(apiKey) }));
  return {
    calls: {
      origin: url.origin,
      // Looked up per call, and called on globalThis: browsers refuse a detached `fetch`.
      fetch: fetch ?? ((input, init) => globalThis.fetch(input, init)),
      readsSignal: fetch === undefined,
      maxRetries,
      timeoutMs,
      maxResponseBytes,
      log: resolveLogger(logger),
      redact: (text) => text.replaceAll(apiKey, "[redacted key]"),
    },
    fetchClient: { ...rest, baseUrl, headers: baseHeaders },
  };
}
