// A hostile source for the recorder: a real server on 127.0.0.1 (a free port) answering as the
// live service does, from the live-profile mock, with each answer's JSON rewritten by the test
// (`rewrite`: fields the mock would not hold, values it would refuse) and, on request, a listing
// whose `next` never ends (`endless`: pages of made-up items, each past the last).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createMock } from "../../src/mock/live.js";
import type { MockState } from "../../src/mock/state/state.js";

export interface HostileOptions {
  state?: MockState | undefined;
  now?: Date | undefined;
  /** Each JSON answer as served, by path: return what to send instead. */
  rewrite?: ((path: string, body: unknown) => unknown) | undefined;
  /** A listing answered forever: each page holds `pageSize` items of `item(n)` and a `next` past it. */
  endless?: { path: RegExp; pageSize: number; item: (n: number) => unknown } | undefined;
}

export interface HostileSource {
  url: string;
  /** Requests answered so far. */
  served: () => number;
  stop: () => Promise<void>;
}

export async function startHostileSource(options: HostileOptions = {}): Promise<HostileSource> {
  const now = options.now ?? new Date();
  const mock = createMock({ ...(options.state ? { snapshot: options.state } : {}), now: () => now });
  let served = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    served++;
    const url = new URL(request.url ?? "/", "http://source.local");
    const endless = options.endless;
    if (endless?.path.test(url.pathname)) {
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const results = Array.from({ length: endless.pageSize }, (_, i) => endless.item(offset + i));
      const next = `http://${request.headers.host}${url.pathname}?limit=${endless.pageSize}&offset=${offset + endless.pageSize}`;
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ count: null, next, previous: null, results }));
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
    mock
      .fetch(new Request(new URL(url.pathname + url.search, "http://mock.local"), { method: request.method ?? "GET", headers }))
      .then(async (answer) => {
        const text = await answer.text();
        let body = text;
        if ((answer.headers.get("content-type") ?? "").includes("json") && text !== "" && options.rewrite)
          body = JSON.stringify(options.rewrite(url.pathname, JSON.parse(text)));
        response.writeHead(answer.status, { "Content-Type": answer.headers.get("content-type") ?? "application/json" }).end(body);
      })
      .catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served: () => served,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
