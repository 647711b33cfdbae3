// The guide's site (docs/.vitepress/, built into docs-dist/guide/) in Chromium, served as `npm
// start` serves it, beside the reference: every page renders with no console error and fits a
// 375 px screen, its tables too; every link resolves (to a page and heading of the guide, or to
// an operation the reference shows); the local search finds a page by a word of its body; the
// reference's introduction links to the guide; each says what its search covers; and nothing is
// requested from another origin. The site is built once, when stale (scripts/docs/guide.mjs), and reused.
import { mkdir, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationAnchors } from "../../docs/.vitepress/reference-links.js";
import { renderDocs } from "../../scripts/docs/docs.mjs";
import { docsHandler } from "../../scripts/docs/docs-server.mjs";
import { ensureGuide, guideDir, stampFile } from "../../scripts/docs/guide.mjs";
import { guidePagesInOrder } from "../../scripts/docs/guide-pages.mjs";
import { launchChromium } from "../support/chromium.js";
import { guidePages, readGuide } from "../support/guide.js";

const screenshots = new URL("../../.cache/screenshots/", import.meta.url);
const ordered = guidePagesInOrder();
let server: Server;
let browser: Browser;
let page: Page;
let origin: string;
const foreignRequests: string[] = [];
const consoleErrors: string[] = [];
/** Every link on the guide's pages: the page it is on, and its resolved address. */
const links: { on: string; href: string }[] = [];

