// The Playwright adapter in Debian's Chromium: what routeMock hands the engine and gives back,
// what it leaves alone, and the fixture's checks (a service worker, a snapshot file, a failure's
// request log). The suite of examples/playwright-e2e drives the fixtures through `npx playwright test`.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mockFixtures } from "../../src/mock/adapters/playwright/fixtures.js";
import { routeMock } from "../../src/mock/adapters/playwright/route.js";
import type { Mock } from "../../src/mock/engine.js";
import { createMock } from "../../src/mock/index.js";
import { createMock as createLiveMock } from "../../src/mock/live.js";
import { launchChromium } from "../support/chromium.js";
import { localServers } from "../support/local-server.js";
import { bothFormsAlike, sender } from "./slash-forms.js";

const serve = localServers();
const headers = { authorization: "Bearer phx_playwright_test" };
const playlists = "/api/environments/28417/session_recording_playlists/";

/** The app's server: a page, a script, a service worker and, for what is not routed, a plain answer that says where it came from. */
const site = () =>
  serve((request, response) => {
    const path = new URL(request.url ?? "/", "http://site").pathname;
    if (path === "/") return response.writeHead(200, { "content-type": "text/html" }).end('<script src="/app.js"></script>');
    if (path === "/app.js" || path === "/sw.js") return response.writeHead(200, { "content-type": "text/javascript" }).end("");
    response.writeHead(418, { "content-type": "text/plain", "access-control-allow-origin": "*" }).end("from the server");
  });

/** A mock whose every request is kept, as the engine received it. */
function watched(mock: Mock = createMock()) {
  const received: Request[] = [];
  return {
    received,
    mock: {
      ...mock,
      fetch: async (request: RequestInfo | URL) => {
        received.push((request as Request).clone());
        return mock.fetch(request);
      },
    } as Mock,
  };
}

async function call(page: Page, url: string, init: { method?: string; headers?: Record<string, string>; body?: number[] | string } = {}) {
  return page.evaluate(
    async ({ url, init }) => {
      const body = Array.isArray(init.body) ? new Uint8Array(init.body) : init.body;
      const response = await fetch(url, { ...init, body });
      return { status: response.status, headers: Object.fromEntries(response.headers), text: await response.text() };
    },
    { url, init },
  );
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());
afterEach(() => context?.close());

async function open(origin: string, serviceWorkers: "allow" | "block" = "block") {
  context = await browser.newContext({ serviceWorkers });
  page = await context.newPage();
  await page.goto(origin);
}

