import type { Client } from "openapi-fetch";
import type { paths } from "../../generated/openapi.js";
import { nextPage } from "../shared/next-page.js";
import type { Page } from "./client-types.js";
import { UnexpectedResponseError } from "./errors.js";
import { checkWholeNumber } from "./internal/checks.js";
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
 * Where the page after `body` starts (nextPage, src/shared/), or undefined after the last
 * page; for `pages` and for infiniteListing (src/query/). A link without a readable offset
 * continues where this page ended.
 */
export function nextPosition(body: Listing, current: Position, where = "the listing"): Position | undefined {
  const next = nextPage(body);
  if (!next) return undefined;
  const limit = next.link?.get("limit") ?? undefined;
  // A page of no items would never end: refuse it rather than loop.
  if (limit !== undefined && !wholeNumber(limit)) throw new UnexpectedResponseError("GET", where, `the next link asks for limit=${limit}, not a page size ≥ 1`);
  const offset = wholeNumber(next.link?.get("offset")) ?? current.offset + body.results.length;
  // Every page must lie past the one before, or the listing would repeat forever.
  if (offset <= current.offset) throw new UnexpectedResponseError("GET", where, `the next page does not advance past offset ${current.offset}`);
  return { offset, limit: limit === undefined ? current.limit : Number(limit) };
}

/** The live recordings listing's shape: `has_next`, and no `next` link or count. */
const isHasNextShape = (body: Listing): boolean => !("next" in body) && "has_next" in body;

/** `results` without the items yielded before (by `id`, where they have one), noting the rest as yielded. */
function unseen(results: unknown[], yielded: Set<unknown>): unknown[] {
  const fresh = results.filter((item) => {
    const id = (item as { id?: unknown } | null)?.id;
    return id === undefined || id === null || !yielded.has(id);
  });
  for (const item of fresh) {
    const id = (item as { id?: unknown } | null)?.id;
    if (id !== undefined && id !== null) yielded.add(id);
  }
  return fresh;
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
    // A value wholeNumber cannot read is named as given.
    const offset = query.offset === undefined ? 0 : checkWholeNumber(wholeNumber(query.offset) ?? query.offset, 0, "params.query.offset");
    const limit = query.limit === undefined ? undefined : checkWholeNumber(wholeNumber(query.limit) ?? query.limit, 1, "params.query.limit");

    // Each page in flight has its own signal, cancelled when the caller's aborts or paging
    // stops (early, or on a failure): one listener on the caller's signal however many pages
    // are in flight, so a concurrency above 10 warns of no leak.
    const inFlight = new Set<AbortController>();
    const cancel = (reason?: unknown) => {
      for (const controller of inFlight) controller.abort(reason);
    };
    const onCallerAbort = () => cancel(callerSignal?.reason);
    callerSignal?.addEventListener("abort", onCallerAbort);
    // The pages requested and not yet yielded, in order.
    const queue: { position: Position; pending: ReturnType<typeof fetchPage> }[] = [];
    const request = (position: Position) => {
      const controller = new AbortController();
      if (callerSignal?.aborted) controller.abort(callerSignal.reason);
      inFlight.add(controller);
      const settled = () => inFlight.delete(controller);
      const pending = fetchPage(path, rest, position, controller.signal);
      pending.then(settled, settled); // Failures surface when awaited, in order.
      queue.push({ position, pending });
    };
    // Where the next page to request ahead starts.
    let planned = offset;
    // What has been yielded, by id: a listing that gains items at its head while it is read
    // shifts them onto the next page, and an item is never given twice.
    const yielded = new Set<unknown>();
    request({ offset, limit });
    try {
      while (queue.length > 0) {
        const { position, pending } = queue.shift()!;
        const { body, response } = await pending;
        const count = wholeNumber(body.count);
        yield { results: unseen(body.results, yielded), offset: position.offset, count, response };
        const where = response.url || path;
        const next = nextPosition(body, position, where);
        if (!next) break;
        // Pages requested ahead on a guess the listing has just proved wrong (a short page) are dropped.
        if (queue[0] && queue[0].position.offset !== next.offset) queue.length = 0;
        if (queue.length === 0) planned = next.offset;
        // Later pages are requested ahead, up to `concurrency` at once: up to the count when the
        // listing reports one, and on the live `has_next` shape, which reports none, until a
        // page says there is no next (what was requested past it is cancelled, unread).
        const end = count ?? (isHasNextShape(body) ? Number.POSITIVE_INFINITY : undefined);
        const step = Math.max(1, next.limit ?? body.results.length);
        while (queue.length < concurrency && end !== undefined && planned < end) {
          request({ offset: planned, limit: next.limit });
          planned += step;
        }
        if (queue.length === 0) request(next);
      }
    } finally {
      callerSignal?.removeEventListener("abort", onCallerAbort);
      cancel();
    }
  }

  async function* paginate(path: string, options?: Options): AsyncIterableIterator<unknown> {
    for await (const { results } of pages(path, options)) yield* results;
  }

  return { pages, paginate };
}
