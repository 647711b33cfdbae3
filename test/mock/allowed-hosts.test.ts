// DNS rebinding (issue 58, item 3): the node:http server answers a request only when its Host is
// an IP address, localhost, a *.localhost name or a name it was given (--allowed-host), as
// Vite's dev server does; any other name is refused, 403 naming the flag, on every route. The
// adapters that never see a Host (in-process, MSW) are not touched by it.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostAllowed } from "../../src/mock/adapters/node-http/allowed-hosts.js";
import { type StatefulMock, startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { createMock } from "../../src/mock/index.js";

/** A request with exactly the Host given (fetch cannot set one); its status and body. */
function withHost(url: string, method: string, path: string, host: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const headers = { Authorization: "Bearer phx_hosts", Host: host };
    const req = httpRequest({ host: hostname, port, method, path, headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.end();
  });
}

const routes: [string, string][] = [
  ["GET", "/__mock/state"],
  ["GET", "/__mock/requests"],
  ["GET", "/api/projects/"],
  ["GET", "/api/environments/28417/session_recording_playlists/"],
  ["OPTIONS", "/api/projects/"],
];

describe("the Host a request is addressed to", () => {
  let plain: StatefulMock;
  let given: StatefulMock;
  beforeAll(async () => {
    [plain, given] = await Promise.all([
      startStatefulMock({ port: 0, log: () => undefined }),
      startStatefulMock({ port: 0, allowedHosts: ["mock", ".example.test"], log: () => undefined }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain?.stop(), given?.stop()]);
  });

  it("refuses a name it was not given on every route, 403 naming --allowed-host, and changes nothing", async () => {
    const port = new URL(plain.url).port;
    const before = JSON.stringify(plain.mock.snapshot());
    for (const [method, path] of [...routes, ["POST", "/__mock/reset"] as [string, string]]) {
      for (const host of [`evil.example:${port}`, "evil.example", `EVIL.example.:${port}`, `mock:${port}`]) {
        const answer = await withHost(plain.url, method, path, host);
        expect(answer.status, `${method} ${path} ${host}`).toBe(403);
        expect(JSON.parse(answer.text)).toMatchObject({ attr: "Host", detail: expect.stringMatching(/--allowed-host (evil\.example|mock) /) });
      }
    }
    expect(JSON.stringify(plain.mock.snapshot())).toBe(before);
  });

  it("answers IP literals, localhost and *.localhost", async () => {
    const port = new URL(plain.url).port;
    for (const host of [`127.0.0.1:${port}`, `[::1]:${port}`, `10.0.0.5:${port}`, `localhost:${port}`, `app.localhost:${port}`, "LOCALHOST"]) {
      for (const [method, path] of routes) {
        const answer = await withHost(plain.url, method, path, host);
        expect(answer.status, `${method} ${path} ${host}`).toBeLessThan(300);
      }
    }
  });

  it("answers the names it was given, a leading dot for the domain and the names under it", async () => {
    const port = new URL(given.url).port;
    for (const host of [`mock:${port}`, "MOCK", `example.test:${port}`, `api.example.test:${port}`]) {
      expect((await withHost(given.url, "GET", "/__mock/state", host)).status, host).toBe(200);
    }
    for (const host of [`mock.evil:${port}`, `notexample.test:${port}`, `evil.example:${port}`]) {
      expect((await withHost(given.url, "GET", "/__mock/state", host)).status, host).toBe(403);
    }
  });

  it("is the node:http server's alone: the in-process mock answers whatever URL it is given", async () => {
    const answer = await createMock().fetch(new Request("http://evil.example/api/projects/", { headers: { Authorization: "Bearer phx_x" } }));
    expect(answer.status).toBe(200);
    expect(hostAllowed("evil.example", ["*"])).toBe(true);
    expect(hostAllowed("[::1", [])).toBe(false);
    // HTTP/1.0 may send none: not a browser (node:http itself refuses an HTTP/1.1 request without one).
    expect(hostAllowed(undefined, [])).toBe(true);
  });
});