describe("routeMock", () => {
  it("hands the engine the method, headers and body bytes, and gives the page its status, headers and body", async () => {
    const origin = await site();
    await open(origin);
    const { mock, received } = watched();
    await routeMock(context, mock, { baseUrl: origin });

    const bytes = [0, 255, 128, 10, 123];
    const refused = await call(page, `${origin}${playlists}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "x-trace": "t1" },
      body: bytes,
    });
    const sent = received.at(-1)!;
    expect([sent.method, sent.headers.get("x-trace"), sent.headers.get("authorization")]).toEqual(["POST", "t1", headers.authorization]);
    expect([...new Uint8Array(await sent.arrayBuffer())]).toEqual(bytes);
    expect(refused.status).toBe(400);

    const created = await call(page, `${origin}${playlists}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: '{"name":"Routed"}',
    });
    expect(created.status).toBe(201);
    expect(created.headers["content-type"]).toMatch(/application\/json/);
    const listed = await call(page, `${origin}${playlists}?limit=100`, { headers });
    expect(JSON.parse(listed.text).results.map((playlist: { name: string }) => playlist.name)).toContain("Routed");

    const head = await call(page, `${origin}${playlists}`, { method: "HEAD", headers });
    expect([head.status, head.text]).toEqual([200, ""]);
    const throttled = createMock({ scenario: "rate-limited" });
    await routeMock(page, throttled, { baseUrl: origin });
    const limited = await call(page, `${origin}${playlists}`, { headers });
    expect([limited.status, Number(limited.headers["retry-after"]) > 0]).toEqual([429, true]);
  });

  it("routes a path without its trailing slash as it routes the path with it, in both profiles", async () => {
    for (const createProfileMock of [createMock, createLiveMock]) {
      const origin = await site();
      await open(origin);
      await routeMock(context, createProfileMock(), { baseUrl: origin });
      const fetchInPage = async (url: string, init: RequestInit) => {
        const answer = await call(page, url, init as { method?: string; headers?: Record<string, string>; body?: string });
        return new Response(answer.text === "" ? null : answer.text, { status: answer.status, headers: answer.headers });
      };
      await bothFormsAlike(sender(fetchInPage, origin));
      await context.close();
    }
  });

  it("routes only its origin's API paths: assets, other origins and paths the mock does not own go on", async () => {
    const origin = await site();
    const other = await site();
    context = await browser.newContext({ serviceWorkers: "block" });
    // Registered first, so it runs after the mock's routing, for what that passes on.
    await context.route(`${origin}/api/feature_flags/`, (route) => route.fulfill({ status: 200, body: "the user's own route" }));
    const routing = await routeMock(context, createMock(), { baseUrl: origin });
    page = await context.newPage();
    await page.goto(origin);

    expect((await call(page, `${origin}/api/feature_flags/`)).text).toBe("the user's own route");
    expect((await call(page, `${origin}/api/unknown/`)).text).toBe("from the server");
    expect((await call(page, `${other}/api/projects/`)).text).toBe("from the server");
    expect((await call(page, `${origin}/api/projects/`, { headers })).status).toBe(200);
    // The page, its script, the other origin and the admin path never reached the handler.
    expect((await call(page, `${origin}/__mock/state`)).text).toBe("from the server");
    expect(routing.routed).toBe(3);
  });

  it("stops routing when disposed, by dispose() or Symbol.asyncDispose", async () => {
    const origin = await site();
    await open(origin);
    const first = await routeMock(context, createMock(), { baseUrl: origin });
    await first.dispose();
    expect((await call(page, `${origin}/api/projects/`, { headers })).text).toBe("from the server");
    {
      await using _routing = await routeMock(context, createMock(), { baseUrl: origin });
      expect((await call(page, `${origin}/api/projects/`, { headers })).status).toBe(200);
    }
    expect((await call(page, `${origin}/api/projects/`, { headers })).text).toBe("from the server");
  });

  it("answers a mock that throws with a 500 naming it, and tells onError", async () => {
    const origin = await site();
    await open(origin);
    const errors: unknown[] = [];
    const broken = {
      ...createMock(),
      fetch: async () => {
        throw new Error("the 200 answer to list breaks the spec");
      },
    };
    await routeMock(context, broken, { baseUrl: origin, onError: (error) => errors.push(error) });
    const answer = await call(page, `${origin}/api/projects/`, { headers });
    expect([answer.status, JSON.parse(answer.text).detail]).toEqual([500, "the 200 answer to list breaks the spec"]);
    expect(errors).toHaveLength(1);
  });

  it("refuses a baseUrl that is no http origin, naming it", async () => {
    const routable = { route: async () => undefined, unroute: async () => undefined };
    await expect(routeMock(routable, createMock(), { baseUrl: "localhost:5173" })).rejects.toThrow(/baseUrl must be an? .*"localhost:5173"/);
    await expect(routeMock(routable, createMock(), { baseUrl: "/api" })).rejects.toThrow(/baseUrl must be an absolute URL/);
  });
});

