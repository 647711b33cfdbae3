// The built docs pages in a real browser (Debian's Chromium, driven by playwright-core): they
// render offline with no request to another origin and no console error; on the description's
// page every operation is reachable by its link and found by search, and shows its code samples
// and named examples; the live service's page shows the live shapes, and each links the other.
// A try in the page's own mock (the Try it panel, test/docs/try-it.test.ts) requests nothing.
import { mkdir, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationAnchors } from "../../docs/.vitepress/reference-links.js";
import { buildDocs, liveDocsPath } from "../../scripts/docs/docs.mjs";
import { launchChromium } from "../support/chromium.js";
import { deref, operations, type Schema } from "../support/spec.js";

const screenshots = new URL("../../.cache/screenshots/", import.meta.url);
let server: Server;
let browser: Browser;
let page: Page;
let origin: string;
const foreignRequests: string[] = [];
/** Every request, the page's own origin's too. */
const allRequests: string[] = [];
const consoleErrors: string[] = [];

let docsFile: string;

beforeAll(async () => {
  docsFile = await buildDocs();
  const html = await readFile(docsFile);
  const liveHtml = await readFile(await buildDocs(liveDocsPath, "live"));
  server = createServer((request, response) =>
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(request.url?.startsWith("/live.html") ? liveHtml : html),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  // Every request is seen here; any that leaves the page's origin is counted and refused.
  await page.route("**/*", (route) => {
    const url = route.request().url();
    allRequests.push(url);
    const local = url.startsWith(`${origin}/`) || url.startsWith(`blob:${origin}/`) || url.startsWith("data:");
    if (local) return route.continue();
    foreignRequests.push(url);
    return route.abort();
  });
  await page.goto(`${origin}/`, { waitUntil: "networkidle" });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** Where the reference puts each operation, as the guide's links compute it (one implementation for both). */
const anchors = operationAnchors();
const anchorOf = (operation: Schema): string => {
  const anchor = anchors.get(String(operation.operationId));
  if (!anchor) throw new Error(`no anchor for ${operation.operationId}`);
  return anchor;
};
const successExamples = (operation: Schema) => {
  const status = Object.keys(operation.responses).find((code) => code.startsWith("2"));
  const examples = status ? deref(operation.responses[status]).content?.["application/json"]?.examples : undefined;
  return Object.values<Schema>(examples ?? {}).map((example) => deref(example).summary as string);
};
const sectionOf = (operation: Schema) => page.locator(`[data-section-id="${anchorOf(operation).slice(1)}"]`);
const panelText = async (section: Locator) => (await section.locator("[data-testid=right-panel]").allInnerTexts()).join("\n");

/** The right panel's text once its code sample has rendered, which comes after the section. */
async function renderedPanel(section: Locator): Promise<string> {
  await expect.poll(async () => /import \{|curl /.test(await panelText(section)), { timeout: 15_000 }).toBe(true);
  return panelText(section);
}

/** Picks a code sample language in an operation's language menu. */
async function chooseLanguage(section: Locator, current: string, wanted: string) {
  await section.locator("[data-testid=right-panel]").getByText(current, { exact: true }).first().click();
  await page.getByRole("menuitem", { name: wanted }).first().click();
}

describe("the docs page in Chromium", () => {
  it("lists the local mocks as servers a reader can copy", async () => {
    const text = await page.innerText("body");
    for (const url of ["http://127.0.0.1:4020", "http://127.0.0.1:4010"]) expect(text).toContain(url);
    expect(text).not.toContain("`/api/`");
  });

  it("renders the API's title", async () => {
    const title = page.getByRole("heading", { name: /Session Recordings, Playlists and Subscriptions API/ }).first();
    expect(await title.isVisible()).toBe(true);
    expect(await page.innerText("body")).toContain("Session Recordings, Playlists and Subscriptions API");
  });

  it.each(operations.map((entry) => [entry.operation.operationId as string, entry] as const))(
    "shows %s at its link, with both code samples and its named examples",
    async (id, entry) => {
      const { operation } = entry;
      await page.goto(`${origin}/${anchorOf(operation)}`, { waitUntil: "networkidle" });
      const section = sectionOf(operation);
      await section.waitFor({ timeout: 15_000 });
      // The section is there before Redoc has filled it in.
      await expect
        .poll(() => section.locator("[data-testid=middle-panel]").first().innerText(), { timeout: 15_000 })
        .toContain(String(operation.summary).replace("[In development] ", ""));
      const scopes: string[] = operation.security[0].PersonalAPIKey;
      const middle = (await section.locator("[data-testid=middle-panel]").allInnerTexts()).join("\n");
      if (scopes.length) expect(middle).toMatch(new RegExp(`Required scopes:\\s*${scopes[0]}`));
      else expect(middle).toContain("Scope: none.");
      // The chosen language is remembered across operations: read whichever shows, then the other.
      const first = await renderedPanel(section);
      const typescriptFirst = first.includes('from "session-recordings-api"');
      await chooseLanguage(section, typescriptFirst ? "TypeScript" : "curl", typescriptFirst ? "curl" : "TypeScript");
      // Redoc shows the chosen sample a moment after the click: on a busy machine, after the next read.
      await expect.poll(() => panelText(section), { timeout: 15_000 }).toContain(typescriptFirst ? "curl " : 'from "session-recordings-api"');
      const seen = `${first}\n${await panelText(section)}`;
      expect(seen).toContain('from "session-recordings-api"');
      expect(seen).toContain(`api.${entry.method.toUpperCase()}("${entry.path}"`);
      expect(seen).toMatch(/curl (-X [A-Z]+ )?-H "Authorization: Bearer \$POSTHOG_PERSONAL_API_KEY"/);
      const examples = successExamples(operation);
      // One example shows as is; several are picked by name.
      if (examples.length > 1) {
        await section.locator("[data-testid=right-panel]").getByText(examples[0]!, { exact: true }).first().click();
        for (const summary of examples) expect(await page.getByRole("menuitem", { name: summary }).count(), `${id}: example "${summary}"`).toBeGreaterThan(0);
        await page.keyboard.press("Escape");
      }
    },
  );

  it("carries every in-page link as a hash, which opens what it names by itself, from disk too", async () => {
    await page.goto(`${origin}/`, { waitUntil: "networkidle" });
    const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(hrefs.filter((href) => href.startsWith("/"))).toEqual([]);
    expect(hrefs).toContain("#/section/errors");
    expect(hrefs).toContain("#/playlists");
    // What "open in a new tab" or a copied link does: a fresh page at that address, served or from disk.
    for (const base of [`${origin}/`, pathToFileURL(docsFile).href]) {
      const opened = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await opened.goto(`${base}#/playlists/createplaylist`, { waitUntil: "load" });
      const section = opened.locator('[data-section-id="/playlists/createplaylist"]');
      await section.waitFor({ timeout: 15_000 });
      await expect.poll(() => section.locator("h1, h2").first().isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await section.innerText(), base).toContain("Create a playlist");
      await opened.close();
    }
  });

  // The page resized rather than loaded again at each width: a load of it is seconds of CPU.
  it.each([1400, 1920])("shows every code sample line whole in a %i px window", async (width) => {
    await page.setViewportSize({ width, height: 900 });
    try {
      for (const id of ["playlists/createplaylist", "session-recordings/listrecordings", "subscriptions/createsubscription"]) {
        await page.goto(`${origin}/#/${id}`, { waitUntil: "networkidle" });
        const samples = page.locator(`[data-section-id="/${id}"] [data-testid=right-panel] pre`);
        await samples.first().waitFor({ timeout: 15_000 });
        const clipped = await samples.evaluateAll((pres) =>
          pres.filter((pre) => pre.scrollWidth > pre.clientWidth + 1).map((pre) => pre.textContent?.slice(0, 80)),
        );
        expect(clipped, id).toEqual([]);
      }
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it("finds an operation by name with search", async () => {
    await page.getByText("Search", { exact: false }).first().click();
    await page.keyboard.type("Retrieve a subscription");
    await page.getByText("Retrieve a subscription").first().waitFor({ timeout: 15_000 });
    const results = await page.innerText("body");
    expect(results).toContain("Retrieve a subscription");
    await mkdir(screenshots, { recursive: true });
    await page.screenshot({ path: new URL("search.png", screenshots).pathname });
    await page.keyboard.press("Escape");
    await page.locator("[data-testid=search-dialog]").waitFor({ state: "hidden", timeout: 15_000 });
  });

  it("answers a try from the mock in the page, with no request at all", async () => {
    await page.goto(`${origin}/#/subscriptions/createsubscription`, { waitUntil: "networkidle" });
    const before = allRequests.length;
    await page.locator('button[data-operation-id="createSubscription"]').click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => dialog.getByRole("status").textContent(), { timeout: 15_000 }).toMatch(/^201 /);
    await page.keyboard.press("Escape");
    expect(allRequests.slice(before)).toEqual([]);
  });

  it("made no request to another origin and logged no console error", async () => {
    await page.goto(`${origin}/#/subscriptions/createsubscription`, { waitUntil: "networkidle" });
    await mkdir(screenshots, { recursive: true });
    await page.screenshot({ path: new URL("create-subscription.png", screenshots).pathname, fullPage: false });
    expect(foreignRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

describe("the live service's page in Chromium", () => {
  it("is reached from the description's page by its link, and links back", async () => {
    await page.goto(`${origin}/`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "its own page" }).first().click();
    await page
      .getByRole("heading", { name: /\(the live service\)/ })
      .first()
      .waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe("/live.html");
    await page.getByRole("link", { name: "the API description" }).first().click();
    await page.getByRole("link", { name: "its own page" }).first().waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe("/index.html");
  }, 90_000);

  it("shows the recordings listing's live page, has_next and no count, with a sample for the live entry", async () => {
    await page.goto(`${origin}/live.html#/session-recordings/listrecordings`, { waitUntil: "networkidle" });
    const section = page.locator('[data-section-id="/session-recordings/listrecordings"]');
    await section.waitFor({ timeout: 15_000 });
    const first = await renderedPanel(section);
    if (!first.includes("import {")) await chooseLanguage(section, "curl", "TypeScript");
    await expect.poll(() => panelText(section), { timeout: 15_000 }).toContain('from "session-recordings-api/live"');
    const text = `${first}\n${await panelText(section)}`;
    expect(text).toContain("has_next");
    expect(text).not.toContain('"count"');
  });

  it("has no ai/filters operation, which the live service lacks", async () => {
    // The regex helper renders where the filters helper would: the section is there, its sibling is not.
    await page.goto(`${origin}/live.html#/ai-helpers/generaterecordingregex`, { waitUntil: "networkidle" });
    await page.locator('[data-section-id="/ai-helpers/generaterecordingregex"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-section-id="/ai-helpers/generaterecordingfilters"]').count()).toBe(0);
    expect(await page.innerText("body")).not.toContain("Generate recording filters");
  });

  it("made no request to another origin and logged no console error", () => {
    expect(foreignRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