beforeAll(async () => {
  const [[seedPage, livePage]] = await Promise.all([
    Promise.all([renderDocs("seed"), renderDocs("live")]),
    ensureGuide(),
    mkdir(screenshots, { recursive: true }),
  ]);
  server = createServer(docsHandler({ seedPage: Buffer.from(seedPage), livePage: Buffer.from(livePage), guideDir, guideHome: `${ordered[0]!.page}.html` }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 375, height: 800 } });
  page.on("console", (message) => message.type() === "error" && consoleErrors.push(`${page.url()}: ${message.text()}`));
  page.on("pageerror", (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith("data:")) return route.continue();
    foreignRequests.push(url);
    return route.abort();
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** How far the page's first code block runs past its box (0 or less: it fits). */
const firstBlockOverflow = () =>
  page
    .locator("main div[class*='language-'] pre")
    .first()
    .evaluate((pre) => pre.scrollWidth - pre.clientWidth);

/** A page of the guide as served, fetched once however many links point into it. */
const servedPages = new Map<string, Promise<string>>();
function servedText(url: string): Promise<string> {
  if (!servedPages.has(url))
    servedPages.set(
      url,
      fetch(url).then((answer) => (answer.ok ? answer.text() : "")),
    );
  return servedPages.get(url)!;
}

describe("the guide's site", () => {
  it("is built once: a second build finds it fresh and leaves it", async () => {
    const stamp = await readFile(stampFile, "utf8");
    expect(await ensureGuide()).toBe(false);
    expect(await readFile(stampFile, "utf8")).toBe(stamp);
  });

  it("has a page for each page of the guide, in the README's order, and opens on the first", async () => {
    expect(ordered.map(({ page }) => `${page}.md`).sort()).toEqual(guidePages);
    await page.goto(`${origin}/guide/`, { waitUntil: "load" });
    expect(new URL(page.url()).pathname).toBe(`/guide/${ordered[0]!.page}.html`);
  });

  // One pass over the pages at 375 px: each renders, fits, and gives its links to the tests below.
  it.each(ordered.map(({ page, title }) => [page, title] as const))("renders %s at 375 px wide, with no horizontal scroll", async (name, title) => {
    await page.goto(`${origin}/guide/${name}.html`, { waitUntil: "load" });
    await expect.poll(() => page.locator("main h1").first().innerText()).toContain(title.replaceAll("`", ""));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "horizontal scroll").toBeLessThanOrEqual(0);
    // A table wraps to the screen, or shows its rows as cards, rather than scrolling sideways (docs/.vitepress/theme/style.css).
    const wideTables = await page.locator("main table").evaluateAll((tables) => tables.filter((table) => table.scrollWidth > table.clientWidth + 1).length);
    expect(wideTables, "tables that scroll sideways").toBe(0);
    const hrefs = await page.locator("a[href]").evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    links.push(...hrefs.map((href) => ({ on: name, href })));
    if (name === "getting-started") {
      // Its first block, the first thing a reader runs, is read whole: no sideways scroll on a phone.
      expect(await firstBlockOverflow(), "the first code block's sideways scroll").toBeLessThanOrEqual(0);
      await page.screenshot({ path: new URL("guide-375-getting-started.png", screenshots).pathname });
    }
    if (name === "mocking") {
      // The persist how-to, then its mechanics in their own section: looked at, not measured.
      await page.getByText("Keeping what you create:").first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: new URL("guide-375-persist.png", screenshots).pathname });
      await page.locator("#how-the-persist-file-works").scrollIntoViewIfNeeded();
      await page.screenshot({ path: new URL("guide-375-persist-mechanics.png", screenshots).pathname });
    }
    if (name === "recording") {
      await page.locator("main table").first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: new URL("guide-375-cards.png", screenshots).pathname });
    }
    if (name === "client") {
      await page.screenshot({ path: new URL("guide-375.png", screenshots).pathname });
      await page.locator("main table").first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: new URL("guide-375-table.png", screenshots).pathname });
    }
  });

  it("links each operation the pages name to the reference, and only to operations the description has", async () => {
    const anchors = new Set(operationAnchors().values());
    const toReference = links.filter(({ href }) => href.startsWith(`${origin}/#/`));
    expect(toReference.length).toBeGreaterThan(5);
    for (const { on, href } of toReference) expect(anchors, `${on}: ${href}`).toContain(new URL(href).hash);
    // Each operation named in code on a page is linked there.
    for (const [id, anchor] of operationAnchors()) {
      for (const { page: name } of ordered) {
        if (!readGuide(`${name}.md`).includes(`\`${id}\``)) continue;
        expect(
          toReference.some(({ on, href }) => on === name && href === `${origin}/${anchor}`),
          `${name} names ${id}`,
        ).toBe(true);
      }
    }
  });

  it("has every link to the guide land on a page and heading it has, the reference's pages answer, and the rest are public sites", async () => {
    const local = [...new Set(links.map(({ href }) => href).filter((href) => href.startsWith(`${origin}/`)))];
    const toGuide = local.filter((href) => href.startsWith(`${origin}/guide/`));
    expect(toGuide.length).toBeGreaterThan(ordered.length);
    for (const href of toGuide) {
      const { hash } = new URL(href);
      const text = await servedText(href.replace(/#.*$/, ""));
      expect(text, href).toContain("<html");
      if (hash) expect(text, href).toContain(`id="${decodeURIComponent(hash.slice(1))}"`);
    }
    // Links elsewhere are to public sites, which this test does not ask for: none to a local server that may not run.
    const elsewhere = links.filter(({ href }) => !href.startsWith(`${origin}/`));
    for (const { on, href } of elsewhere) expect(href, on).toMatch(/^https:\/\/(?!127\.0\.0\.1|localhost)/);
    const toReferencePages = local.filter((href) => !href.startsWith(`${origin}/guide/`) && !href.includes("#"));
    expect(toReferencePages.map((href) => new URL(href).pathname).sort()).toEqual(["/", "/live.html"]);
    for (const href of toReferencePages) expect((await fetch(href)).status, href).toBe(200);
  });

  // One load of the reference (seconds of CPU) for the rest: reached by a click, its operations by their hashes.
  it("leaves the site for the reference when an operation is clicked, where every operation linked is shown", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${origin}/guide/getting-started.html`, { waitUntil: "load" });
    expect(await firstBlockOverflow(), "the first code block, cut off at 1440 px").toBeLessThanOrEqual(0);
    await page.screenshot({ path: new URL("guide-1440-getting-started.png", screenshots).pathname });
    await page.locator("main a.reference-link", { hasText: "updatePlaylist" }).first().click();
    await page.locator('[data-section-id="/playlists/updateplaylist"]').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe("/");
    for (const href of new Set(links.map(({ href }) => href).filter((href) => href.startsWith(`${origin}/#/`)))) {
      await page.goto(href);
      await page.locator(`[data-section-id="${new URL(href).hash.slice(1)}"]`).waitFor({ timeout: 15_000 });
    }
  });

  it("is linked from the reference's introduction, which says what each search covers", async () => {
    // Reached at an operation, Redoc renders what is around it: the introduction is at `#/`.
    await page.goto(`${origin}/#/`);
    const intro = page.getByText("Its search finds the guide's pages").first();
    await intro.waitFor({ timeout: 15_000 });
    expect(await intro.innerText()).toContain("the search on this page finds this reference's operations");
    await page.getByRole("link", { name: "guide/" }).first().click();
    await page.waitForURL(`${origin}/guide/${ordered[0]!.page}.html`);
    await expect.poll(() => page.locator("main h1").first().innerText()).toContain(ordered[0]!.title);
  });

  it("finds a page by a word of its body with its search, which says it searches the guide", async () => {
    // A word of one page's body only (the client's retries), in no title.
    const word = "jitter";
    const having = ordered.filter((entry) => readGuide(`${entry.page}.md`).toLowerCase().includes(word));
    expect(having.map((entry) => entry.page)).toEqual(["client"]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${origin}/guide/troubleshooting.html`, { waitUntil: "load" });
    const button = page.getByRole("button", { name: /Search the guide's pages \(the API reference has its own search\)/ });
    expect(await button.innerText()).toContain("Search the guide");
    await button.click();
    // The search box is a chunk of its own, loaded on the first click.
    await page.locator(".VPLocalSearchBox input").fill(word);
    const result = page.locator(".VPLocalSearchBox .results a").first();
    await expect.poll(() => result.getAttribute("href"), { timeout: 15_000 }).toMatch(/^\/guide\/client\.html#/);
    await page.screenshot({ path: new URL("guide-search.png", screenshots).pathname });
    await result.click();
    await page.waitForURL(/\/guide\/client\.html#/);
    await expect.poll(() => page.locator(".VPSidebar .is-active").first().innerText()).toBe("The client");
    await page.screenshot({ path: new URL("guide-1440.png", screenshots).pathname });
  });

  it("made no request to another origin and logged no console error", () => {
    expect(foreignRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
