import { mergeHeaders, type ClientOptions as FetchClientOptions, type HeadersOptions } from "openapi-fetch";
import { authorizationHeader } from "./auth.js";
import { InvalidInputError } from "./errors.js";
import { resolveLogger, type Logger } from "./logging.js";
import type { RetryConfig } from "./retry.js";

/** Receives the Request and, as fetch does, an init whose `signal` replaces the Request's. */
export type FetchFunction = (input: Request, init?: RequestInit) => Promise<Response>;

export interface ClientOptions
  extends Omit<FetchClientOptions, "baseUrl" | "fetch" | "headers" | "pathSerializer"> {
  /** The service's address, such as `https://us.posthog.com` or `https://eu.posthog.com`. */
  baseUrl: string;
  /** A personal API key. Sent as `Authorization: Bearer …` to `baseUrl`'s origin only. */
  apiKey: string;
  /** Replaces `globalThis.fetch`, for tests, proxies or instrumentation. */
  fetch?: FetchFunction;
  /** Retries after the first attempt; 0 turns retries off. Default 2. */
  maxRetries?: number;
  /** How long each attempt may take, from sending the request to the last byte of the body. Default 60 000 ms. */
  timeoutMs?: number;
  /** The largest response body read, counted while it streams; a larger one ends the call with ResponseTooLargeError. Default 64 MiB. */
  maxResponseBytes?: number;
  /**
   * Receives each attempt: method, path, attempt number, status or error, duration and the
   * wait before a retry; never the key. `SESSION_RECORDINGS_API_LOG=debug` logs them to
   * console.debug when no logger is given.
   */
  logger?: Logger;
  /** Headers sent with every request. */
  headers?: HeadersOptions;
}

export interface TransportConfig {
  origin: string;
  fetch: FetchFunction;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Replaces the key in a text with a placeholder. */
  redact: (text: string) => string;
}

/** What a single call may set for itself, over the client's options. */
export interface CallOptions {
  /** Retries after this call's first attempt; 0 turns them off for it. */
  maxRetries?: number;
  /** How long each attempt of this call may take, body included, in ms. */
  timeoutMs?: number;
}

/** The problem with `value` as a retry count, or undefined. */
export function retriesProblem(value: unknown): string | undefined {
  return Number.isInteger(value) && (value as number) >= 0 ? undefined : `must be a whole number ≥ 0, got ${String(value)}`;
}

/** The problem with `value` as a timeout, or undefined. */
export function timeoutProblem(value: unknown): string | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? undefined : `must be a number > 0, got ${String(value)}`;
}

export const defaults = { maxRetries: 2, timeoutMs: 60_000, maxResponseBytes: 64 * 1024 * 1024 } as const;

/** The URL as text with any credentials replaced, for messages. */
function redactUrl(text: string): string {
  return text.replace(/\/\/[^/@]*@/, "//[redacted]@");
}

/** Checks the options and splits them into what openapi-fetch takes and what the transport keeps. */
export function resolveOptions(options: ClientOptions): {
  transport: TransportConfig;
  retry: RetryConfig;
  fetchClient: Omit<FetchClientOptions, "fetch" | "pathSerializer">;
} {
  if (options === null || typeof options !== "object") throw new InvalidInputError("options", "must be an object");
  const { baseUrl, apiKey, fetch, headers, maxRetries = defaults.maxRetries, timeoutMs = defaults.timeoutMs, maxResponseBytes = defaults.maxResponseBytes, logger, ...rest } = options;

  if (typeof baseUrl !== "string" || baseUrl.trim() === "") {
    throw new InvalidInputError("options.baseUrl", "is required (an absolute http or https URL)");
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error();
  } catch {
    throw new InvalidInputError("options.baseUrl", `must be an absolute http or https URL, got "${redactUrl(baseUrl)}"`);
  }
  // Credentials in the URL would travel with every request and show in every error.
  if (url.username || url.password) {
    throw new InvalidInputError("options.baseUrl", `must not carry credentials (use apiKey), got "${redactUrl(baseUrl)}"`);
  }
  if (url.search || url.hash) throw new InvalidInputError("options.baseUrl", `must not carry a query or a fragment, got "${url.origin}${url.pathname}?…"`);
  const origin = url.origin;
  // The key's value never goes into a message.
  if (typeof apiKey !== "string" || apiKey.trim() === "") {
    throw new InvalidInputError("options.apiKey", "is required (a non-empty personal API key)");
  }
  if (/[\s,]/.test(apiKey)) throw new InvalidInputError("options.apiKey", "must not contain spaces or commas");
  // A header value holds Latin-1 without control characters; fetch's own error would quote the key.
  if (/[^\x21-\x7e\xa1-\xff]/.test(apiKey)) throw new InvalidInputError("options.apiKey", "must hold only printable Latin-1 characters");
  if (fetch !== undefined && typeof fetch !== "function") throw new InvalidInputError("options.fetch", "must be a function");
  if (fetch === undefined && typeof globalThis.fetch !== "function") {
    throw new InvalidInputError("options.fetch", "is required where globalThis.fetch does not exist");
  }
  // Looked up per call, and called on globalThis: browsers refuse a detached `fetch`.
  const fetchFunction: FetchFunction = fetch ?? ((input, init) => globalThis.fetch(input, init));
  const retries = retriesProblem(maxRetries);
  if (retries) throw new InvalidInputError("options.maxRetries", retries);
  const timeout = timeoutProblem(timeoutMs);
  if (timeout) throw new InvalidInputError("options.timeoutMs", timeout);
  if (logger !== undefined && typeof logger !== "function") throw new InvalidInputError("options.logger", "must be a function");
  if (!Number.isInteger(maxResponseBytes) || maxResponseBytes < 1) {
    throw new InvalidInputError("options.maxResponseBytes", `must be a whole number ≥ 1, got ${String(maxResponseBytes)}`);
  }

  // The key joins openapi-fetch's base headers, held in its closure and never on an object
  // the caller can inspect; the transport removes it from requests to any other origin.
  // A plain object: openapi-fetch merges the base headers into every request, and reading a
  // Headers costs it more than the rest of building the request.
  const baseHeaders = Object.fromEntries(mergeHeaders(headers, { Authorization: authorizationHeader(apiKey) }));
  return {
    transport: { origin, fetch: fetchFunction, timeoutMs, maxResponseBytes, redact: (text) => text.replaceAll(apiKey, "[redacted key]") },
    retry: { maxRetries, log: resolveLogger(logger) },
    fetchClient: { ...rest, baseUrl, headers: baseHeaders },
  };
}
