import type { Client } from "openapi-fetch";
import type { paths } from "../../generated/openapi.js";
import type { Page } from "./client-types.js";
import { UnexpectedResponseError } from "./errors.js";
import { check, checkWholeNumber } from "./internal/checks.js";
import { unwrap } from "./unwrap.js";

type Listing = {
  results: unknown[];
  count?: unknown;
  next?: unknown;
  /** The live recordings listing's shape: `{results, has_next}` and no `next`. */
  has_next?: unknown;
};

type Position = { offset: number; limit: number | undefined };

type Options = {
  params?: { query?: Record<string, unknown>; [key: string]: unknown };
  signal?: AbortSignal | null;
  concurrency?: number;
  [key: string]: unknown;
};

function wholeNumber(value: unknown): number | undefined {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return Number.isInteger(number) && (number as number) >= 0 ? (number as number) : undefined;
}

/**
 * Where the page after `body` starts. A `next` URL is read only for its limit and offset:
 * the request still goes to the client's baseUrl and path, so a `next` on another host
 * never receives the key. The live recordings listing says `has_next` instead.
 */
export function nextPosition(body: Listing, current: Position, where = "the listing"): Position | undefined {
  const { results, next } = body;
  if (results.length === 0 || ("next" in body ? typeof next !== "string" : body.has_next !== true)) return undefined;
  const query = typeof next === "string" ? new URL(next, "http://next.invalid").searchParams : undefined;
  const limit = query?.get("limit") ?? undefined;
  // A page of no items would never end: refuse it rather than loop.
  if (limit !== undefined && !wholeNumber(limit)) throw new UnexpectedResponseError("GET", where, `the next link asks for limit=${limit}, not a page size ≥ 1`);
  return { offset: wholeNumber(query?.get("offset")) ?? current.offset + results.length, limit: limit === undefined ? current.limit : Number(limit) };
}

export function createPagination(client: Client<paths>) {
  async function fetchPage(path: string, options: Options, position: Position, signal: AbortSignal) {
    const query = { ...options.params?.query, offset: position.offset, ...(position.limit === undefined ? {} : { limit: position.limit }) };
    const result = await client.GET(path as never, { ...options, signal, params: { ...options.params, query } } as never);
    const body = unwrap(result as { data: unknown; response: Response }) as Listing;
    if (!Array.isArray(body?.results)) throw new UnexpectedResponseError("GET", result.response.url || path, "the listing has no results array");
    return { body, response: result.response as Response };
  }

  async function* pages(path: string, options: Options = {}): AsyncIterableIterator<Page<unknown>> {
    const { concurrency = 1, signal: callerSignal, ...rest } = options;
    checkWholeNumber(concurrency, 1, "concurrency");
    const query = rest.params?.query ?? {};
    const offset = query.offset === undefined ? 0 : wholeNumber(query.offset);
    check(offset !== undefined, "params.query.offset", "must be a whole number ≥ 0");
    const limit = query.limit === undefined ? undefined : wholeNumber(query.limit);
    check(query.limit === undefined || limit, "params.query.limit", "must be a whole number ≥ 1");

    // Cancels pages still in flight when the caller stops early or one page fails.
    const stop = new AbortController();
    const signal = callerSignal ? AbortSignal.any([callerSignal, stop.signal]) : stop.signal;
    // The pages requested and not yet yielded, in order.
    const queue: { position: Position; pending: ReturnType<typeof fetchPage> }[] = [];
    const request = (position: Position) => {
      const pending = fetchPage(path, rest, position, signal);
      pending.catch(() => undefined); // Surfaced when awaited, in order.
      queue.push({ position, pending });
    };
    // Where the next page planned from the listing's count starts, once planning has begun.
    let planned: number | undefined;
    request({ offset, limit });
    try {
      while (queue.length > 0) {
        const { position, pending } = queue.shift()!;
        const { body, response } = await pending;
        const count = wholeNumber(body.count);
        yield { results: body.results, offset: position.offset, count, response };
        const where = response.url || path;
        const next = nextPosition(body, position, where);
        if (!next) break;
        // Every page must lie past the one before, or the listing would repeat forever.
        if (next.offset <= position.offset) throw new UnexpectedResponseError("GET", where, `the next page does not advance past offset ${position.offset}`);
        // With a count, later pages are requested ahead, up to `concurrency` at once; they are
        // planned as they are requested, so memory does not depend on the count.
        if (concurrency > 1 && count !== undefined) {
          planned ??= next.offset;
          while (queue.length < concurrency && planned < count) {
            request({ offset: planned, limit: next.limit });
            planned += Math.max(1, next.limit ?? body.results.length);
          }
        }
        if (queue.length === 0) request(next);
      }
    } finally {
      stop.abort();
    }
  }

  async function* paginate(path: string, options?: Options): AsyncIterableIterator<unknown> {
    for await (const { results } of pages(path, options)) yield* results;
  }

  return { pages, paginate };
}