describe("mockFixtures", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "playwright-fixtures-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const testInfo = (status = "passed") => {
    const attached: { name: string; body: string }[] = [];
    return {
      attached,
      info: {
        status,
        expectedStatus: "passed",
        config: { configFile: join(dir, "playwright.config.ts"), rootDir: dir },
        attach: async (name: string, { body }: { body: string }) => void attached.push({ name, body }),
      },
    };
  };

  it("gives the test a mock from a snapshot file, routed on the context, and attaches its requests when the test failed", async () => {
    const origin = await site();
    await open(origin);
    const saved = createMock();
    await saved.fetch(
      new Request(`https://x${playlists}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: '{"name":"From the file"}' }),
    );
    await writeFile(join(dir, "saved.mock.json"), saved.snapshotJson());
    const { info, attached } = testInfo("failed");

    const fixture = mockFixtures({ createMock, baseUrl: origin }).mock[0];
    await fixture(
      { context, mockOptions: { snapshot: "saved.mock.json", scenario: undefined } },
      async (mock) => {
        const listed = await call(page, `${origin}${playlists}?limit=100`, { headers });
        expect(JSON.parse(listed.text).results.map((playlist: { name: string }) => playlist.name)).toContain("From the file");
        expect(mock.requests()).toHaveLength(1);
      },
      info,
    );
    expect(attached.map((a) => a.name)).toEqual(["session-recordings-mock.json"]);
    // The next test with the same options: the worker's mock again, back to the file's state.
    await fixture(
      { context, mockOptions: { snapshot: "saved.mock.json" } },
      async (mock) => {
        const body = '{"name":"Written by the first test"}';
        await call(page, `${origin}${playlists}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });
        expect(mock.requests()).toHaveLength(1);
      },
      testInfo().info,
    );
    await fixture(
      { context, mockOptions: { snapshot: "saved.mock.json" } },
      async (mock) => {
        const names = JSON.parse((await call(page, `${origin}${playlists}?limit=100`, { headers })).text).results.map(
          (playlist: { name: string }) => playlist.name,
        );
        expect(names).toContain("From the file");
        expect(names).not.toContain("Written by the first test");
        expect(mock.requests()).toHaveLength(1);
      },
      testInfo().info,
    );
    expect(JSON.parse(attached[0]!.body).requests[0]).toMatchObject({ method: "GET", status: 200 });
    await expect(fixture({ context, mockOptions: { snapshot: "missing.mock.json" } }, async () => undefined, info)).rejects.toThrow(
      /mockOptions.snapshot: cannot read .*missing.mock.json/,
    );
  });

  it("fails naming both origins when the page calls the API at another spelling of baseUrl's host, and answers that request at once", async () => {
    const origin = await site();
    const port = new URL(origin).port;
    const baseUrl = `http://localhost:${port}`;
    await open(baseUrl);
    const fixture = mockFixtures({ createMock, baseUrl }).mock[0];
    const run = fixture(
      { context, mockOptions: {} },
      async () => {
        const misrouted = await call(page, `http://127.0.0.1:${port}${playlists}`);
        expect(misrouted.status).toBe(421);
        expect(JSON.parse(misrouted.text).detail).toContain(`but the mock routes ${baseUrl} (baseUrl)`);
        // baseUrl's own spelling is routed as ever.
        expect((await call(page, `${baseUrl}${playlists}`, { headers })).status).toBe(200);
      },
      testInfo().info,
    );
    await expect(run).rejects.toThrow(`The page sent http://127.0.0.1:${port}${playlists}, but the mock routes ${baseUrl}, the fixture's baseUrl`);
  });

  it("fails, saying what to set, when a service worker was registered", async () => {
    const origin = await site();
    await open(origin, "allow");
    const fixture = mockFixtures({ createMock, baseUrl: origin }).mock[0];
    const run = fixture(
      { context, mockOptions: {} },
      async () => {
        await page.evaluate(async () => {
          await navigator.serviceWorker.register("/sw.js");
          await navigator.serviceWorker.ready;
        });
      },
      testInfo().info,
    );
    await expect(run).rejects.toThrow(/A service worker was registered \(.*\/sw\.js\).*serviceWorkers: "block"/);
  });
});
