// The React Query example (examples/react-query/) in Debian's Chromium, driven as a person would:
// the stateful mock answers in the page through MSW's service worker, and the only server is a
// static one for the built files, which must never see an API request. What the page shows is
// checked against a mock made in this process with the same seed.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildExample, mockRoots } from "../../examples/react-query/build.mjs";
import { createClient } from "../../src/index.js";
import { createClient as createLiveClient } from "../../src/live.js";
import { createMock, type Mock } from "../../src/mock/index.js";
import { createMock as createLiveMock } from "../../src/mock/live.js";
import { launchChromium } from "../support/chromium.js";

const seed = 7;
const newName = "Checkout regressions";
const contentTypes: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8" };
const started = performance.now();
let outDir: string;
let sizes: Awaited<ReturnType<typeof buildExample>>;
let production: Awaited<ReturnType<typeof buildExample>>;
let productionDir: string;
let server: Server;
let browser: Browser;
let origin: string;
/** Every path the static server was asked for. */
const served: string[] = [];
const foreignRequests: string[] = [];
const consoleErrors: string[] = [];
/** Every API answer the pages got, and whether their service worker gave it. */
const apiAnswers: { url: URL; fromServiceWorker: boolean }[] = [];
let page: Page;

/** A client on a mock in this process. */
const clientOn = (mock: Mock) => createClient({ baseUrl: "https://mock.test", apiKey: "phx_test", maxRetries: 0, fetch: (request) => mock.fetch(request) });

/** What the app should show, from the same seeded mock: the first project's playlist names and recordings. */
/** What the app should show: the playlists and recordings the mock `made` holds, read through a client of its profile. */
async function expected(made: Mock = createMock({ seed }), client: (mock: Mock) => ReturnType<typeof clientOn> = clientOn) {
  const api = client(made);
  const collect = async <T>(items: AsyncIterable<T>) => {
    const all: T[] = [];
    for await (const item of items) all.push(item);
    return all;
  };
  const [project] = await collect(api.paginate("/api/projects/"));
  const path = { project_id: String(project!.id) };
  const playlists = await collect(api.paginate("/api/environments/{project_id}/session_recording_playlists/", { params: { path } }));
  const recordings = await collect(api.paginate("/api/environments/{project_id}/session_recordings/", { params: { path } }));
  return { playlists: playlists.map((p) => p.name), recordings: recordings.map((r) => r.person?.name ?? r.distinct_id) };
}

