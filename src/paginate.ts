import type { Client } from "openapi-fetch";
import { InvalidInputError, RequestAbortedError, UnexpectedResponseError } from "./errors.js";
import type { Page } from "./typed.js";
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
 * never receives the key.
 */
export function nextPosition(body: Listing, current: Position, where = "the listing"): Position | undefined {
  if ("next" in body) {
    if (body.next === null || body.next === undefined || body.results.length === 0) return undefined;
    if (typeof body.next !== "string") return undefined;
    const query = new URL(body.next, "http://next.invalid").searchParams;
    const offset = wholeNumber(query.get("offset")) ?? current.offset + body.results.length;
    const limit = query.get("limit");
    // A page of no items would never end: refuse it rather than loop.
    if (limit !== null && !(wholeNumber(limit)! >= 1)) {
      throw new UnexpectedResponseError("GET", where, `the next link asks for limit=${limit}, not a page size ≥ 1`);
    }
    return { offset, limit: limit === null ? current.limit : wholeNumber(limit) };
  }
  if (body.has_next === true && body.results.length > 0) {
    return { offset: current.offset + body.results.length, limit: current.limit };
  }
  return undefined;
}

export function createPagination(client: Client<any>) {
  async function fetchPage(path: string, options: Options, position: Position, shared: AbortSignal) {
    const query = { ...options.params?.query, offset: position.offset };
    if (position.limit !== undefined) Object.assign(query, { limit: position.limit });
    // Each page follows the shared signal through its own listener, removed when the page
    // settles: fetch would otherwise leave one listener per page on the shared signal.
    const own = new AbortController();
    const follow = () => own.abort(shared.reason);
    if (shared.aborted) follow();
    else shared.addEventListener("abort", follow, { once: true });
    let result;
    try {
      result = await client.GET(path as never, { ...options, signal: own.signal, params: { ...options.params, query } } as never);
    } finally {
      shared.removeEventListener("abort", follow);
    }
    const body = unwrap(result as { data: unknown; response: Response }) as Listing;
    if (!body || typeof body !== "object" || !Array.isArray(body.results)) {
      throw new UnexpectedResponseError("GET", result.response.url || path, "the listing has no results array");
    }
    return { body, response: result.response as Response };
  }

  async function* pages(path: string, options: Options = {}): AsyncIterableIterator<Page<unknown>> {
    const { concurrency = 1, signal: callerSignal, ...rest } = options;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new InvalidInputError("concurrency", `must be a whole number ≥ 1, got ${String(concurrency)}`);
    }
    const query = rest.params?.query ?? {};
    const offset = query.offset === undefined ? 0 : wholeNumber(query.offset);
    if (offset === undefined) throw new InvalidInputError("params.query.offset", "must be a whole number ≥ 0");
    const limit = query.limit === undefined ? undefined : wholeNumber(query.limit);
    if (query.limit !== undefined && !limit) throw new InvalidInputError("params.query.limit", "must be a whole number ≥ 1");

    // Cancels pages still in flight when the caller stops early or one page fails.
    const stop = new AbortController();
    const signal = callerSignal ? AbortSignal.any([callerSignal, stop.signal]) : stop.signal;
    const page = (position: Position) => fetchPage(path, rest, position, signal);

    try {
      let position: Position | undefined = { offset, limit };
      while (position) {
        const current: Position = position;
        const { body, response } = await page(current);
        const count = wholeNumber(body.count);
        yield { results: body.results, offset: current.offset, count, response };
        position = advancing(nextPosition(body, current, response.url || path), current, response.url || path);
        if (position && concurrency > 1 && count !== undefined) {
          position = yield* parallelPages(page, position, body.results.length, count, concurrency);
        }
      }
    } finally {
      stop.abort();
    }
    if (callerSignal?.aborted) throw new RequestAbortedError("GET", path, "aborted by the caller", { cause: callerSignal.reason });
  }

  /** The next position, which must lie past the current one, or the listing would repeat forever. */
  function advancing(next: Position | undefined, current: Position, where: string): Position | undefined {
    if (next && next.offset <= current.offset) {
      throw new UnexpectedResponseError("GET", where, `the next page does not advance past offset ${current.offset}`);
    }
    return next;
  }

  /**
   * Requests the pages from `start` up to `count` with `concurrency` in flight, and yields
   * them in order. Positions are made as they are scheduled, so memory does not depend on
   * `count`. Returns where to carry on if the listing grew meanwhile.
   */
  async function* parallelPages(
    page: (position: Position) => ReturnType<typeof fetchPage>,
    start: Position,
    firstPageSize: number,
    count: number,
    concurrency: number,
  ): AsyncGenerator<Page<unknown>, Position | undefined> {
    const size = Math.max(1, start.limit ?? firstPageSize);
    const inFlight: { position: Position; pending: ReturnType<typeof fetchPage> }[] = [];
    let nextOffset = start.offset;
    const schedule = () => {
      while (nextOffset < count && inFlight.length < concurrency) {
        const position = { offset: nextOffset, limit: start.limit };
        nextOffset += size;
        const pending = page(position);
        pending.catch(() => undefined); // Surfaced when awaited, in order.
        inFlight.push({ position, pending });
      }
    };
    schedule();
    let next: Position | undefined = start;
    while (inFlight.length > 0) {
      const { position, pending } = inFlight.shift()!;
      const { body, response } = await pending;
      yield { results: body.results, offset: position.offset, count: wholeNumber(body.count), response };
      next = advancing(nextPosition(body, position, response.url || "the listing"), position, response.url || "the listing");
      if (!next) return undefined;
      schedule();
    }
    return next;
  }

  async function* paginate(path: string, options?: Options): AsyncIterableIterator<unknown> {
    for await (const { results } of pages(path, options)) yield* results;
  }

  return { pages, paginate };
}
