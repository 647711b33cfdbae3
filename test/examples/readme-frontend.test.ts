// The guide's frontend snippets, compiled together and run in Chromium as written: the
// TanStack Query components and the mock in the page share the page's origin, so every query is
// answered by the mock in the service worker, and a write refreshes the listing it changed.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/chromium.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
let dir: string;
let server: Server;
let browser: Browser;
let page: Page;
const served: string[] = [];
const fromWorker: boolean[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "readme-frontend-"));
  await build({
    absWorkingDir: root,
    entryPoints: ["test/examples/readme-frontend/main.tsx"],
    outfile: join(dir, "app.js"),
    bundle: true,
    format: "esm",
    jsx: "automatic",
    target: "es2022",
    define: { "process.env.NODE_ENV": '"development"' },
    logLevel: "error",
    logOverride: { "import-is-undefined": "silent" },
  });
  await writeFile(join(dir, "index.html"), '<!doctype html><html><body><div id="root"></div><script type="module" src="./app.js"></script></body></html>');
  const files: Record<string, [string, string]> = {
    "/": [join(dir, "index.html"), "text/html"],
    "/app.js": [join(dir, "app.js"), "text/javascript"],
    "/mockServiceWorker.js": [join(root, "node_modules/msw/lib/mockServiceWorker.js"), "text/javascript"],
  };
  server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://site").pathname;
    served.push(path);
    const file = files[path];
    if (!file) return response.writeHead(404).end();
    response.writeHead(200, { "Content-Type": file[1] }).end(await readFile(file[0]));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  browser = await launchChromium();
  page = await browser.newPage();
  page.on("response", (answer) => new URL(answer.url()).pathname.startsWith("/api/") && fromWorker.push(answer.fromServiceWorker()));
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the guide's frontend path in Chromium", () => {
  const playlistItems = () => page.locator("ul").first().locator("li");

  it("lists the project's playlists from the mock in the page", async () => {
    await expect.poll(() => playlistItems().allInnerTexts(), { timeout: 20_000 }).toContain("Checkout drop-offs");
  });

  it("creates a playlist and shows it, the listing refreshed by queriesChangedBy", async () => {
    const before = (await playlistItems().allInnerTexts()).filter((name) => name === "Checkout drop-offs").length;
    await page.getByRole("button", { name: "New playlist" }).click();
    await expect
      .poll(async () => (await playlistItems().allInnerTexts()).filter((name) => name === "Checkout drop-offs").length, { timeout: 15_000 })
      .toBe(before + 1);
  });

  it("lists recordings page after page with infiniteListing", async () => {
    const recordings = page.locator("ul").nth(1).locator("li");
    await expect.poll(() => recordings.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it("answered every API request in the service worker: the static server saw none", () => {
    expect(fromWorker.length).toBeGreaterThan(0);
    expect(fromWorker.every(Boolean)).toBe(true);
    expect(served.filter((path) => path.startsWith("/api/"))).toEqual([]);
  });
});