/** A fresh browser context (its own service worker) on the app, with every request outside the site refused and counted. */
async function open(query: string): Promise<Page> {
  const next = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await next.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith("data:")) return route.continue();
    foreignRequests.push(url);
    return route.abort();
  });
  // Every wait on the page (navigation, clicks, locators) gives up after this.
  next.setDefaultTimeout(15_000);
  const opened = await next.newPage();
  opened.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
  opened.on("pageerror", (error) => consoleErrors.push(error.message));
  opened.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/api/")) apiAnswers.push({ url, fromServiceWorker: response.fromServiceWorker() });
  });
  await opened.goto(`${origin}/${query}`);
  return opened;
}

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), "react-query-example-"));
  productionDir = await mkdtemp(join(tmpdir(), "react-query-example-production-"));
  [sizes, production] = await Promise.all([buildExample(outDir), buildExample(productionDir, { production: true })]);
  const files = (await readdir(outDir, { recursive: true })).map((file) => file.replaceAll("\\", "/"));
  server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://site").pathname;
    served.push(path);
    const file = path === "/" ? "index.html" : path.slice(1);
    if (!files.includes(file)) return response.writeHead(404).end();
    response.writeHead(200, { "Content-Type": contentTypes[extname(file)]! }).end(await readFile(join(outDir, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  page = await open(`?seed=${seed}`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (outDir) await rm(outDir, { recursive: true, force: true });
  if (productionDir) await rm(productionDir, { recursive: true, force: true });
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  if (sizes) {
    console.log(
      `react-query example: ${((performance.now() - started) / 1000).toFixed(1)} s; development: app.js ${kib(sizes.bytes)}, all chunks ${kib(sizes.totalBytes)}, the mock's share ${kib(sizes.mockBytes)}; production: app.js ${kib(production.bytes)}, gzip ${kib(production.gzipBytes)}`,
    );
  }
});

describe("the React Query example's production build", () => {
  it("holds no mock code, in one app.js under 300 kB", () => {
    expect(production.inputs.filter((input) => mockRoots.some((root) => input.startsWith(root)))).toEqual([]);
    expect(production.mockBytes).toBe(0);
    expect(production.totalBytes).toBe(production.bytes);
    expect(production.bytes).toBeLessThan(300_000);
  });

  it("is where the development build puts the mock: in chunks app.js loads only there", () => {
    expect(sizes.inputs.some((input) => input.startsWith("src/mock/"))).toBe(true);
    expect(sizes.mockBytes).toBeGreaterThan(0);
  });
});

describe("the React Query example in Chromium", () => {
  const playlistNames = () => page.getByRole("list", { name: "Playlists" }).getByRole("listitem").locator("span").allInnerTexts();
  const recordingItems = () => page.getByRole("list", { name: "Recordings" }).getByRole("listitem");
  let want: Awaited<ReturnType<typeof expected>>;

  beforeAll(async () => {
    want = await expected();
  });

  it("lists the seeded project's playlists", async () => {
    await expect.poll(async () => (await playlistNames()).sort(), { timeout: 15_000 }).toEqual([...want.playlists].sort());
  });

  /** Scrolls the recordings with the mouse wheel until every one is shown and the list says so; checks what it shows. */
  async function scrollToTheEnd(on: Page, wanted = want) {
    const items = on.getByRole("list", { name: "Recordings" }).getByRole("listitem");
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The first page alone: more only come by scrolling.
    expect(await items.count()).toBeLessThan(wanted.recordings.length);
    await items.first().hover();
    await expect
      .poll(
        async () => {
          await on.mouse.wheel(0, 1500);
          return items.count();
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(wanted.recordings.length);
    await on.getByText(`All ${wanted.recordings.length} recordings loaded`).waitFor({ timeout: 5_000 });
    expect(await items.locator("span:first-child").allInnerTexts()).toEqual(wanted.recordings);
  }

  it("loads every page of recordings as the list is scrolled, then says all are loaded", async () => {
    await scrollToTheEnd(page);
    // Page after page, each asked for once, and no more than it takes.
    const asked = apiAnswers.filter(({ url }) => url.pathname.endsWith("/session_recordings/")).map(({ url }) => url.searchParams);
    const limit = Number(asked[0]?.get("limit"));
    const pages = Math.ceil(want.recordings.length / limit);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(asked.map((query) => Number(query.get("offset")))).toEqual(Array.from({ length: pages }, (_, index) => index * limit));
  });

  it("creates a playlist and shows it at once, without reloading", async () => {
    expect(want.playlists).not.toContain(newName);
    await page.getByRole("textbox", { name: "New playlist name" }).fill(newName);
    await page.getByRole("button", { name: "Create playlist" }).click();
    await expect.poll(async () => (await playlistNames()).sort(), { timeout: 10_000 }).toEqual([...want.playlists, newName].sort());
    await expect.poll(() => page.getByRole("textbox", { name: "New playlist name" }).inputValue(), { timeout: 5_000 }).toBe("");
    // A reload would have started the recordings over from their first page.
    expect(await recordingItems().count()).toBe(want.recordings.length);
  });

  it("soft-deletes a playlist and shows it gone", async () => {
    const name = want.playlists.find((candidate) => want.playlists.indexOf(candidate) === want.playlists.lastIndexOf(candidate))!;
    await page.getByRole("button", { name: `Delete ${name}`, exact: true }).click();
    const left = [...want.playlists.filter((candidate) => candidate !== name), newName].sort();
    await expect.poll(async () => (await playlistNames()).sort(), { timeout: 10_000 }).toEqual(left);
  });

  it("pages the live service's has_next listing the same way, to its last page", async () => {
    // many-pages: the live listing looks three days back by default, where the seed's month of
    // recordings leaves less than a page; the scenario's leave several.
    const liveWant = await expected(
      createLiveMock({ seed, scenario: "many-pages" }),
      (mock) =>
        createLiveClient({ baseUrl: "http://mock.local", apiKey: "phx_test", fetch: mock.fetch, maxRetries: 0 }) as unknown as ReturnType<typeof clientOn>,
    );
    const live = await open(`?seed=${seed}&profile=live&scenario=many-pages`);
    await scrollToTheEnd(live, liveWant);
    // The page's mock answered in the live shape: a page says has_next and no count.
    const shape = await live.evaluate(async () => {
      const projects = await (await fetch("/api/projects/", { headers: { Authorization: "Bearer phx_test" } })).json();
      const page = await fetch(`/api/environments/${projects.results[0].id}/session_recordings/?limit=1`, { headers: { Authorization: "Bearer phx_test" } });
      return Object.keys(await page.json()).sort();
    });
    expect(shape).toContain("has_next");
    expect(shape).not.toContain("count");
    await live.context().close();
  });

  it("shows the rate limit's error in the rate-limited scenario", async () => {
    // The same seed throttles the first requests (the projects listing) for the same waits; a
    // development build runs React's StrictMode, which sends the first one twice.
    const api = clientOn(createMock({ seed, scenario: "rate-limited" }));
    const first = [await api.GET("/api/projects/"), await api.GET("/api/projects/")];
    expect(first.map(({ response }) => response.status)).toEqual([429, 429]);
    const limited = await open(`?seed=${seed}&scenario=rate-limited`);
    const alert = limited.getByRole("alert");
    await alert.waitFor({ timeout: 15_000 });
    expect(first.map(({ error }) => `Could not load projects: ${error!.detail} (throttled)`)).toContain(await alert.innerText());
  });

  it("answered every API request in the page: the static server saw none, nothing left the site and nothing failed", async () => {
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((path) => path.startsWith("/api/"))).toEqual([]);
    expect(apiAnswers.length).toBeGreaterThan(0);
    expect(apiAnswers.filter((answer) => !answer.fromServiceWorker)).toEqual([]);
    expect(foreignRequests).toEqual([]);
    // The throttled answers are the only errors the browser logs.
    expect(consoleErrors.filter((text) => !/status of 429/.test(text))).toEqual([]);
  });
});
