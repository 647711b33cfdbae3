// The limit/offset envelope on its own: count, the page's results, and next/previous links
// that keep the caller's other query parameters and carry limit and offset.
import { describe, expect, it } from "vitest";
import { liveProfile } from "../../src/mock/profiles/live.js";
import { seedProfile } from "../../src/mock/profiles/seed.js";
import type { HandlerContext } from "../../src/mock/resources/context.js";
import { page, pageFor as pageForAny } from "../../src/mock/resources/paging.js";

import { seededRandom } from "../../src/mock/state/random.js";

const { operations } = seedProfile.table;

/** pageFor on the description's listings, which answer the envelope. */
const pageFor = <T>(context: HandlerContext, items: readonly T[]) => pageForAny(context, items) as ReturnType<typeof page<T>>;

const items = Array.from({ length: 23 }, (_, i) => `item-${i}`);
const listing = new URL("http://mock.local/api/environments/28417/session_recordings/");

/** A link's query as a plain list of pairs, and its limit and offset as numbers. */
function parts(link: string | null) {
  expect(link).not.toBeNull();
  const url = new URL(link!);
  return { url, limit: Number(url.searchParams.get("limit")), offset: Number(url.searchParams.get("offset")), pairs: [...url.searchParams] };
}

describe("page: count and results", () => {
  it("counts every item, whatever the page", () => {
    for (const offset of [0, 5, 20, 22, 23, 100]) expect(page(items, { url: listing, limit: 5, offset }, 100).count).toBe(23);
    expect(page([], { url: listing, limit: 5, offset: 0 }, 100)).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("first page: the first `limit` items, a next link and no previous", () => {
    const first = page(items, { url: listing, limit: 5, offset: 0 }, 100);
    expect(first.results).toEqual(items.slice(0, 5));
    expect(first.previous).toBeNull();
    expect(first.next).toBe("http://mock.local/api/environments/28417/session_recordings/?limit=5&offset=5");
  });

  it("middle page: both links, a page apart", () => {
    const middle = page(items, { url: listing, limit: 5, offset: 10 }, 100);
    expect(middle.results).toEqual(items.slice(10, 15));
    expect(parts(middle.next)).toMatchObject({ limit: 5, offset: 15 });
    expect(parts(middle.previous)).toMatchObject({ limit: 5, offset: 5 });
  });

  it("last page: what is left, no next link", () => {
    const last = page(items, { url: listing, limit: 5, offset: 20 }, 100);
    expect(last.results).toEqual(items.slice(20));
    expect(last.next).toBeNull();
    expect(parts(last.previous)).toMatchObject({ limit: 5, offset: 15 });
    // A last page that is exactly full has no next either.
    expect(page(items, { url: listing, limit: 23, offset: 0 }, 100).next).toBeNull();
    expect(page(items, { url: listing, limit: 3, offset: 20 }, 100)).toMatchObject({ next: null, results: items.slice(20) });
  });

  it("an offset that is not a multiple of the limit: previous goes back a page, but not below 0", () => {
    const page7 = page(items, { url: listing, limit: 5, offset: 7 }, 100);
    expect(page7.results).toEqual(items.slice(7, 12));
    expect(parts(page7.previous)).toMatchObject({ limit: 5, offset: 2 });
    const page3 = page(items, { url: listing, limit: 5, offset: 3 }, 100);
    expect(parts(page3.previous)).toMatchObject({ limit: 5, offset: 0 });
    expect(parts(page3.next)).toMatchObject({ limit: 5, offset: 8 });
  });

  it("an offset at or past the end: no results, no next, a previous link a page back", () => {
    for (const offset of [23, 24, 1_000]) {
      const beyond = page(items, { url: listing, limit: 5, offset }, 100);
      expect(beyond).toMatchObject({ count: 23, next: null, results: [] });
      expect(parts(beyond.previous)).toMatchObject({ limit: 5, offset: offset - 5 });
    }
  });

  it("no offset means the first page; no limit means the default page size, which the links then carry", () => {
    const defaulted = page(items, { url: listing, limit: undefined, offset: undefined }, 10);
    expect(defaulted.results).toEqual(items.slice(0, 10));
    expect(defaulted.previous).toBeNull();
    expect(parts(defaulted.next)).toMatchObject({ limit: 10, offset: 10 });
    expect(page(items, { url: listing, limit: undefined, offset: 0 }, 100)).toMatchObject({ next: null, previous: null, results: items });
  });

  it("does not change the items it pages", () => {
    const before = [...items];
    page(items, { url: listing, limit: 5, offset: 5 }, 100);
    expect(items).toEqual(before);
  });
});

describe("page: maxLimit", () => {
  it("cuts a larger limit, and the links use the cut size", () => {
    const cut = page(items, { url: listing, limit: 50, offset: 5 }, 100, 4);
    expect(cut.results).toEqual(items.slice(5, 9));
    expect(parts(cut.next)).toMatchObject({ limit: 4, offset: 9 });
    expect(parts(cut.previous)).toMatchObject({ limit: 4, offset: 1 });
  });

  it("cuts the default page size too, and leaves a smaller limit alone", () => {
    expect(page(items, { url: listing, limit: undefined, offset: 0 }, 100, 6).results).toHaveLength(6);
    expect(parts(page(items, { url: listing, limit: undefined, offset: 0 }, 100, 6).next)).toMatchObject({ limit: 6, offset: 6 });
    expect(page(items, { url: listing, limit: 3, offset: 0 }, 100, 6).results).toHaveLength(3);
    expect(page(items, { url: listing, limit: 6, offset: 0 }, 100, 6).results).toHaveLength(6);
  });
});

describe("page: links", () => {
  it("are absolute on the request's origin and path, keeping the caller's other query parameters", () => {
    const url = new URL("https://api.example.test:8443/api/environments/9/subscriptions/?search=a%20b&ordering=-title&limit=3&offset=6&type=filters");
    const middle = page(items, { url, limit: 3, offset: 6 }, 100);
    for (const link of [middle.next, middle.previous]) {
      const { url: target, pairs } = parts(link);
      expect(target.origin).toBe("https://api.example.test:8443");
      expect(target.pathname).toBe("/api/environments/9/subscriptions/");
      expect(target.searchParams.get("search")).toBe("a b");
      expect(target.searchParams.get("ordering")).toBe("-title");
      expect(target.searchParams.get("type")).toBe("filters");
      expect(pairs.map(([name]) => name).sort()).toEqual(["limit", "offset", "ordering", "search", "type"]);
    }
    expect(parts(middle.next)).toMatchObject({ limit: 3, offset: 9 });
    expect(parts(middle.previous)).toMatchObject({ limit: 3, offset: 3 });
  });

  it("carry exactly one limit and one offset, replacing the caller's, and keep repeated and JSON parameters", () => {
    const events = JSON.stringify([{ id: "$pageview", type: "events" }]);
    const url = new URL(listing);
    url.searchParams.append("limit", "999");
    url.searchParams.append("limit", "2");
    url.searchParams.append("offset", "4");
    url.searchParams.append("offset", "4");
    url.searchParams.append("tag", "a");
    url.searchParams.append("tag", "b");
    url.searchParams.append("events", events);
    const { url: next } = parts(page(items, { url, limit: 2, offset: 4 }, 100).next);
    expect(next.searchParams.getAll("limit")).toEqual(["2"]);
    expect(next.searchParams.getAll("offset")).toEqual(["6"]);
    expect(next.searchParams.getAll("tag")).toEqual(["a", "b"]);
    expect(JSON.parse(next.searchParams.get("events")!)).toEqual(JSON.parse(events));
  });

  it("leave the request's URL as it was", () => {
    const url = new URL(`${listing.href}?search=x`);
    page(items, { url, limit: 5, offset: 5 }, 100);
    expect(url.href).toBe(`${listing.href}?search=x`);
  });

  it("property: following next from the first page gives every item once, in order, and previous walks back to offset 0", () => {
    const random = seededRandom(5);
    for (let round = 0; round < 300; round++) {
      const all = Array.from({ length: Math.floor(random() * 60) }, (_, i) => i);
      const limit = random() < 0.2 ? undefined : 1 + Math.floor(random() * 15);
      const defaultLimit = 1 + Math.floor(random() * 15);
      const maxLimit = random() < 0.5 ? Number.POSITIVE_INFINITY : 1 + Math.floor(random() * 15);
      const size = Math.min(limit ?? defaultLimit, maxLimit);
      const label = `${all.length} items, limit ${limit}, default ${defaultLimit}, max ${maxLimit}`;

      const seen: number[] = [];
      let url = new URL(`${listing.href}?search=q`);
      let current = page(all, { url, limit, offset: undefined }, defaultLimit, maxLimit);
      const offsets = [0];
      for (;;) {
        expect(current.count, label).toBe(all.length);
        expect(current.results.length, label).toBeLessThanOrEqual(size);
        seen.push(...current.results);
        if (!current.next) break;
        const next = parts(current.next);
        expect(next.url.searchParams.get("search"), label).toBe("q");
        expect(next.limit, label).toBe(size);
        offsets.push(next.offset);
        url = next.url;
        current = page(all, { url, limit: next.limit, offset: next.offset }, defaultLimit, maxLimit);
      }
      expect(seen, label).toEqual(all);
      expect(offsets, label).toEqual(offsets.map((_, i) => i * size));

      let back = 0;
      while (current.previous) {
        const previous = parts(current.previous);
        expect(previous.offset, label).toBe(offsets[offsets.length - 2 - back]);
        current = page(all, { url: previous.url, limit: previous.limit, offset: previous.offset }, defaultLimit, maxLimit);
        back++;
      }
      expect(back, label).toBe(offsets.length - 1);
      expect(current.results, label).toEqual(all.slice(0, size));
    }
  });
});

describe("pageFor", () => {
  const capped = operations.find((o) => o.limitMaximum !== undefined)!;
  const uncapped = operations.find((o) => o.method === "GET" && o.limitMaximum === undefined && o.queryParams.includes("limit"))!;
  const many = Array.from({ length: Math.max(capped.limitMaximum! * 2 + 7, 50) }, (_, i) => i);

  /** A handler's context for `query`, its URL carrying what the query was given, as a request's does. */
  function context(operation: typeof capped, query: Record<string, unknown>, pageSize: number | undefined, base = listing): HandlerContext {
    const url = new URL(base.href);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    return { operation, url, pageSize, request: { path: {}, query, body: undefined } } as unknown as HandlerContext;
  }

  it("has listings to page: one with x-limit-maximum and one without", () => {
    expect(capped.limitMaximum).toBeGreaterThan(0);
    expect(uncapped).toBeDefined();
  });

  it("pages by the validated query's limit and offset", () => {
    const result = pageFor(context(uncapped, { limit: 7, offset: 14 }, 100), many);
    expect(result.results).toEqual(many.slice(14, 21));
    expect(result.count).toBe(many.length);
    expect(parts(result.next)).toMatchObject({ limit: 7, offset: 21 });
    expect(parts(result.previous)).toMatchObject({ limit: 7, offset: 7 });
  });

  it("uses the context's page size when the query has no limit", () => {
    const result = pageFor(context(uncapped, { offset: 0 }, 9), many);
    expect(result.results).toEqual(many.slice(0, 9));
    expect(parts(result.next)).toMatchObject({ limit: 9, offset: 9 });
    expect(pageFor(context(uncapped, {}, 9), many).results).toEqual(many.slice(0, 9));
  });

  it("cuts a larger limit to the operation's x-limit-maximum, and its links carry the cut size", () => {
    const maximum = capped.limitMaximum!;
    const result = pageFor(context(capped, { limit: maximum + 1, offset: 0 }, 100), many);
    expect(result.results).toHaveLength(maximum);
    expect(parts(result.next)).toMatchObject({ limit: maximum, offset: maximum });
    expect(pageFor(context(capped, { limit: maximum, offset: 0 }, 100), many).results).toHaveLength(maximum);
    // Without a maximum, the same limit is honoured in full.
    expect(pageFor(context(uncapped, { limit: maximum + 1, offset: 0 }, 100), many).results).toHaveLength(maximum + 1);
  });

  it("links on the context's URL, keeping its other query parameters", () => {
    const url = new URL("http://127.0.0.1:4010/api/environments/28417/session_recording_playlists/?search=checkout&limit=2");
    const result = pageFor(context(capped, { limit: 2, offset: 0, search: "checkout" }, 100, url), many);
    expect(result.next).toBe("http://127.0.0.1:4010/api/environments/28417/session_recording_playlists/?search=checkout&limit=2&offset=2");
  });
});

describe("pageFor on the live recordings listing", () => {
  const listing = liveProfile.table.operations.find((o) => o.id === "listRecordings")!;
  const items = Array.from({ length: 25 }, (_, i) => i);
  const at = (query: Record<string, unknown>) =>
    ({ operation: listing, url: new URL("http://mock.local/x/"), pageSize: 10, request: { path: {}, query, body: undefined } }) as unknown as HandlerContext;

  it("answers {results, has_next, version}, as the live description's page says, and no count or links", () => {
    expect(listing.answers).toBe("has_next");
    expect(pageForAny(at({ limit: 10, offset: 10 }), items)).toEqual({ results: items.slice(10, 20), has_next: true, version: 4 });
    expect(pageForAny(at({ limit: 10, offset: 20 }), items)).toEqual({ results: items.slice(20), has_next: false, version: 4 });
  });
});
