import { describe, expect, it } from "vitest";
import { type ApiError, createClient, type InvalidInputError, RequestAbortedError, UnexpectedResponseError } from "../../src/index.js";
import { apiKey, baseUrl, errorBody, fakeFetch, json } from "../support/fake-fetch.js";

const recordings = "/api/environments/{project_id}/session_recordings/" as const;
const subscriptions = "/api/environments/{project_id}/subscriptions/" as const;
const path = { project_id: "28417" };

/** A limit/offset listing of `total` items, answering the seed's envelope. */
function envelopeServer(total: number, nextOrigin = baseUrl, delay = 0) {
  return fakeFetch(async (request) => {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get("limit") ?? 100);
    const offset = Number(url.searchParams.get("offset") ?? 0);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay * Math.random()));
    const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ id: offset + i }));
    const link = (o: number) => `${nextOrigin}${url.pathname}?limit=${limit}&offset=${o}`;
    return json({
      count: total,
      next: offset + limit < total ? link(offset + limit) : null,
      previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
      results,
    });
  });
}

/** The live recordings listing: `{results, has_next, version}` and no count or next. */
function liveRecordingsServer(total: number) {
  return fakeFetch((request) => {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get("limit") ?? 50);
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ id: `rec-${offset + i}` }));
    return json({ results, has_next: offset + limit < total, version: 3 });
  });
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe("paginate", () => {
  it("walks limit/offset pages until next is null, yielding every item once, in order", async () => {
    const server = envelopeServer(23);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const items = await collect(api.paginate(subscriptions, { params: { path, query: { limit: 10 } } }));
    expect(items.map((item) => item.id)).toEqual(Array.from({ length: 23 }, (_, i) => i));
    expect(server.calls.map((c) => new URL(c.url).search)).toEqual(["?limit=10&offset=0", "?limit=10&offset=10", "?limit=10&offset=20"]);
  });

  it("starts at the caller's offset and keeps other query parameters", async () => {
    const server = envelopeServer(8);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const items = await collect(api.paginate("/api/projects/", { params: { query: { limit: 3, offset: 4 } } }));
    expect(items.map((item) => (item as unknown as { id: number }).id)).toEqual([4, 5, 6, 7]);
  });

  it("reads only limit and offset from a next on another host: the key never goes there", async () => {
    const server = envelopeServer(5, "https://attacker.example");
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const items = await collect(api.paginate(subscriptions, { params: { path, query: { limit: 2 } } }));
    expect(items).toHaveLength(5);
    for (const call of server.calls) {
      expect(new URL(call.url).origin).toBe(baseUrl);
      expect(new URL(call.url).pathname).toBe("/api/environments/28417/subscriptions/");
      expect(call.headers.get("Authorization")).toBe(`Bearer ${apiKey}`);
    }
  });

  it("follows the live recordings listing's has_next instead of stopping after one page", async () => {
    const server = liveRecordingsServer(120);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const items = await collect(api.paginate(recordings, { params: { path } }));
    expect(items).toHaveLength(120);
    expect(new Set(items.map((item) => item.id)).size).toBe(120);
    expect(server.calls.map((c) => new URL(c.url).searchParams.get("offset"))).toEqual(["0", "50", "100"]);
  });

  it("yields whole pages with their offset, count and response", async () => {
    const server = envelopeServer(5);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const pages = await collect(api.pages(subscriptions, { params: { path, query: { limit: 2 } } }));
    expect(pages.map((p) => [p.offset, p.results.length, p.count, p.response.status])).toEqual([
      [0, 2, 5, 200],
      [2, 2, 5, 200],
      [4, 1, 5, 200],
    ]);
  });

  it("stops on an empty page even if next is set", async () => {
    const server = fakeFetch(() => json({ count: 10, next: `${baseUrl}/x?offset=10&limit=10`, previous: null, results: [] }));
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    expect(await collect(api.paginate(subscriptions, { params: { path } }))).toEqual([]);
    expect(server.calls).toHaveLength(1);
  });

  it("throws instead of looping when next does not advance", async () => {
    const server = fakeFetch(() => json({ count: 10, next: `${baseUrl}/x?offset=0&limit=1`, previous: null, results: [{ id: 1 }] }));
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    await expect(collect(api.paginate(subscriptions, { params: { path } }))).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it("throws ApiError on an error status", async () => {
    const server = fakeFetch(() =>
      errorBody(403, { type: "authentication_error", code: "permission_denied", detail: "API key missing required scope 'subscription:read'" }),
    );
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    await expect(collect(api.paginate(subscriptions, { params: { path } }))).rejects.toMatchObject({
      name: "ApiError",
      status: 403,
      code: "permission_denied",
    } satisfies Partial<ApiError>);
  });

  it("throws UnexpectedResponseError on a body with no results array", async () => {
    const api = createClient({ baseUrl, apiKey, fetch: fakeFetch(() => json({ items: [] })).fetch });
    await expect(collect(api.paginate(subscriptions, { params: { path } }))).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it("honours an abort signal between pages", async () => {
    const server = envelopeServer(1000);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const controller = new AbortController();
    const seen: number[] = [];
    const walk = async () => {
      for await (const item of api.paginate(subscriptions, { params: { path, query: { limit: 10 } }, signal: controller.signal })) {
        seen.push(item.id);
        if (seen.length === 15) controller.abort();
      }
    };
    await expect(walk()).rejects.toBeInstanceOf(RequestAbortedError);
    expect(server.calls.length).toBeLessThanOrEqual(2);
  });

  it("stops requesting when the caller breaks out early", async () => {
    const server = envelopeServer(1000);
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    for await (const item of api.paginate(subscriptions, { params: { path, query: { limit: 10 } } })) if (item.id === 12) break;
    expect(server.calls).toHaveLength(2);
  });

  it("fetches later pages in parallel with concurrency, and still yields items in order", async () => {
    const server = envelopeServer(95, baseUrl, 15);
    let inFlight = 0;
    let maxInFlight = 0;
    const fetch = async (request: Request) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        return await server.fetch(request);
      } finally {
        inFlight--;
      }
    };
    const api = createClient({ baseUrl, apiKey, fetch });
    const items = await collect(api.paginate(subscriptions, { params: { path, query: { limit: 10 } }, concurrency: 4 }));
    expect(items.map((item) => item.id)).toEqual(Array.from({ length: 95 }, (_, i) => i));
    expect(maxInFlight).toBe(4);
    expect(server.calls.map((c) => Number(new URL(c.url).searchParams.get("offset"))).sort((a, b) => a - b)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
  });

  it("pages the live has_next shape ahead with concurrency, and cancels what it requested past the end", async () => {
    for (const concurrency of [1, 3, 8]) {
      const server = liveRecordingsServer(475);
      let inFlight = 0;
      let maxInFlight = 0;
      const fetch = async (request: Request) => {
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        try {
          return await server.fetch(request);
        } finally {
          inFlight--;
        }
      };
      const api = createClient({ baseUrl, apiKey, fetch });
      const items = await collect(api.paginate(recordings, { params: { path }, concurrency }));
      expect(items.map((item) => item.id)).toEqual(Array.from({ length: 475 }, (_, i) => `rec-${i}`));
      expect(maxInFlight, `concurrency ${concurrency}`).toBe(Math.min(concurrency, 10));
      const offsets = server.calls.map((c) => Number(new URL(c.url).searchParams.get("offset")));
      // Ten pages of 50 hold the 475 items; at most concurrency − 1 were requested past the last.
      expect(offsets.filter((o) => o >= 500).length, `concurrency ${concurrency}`).toBeLessThanOrEqual(concurrency - 1);
      expect(new Set(offsets).size).toBe(offsets.length);
    }
  });

  it("keeps one listener on the caller's signal at any concurrency, so 16 pages in flight warn of no leak", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const api = createClient({ baseUrl, apiKey, fetch: envelopeServer(400, baseUrl, 5).fetch });
      const caller = new AbortController();
      const items = await collect(api.paginate(subscriptions, { params: { path, query: { limit: 10 } }, concurrency: 16, signal: caller.signal }));
      expect(items).toHaveLength(400);
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.map((w) => w.name)).not.toContain("MaxListenersExceededWarning");
  });

  it("re-plans when a has_next page is short, so nothing is skipped or given twice", async () => {
    // Pages of at most 7 items although 10 were asked for: the pages planned 10 apart are wrong.
    const server = fakeFetch((request) => {
      const url = new URL(request.url);
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const results = Array.from({ length: Math.max(0, Math.min(7, 60 - offset)) }, (_, i) => ({ id: offset + i }));
      return json({ results, has_next: offset + results.length < 60 });
    });
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
    const items = await collect(api.paginate(recordings, { params: { path, query: { limit: 10 } }, concurrency: 4 }));
    expect(items.map((item) => item.id)).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });

  it("gives no item twice when the listing gains items at its head while it is read", async () => {
    for (const shape of ["envelope", "has_next"] as const) {
      let newest = 0;
      const server = fakeFetch((request) => {
        const url = new URL(request.url);
        const offset = Number(url.searchParams.get("offset") ?? 0);
        // Ids count down from the newest; every request adds two newer items at the head.
        newest += 2;
        const ids = Array.from({ length: 40 + newest }, (_, i) => newest - i);
        const results = ids.slice(offset, offset + 10).map((id) => ({ id }));
        const more = offset + 10 < ids.length;
        return json(
          shape === "envelope"
            ? { count: ids.length, next: more ? `${baseUrl}${url.pathname}?limit=10&offset=${offset + 10}` : null, results }
            : { results, has_next: more },
        );
      });
      const api = createClient({ baseUrl, apiKey, fetch: server.fetch });
      const ids = (await collect(api.paginate(recordings, { params: { path, query: { limit: 10 } } }))).map((item) => item.id);
      expect(new Set(ids).size, shape).toBe(ids.length);
      expect(ids.length, shape).toBeGreaterThan(30);
    }
  });

  it.each([[0], [1.5], [-2]])("refuses concurrency %j, naming it", async (concurrency) => {
    const api = createClient({ baseUrl, apiKey, fetch: envelopeServer(1).fetch });
    await expect(collect(api.paginate(subscriptions, { params: { path }, concurrency }))).rejects.toMatchObject({
      name: "InvalidInputError",
      field: "concurrency",
    } satisfies Partial<InvalidInputError>);
  });

  it("refuses a negative offset or a zero limit, naming the field", async () => {
    const api = createClient({ baseUrl, apiKey, fetch: envelopeServer(1).fetch });
    await expect(collect(api.paginate(subscriptions, { params: { path, query: { offset: -1 } } }))).rejects.toMatchObject({ field: "params.query.offset" });
    await expect(collect(api.paginate(subscriptions, { params: { path, query: { limit: 0 } } }))).rejects.toMatchObject({ field: "params.query.limit" });
  });
});
