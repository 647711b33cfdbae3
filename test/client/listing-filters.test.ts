// paginate and pages send the caller's listing filters with every page, unchanged, even when
// the server's `next` link carries only limit and offset.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/index.js";

const total = 5;
const seen: URLSearchParams[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url!, "http://127.0.0.1");
    seen.push(url.searchParams);
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const limit = Number(url.searchParams.get("limit") ?? 2);
    const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ id: `r${offset + i}` }));
    const next = offset + limit < total ? `${baseUrl}${url.pathname}?limit=${limit}&offset=${offset + limit}` : null;
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ count: total, next, previous: null, results }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const filters = {
  date_from: "-7d",
  filter_test_accounts: true,
  order: "console_error_count",
  order_direction: "ASC",
  events: JSON.stringify([{ id: "$pageview", type: "events" }]),
  operand: "OR",
} as const;

function expectFiltersOnEveryPage(requests: URLSearchParams[]) {
  expect(requests.length).toBe(Math.ceil(total / 2));
  for (const query of requests) {
    expect(query.get("date_from")).toBe("-7d");
    expect(query.get("filter_test_accounts")).toBe("true");
    expect(query.get("order")).toBe("console_error_count");
    expect(query.get("order_direction")).toBe("ASC");
    expect(query.get("events")).toBe(filters.events);
    expect(query.get("operand")).toBe("OR");
  }
  expect(requests.map((q) => Number(q.get("offset"))).sort((a, b) => a - b)).toEqual([0, 2, 4]);
}

describe("listing filters through paging", () => {
  it.each([1, 2])("paginate at concurrency %i sends them with every page", async (concurrency) => {
    seen.length = 0;
    const api = createClient({ baseUrl, apiKey: "phx_filters" });
    const ids: string[] = [];
    const init = { params: { path: { project_id: "28417" }, query: { ...filters, limit: 2 } }, concurrency };
    for await (const recording of api.paginate("/api/environments/{project_id}/session_recordings/", init)) ids.push(recording.id);
    expect(ids).toEqual(["r0", "r1", "r2", "r3", "r4"]);
    expectFiltersOnEveryPage(seen);
  });

  it("pages sends them with every page", async () => {
    seen.length = 0;
    const api = createClient({ baseUrl, apiKey: "phx_filters" });
    const offsets: number[] = [];
    for await (const page of api.pages("/api/environments/{project_id}/session_recordings/", {
      params: { path: { project_id: "28417" }, query: { ...filters, limit: 2 } },
    })) {
      offsets.push(page.offset);
    }
    expect(offsets).toEqual([0, 2, 4]);
    expectFiltersOnEveryPage(seen);
  });
});
