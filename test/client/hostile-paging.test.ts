// Paging against servers that lie: a huge count, a next link that asks for no items, a next
// link that points back. Memory and time must not depend on what the server claims.
import { describe, expect, it } from "vitest";
import { createClient, UnexpectedResponseError } from "../../src/index.js";
import { localServers } from "../support/local-server.js";

const serve = localServers();

const path = "/api/environments/{project_id}/session_recordings/" as const;
const params = { path: { project_id: "28417" }, query: { limit: 2 } };

/** A listing server on 127.0.0.1 whose envelope comes from `page(offset)`; counts requests. */
async function listing(page: (offset: number, base: string) => object) {
  const seen = { requests: 0 };
  const baseUrl = await serve((request, response) => {
    seen.requests++;
    const url = new URL(request.url!, "http://127.0.0.1");
    const offset = Number(url.searchParams.get("offset") ?? 0);
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(page(offset, `${baseUrl}${url.pathname}`)));
  });
  const api = createClient({ baseUrl, apiKey: "phx_hostile", maxRetries: 0 });
  return { api, seen };
}

const items = (offset: number) => [{ id: `r${offset}` }, { id: `r${offset + 1}` }];

describe("paging against a hostile server", () => {
  it("does not plan pages from a count of 10^12: it schedules them as it goes", async () => {
    const { api, seen } = await listing((offset, base) => ({
      count: 1e12,
      next: `${base}?limit=2&offset=${offset + 2}`,
      previous: null,
      results: items(offset),
    }));
    const taken: unknown[] = [];
    for await (const item of api.paginate(path, { params, concurrency: 4 })) {
      taken.push(item);
      if (taken.length === 10) break;
    }
    expect(taken).toHaveLength(10);
    expect(seen.requests).toBeLessThanOrEqual(10);
  });

  it.each([1, 2])("refuses a next link asking for limit=0, at concurrency %i", async (concurrency) => {
    const { api, seen } = await listing((offset, base) => ({
      count: 100,
      next: `${base}?limit=0&offset=${offset + 2}`,
      previous: null,
      results: items(offset),
    }));
    const consume = async () => {
      for await (const item of api.paginate(path, { params, concurrency })) void item;
    };
    await expect(consume()).rejects.toThrow(UnexpectedResponseError);
    await expect(consume()).rejects.toThrow(/limit=0/);
    expect(seen.requests).toBeLessThanOrEqual(4);
  });

  it.each([1, 2, 4])("ends with UnexpectedResponseError when next points back to offset 0, at concurrency %i", async (concurrency) => {
    const { api, seen } = await listing((offset, base) => ({ count: 50, next: `${base}?limit=2&offset=0`, previous: null, results: items(offset) }));
    const consume = async () => {
      for await (const item of api.paginate(path, { params, concurrency })) void item;
    };
    await expect(consume()).rejects.toThrow(/does not advance past offset/);
    expect(seen.requests).toBeLessThanOrEqual(2 * concurrency + 2);
  });
});

describe("a long paging", () => {
  // Node warns past 10 listeners on one signal: a listener left per page would pass that 200 times over.
  it("reads 2,000 pages with a caller's signal and prints no listener warning", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const total = 2_000;
    const fetch = async (request: Request) => {
      const offset = Number(new URL(request.url).searchParams.get("offset"));
      const next = offset + 1 < total ? `http://mock.local/x/?limit=1&offset=${offset + 1}` : null;
      return new Response(JSON.stringify({ count: total, next, previous: null, results: [{ id: offset }] }), {
        headers: { "Content-Type": "application/json" },
      });
    };
    const api = createClient({ baseUrl: "http://mock.local", apiKey: "phx_long", fetch, maxRetries: 0 });
    const caller = new AbortController();
    let seen = 0;
    try {
      for await (const item of api.paginate(path, { params: { path: { project_id: "28417" }, query: { limit: 1 } }, signal: caller.signal })) {
        void item;
        seen++;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off("warning", onWarning);
    }
    expect(seen).toBe(total);
    expect(warnings.map((w) => w.name)).not.toContain("MaxListenersExceededWarning");
  }, 60_000);
});
