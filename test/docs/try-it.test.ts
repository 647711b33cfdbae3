// The docs pages' Try it panel in Chromium: every operation tried with its example inputs gets a
// status it documents from the mock in the page, on both pages; what a try creates stays for
// the next; a bad body is named as the mock's 400 names it; a scenario and Reset act; the key
// for "Your server" goes to that origin only and never into the page; the panel works by
// keyboard, from disk, and within its size; and a try in the page sends nothing anywhere.
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { bundlePath } from "../../scripts/build/bundle.mjs";
import { liveBundlePath } from "../../scripts/build/overlay.mjs";
import { buildDocs } from "../../scripts/docs/docs.mjs";
import { tryItPage, tryItScripts } from "../../scripts/docs/try-it.mjs";
import { operationsOf } from "../../scripts/lib/spec.mjs";
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { launchChromium } from "../support/chromium.js";

// Pages of their own, so the other docs test's build of docs-dist/ is never read half written.
const outDir = new URL("../../.cache/try-it-docs/", import.meta.url);
const pages = {
  seed: { file: "index.html", spec: bundlePath },
  live: { file: "live.html", spec: liveBundlePath },
} as const;
type Profile = keyof typeof pages;

let server: Server;
let browser: Browser;
let page: Page;
let origin: string;
let statefulMock: Awaited<ReturnType<typeof startStatefulMock>>;
/** Every request the page made that did not stay inside it (blob: and data: do). */
const requests: string[] = [];
/** The headers of each API request the test server received. */
const received: { url: string; headers: IncomingHttpHeaders }[] = [];
const consoleErrors: string[] = [];

beforeAll(async () => {
  await mkdir(outDir, { recursive: true });
  const html: Record<string, Buffer> = {};
  for (const [profile, { file }] of Object.entries(pages)) html[file] = readFileSync(await buildDocs(new URL(file, outDir).pathname, profile as Profile));
  // The pages, and an API that records what it is sent: the "Your server" target.
  server = createServer((request, response) => {
    const url = request.url ?? "/";
    if (url.startsWith("/api/")) {
      received.push({ url, headers: request.headers });
      const cors = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "Authorization, Content-Type" };
      if (request.method === "OPTIONS") return response.writeHead(204, cors).end();
      return response.writeHead(200, { ...cors, "Content-Type": "application/json" }).end('{"count":0,"next":null,"previous":null,"results":[]}');
    }
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html[url.startsWith("/live.html") ? "live.html" : "index.html"]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  statefulMock = await startStatefulMock({ port: 0, log: () => {} });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (!url.startsWith("blob:") && !url.startsWith("data:")) requests.push(url);
    return route.continue();
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await statefulMock?.stop();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

const slug = (tag: string) => tag.toLowerCase().replace(/\s+/g, "-");
/** Each page's operations as the panel offers them, with the tag whose section Redoc puts them in. */
const offered = Object.fromEntries(
  await Promise.all(
    (Object.keys(pages) as Profile[]).map(async (profile) => {
      const tags = new Map(operationsOf(parse(readFileSync(pages[profile].spec, "utf8"))).map((e) => [e.operation.operationId, e.operation.tags[0]]));
      const { operations } = await tryItPage(pages[profile].spec, profile, "http://127.0.0.1:4020");
      return [profile, operations.map((operation) => ({ ...operation, tag: slug(tags.get(operation.id)) }))];
    }),
  ),
) as Record<Profile, (Awaited<ReturnType<typeof tryItPage>>["operations"][number] & { tag: string })[]>;
const find = (profile: Profile, id: string) => offered[profile].find((o) => o.id === id)!;

/** Loads a page afresh: a new in-page mock. Hooks that load give it a minute: on a busy machine it took more than vitest's 10 s. */
async function load(profile: Profile) {
  await page.goto(`${origin}/${pages[profile].file}`, { waitUntil: "load" });
}

/** Loads the page unless it is already showing, in any state: for tests that need the page, not a fresh mock (a load is seconds of CPU). */
async function showing(profile: Profile) {
  if (new URL(page.url()).pathname !== `/${pages[profile].file}`) await load(profile);
}

/** Goes to an operation in the loaded page and opens its panel. */
async function openTryIt(profile: Profile, id: string): Promise<Locator> {
  const operation = find(profile, id);
  await page.goto(`${origin}/${pages[profile].file}#/${operation.tag}/${id.toLowerCase()}`);
  const button = page.locator(`button[data-operation-id="${id}"]`);
  await button.waitFor({ timeout: 20_000 });
  await button.click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  return dialog;
}

/** Presses Send and answers the status the panel shows. */
async function send(dialog: Locator): Promise<number> {
  const button = dialog.getByRole("button", { name: "Send" });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
  const status = dialog.getByRole("status");
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^\d{3}|^No answer|^Not sent/);
  const text = (await status.textContent()) ?? "";
  const code = /^\d{3}/.exec(text);
  if (!code) throw new Error(`no answer: ${text}`);
  return Number(code[0]);
}

async function closePanel() {
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

// A test that fails with its panel open leaves the next one a page it can use.
afterEach(async () => {
  if (await page.getByRole("dialog").count()) await closePanel();
});

const documents = (statuses: string[], status: number) => statuses.includes(String(status)) || statuses.includes(`${String(status)[0]}XX`);

/** What trying one operation with its example inputs showed, or why it could not be tried. */
type Tried = { status: string; conformance: string | undefined; firstPre: string | undefined } | { problem: string };

/**
 * Tries each operation as a reader would: its section reached by its link (Redoc renders it
 * then), its Try it button pressed, Send pressed with the example inputs, the panel closed.
 * Driven from inside the page, in one round trip for them all: through Playwright each click
 * and wait is a round trip, and they took three quarters of this file's time.
 */
function tryEach(operations: { id: string; tag: string }[]): Promise<Record<string, Tried>> {
  return page.evaluate(async (operations) => {
    const until = <T>(found: () => T | null | undefined, what: string) =>
      new Promise<T>((resolve, reject) => {
        const since = performance.now();
        const look = () => {
          const value = found();
          if (value) return resolve(value);
          if (performance.now() - since > 20_000) return reject(new Error(`no ${what} within 20 s`));
          setTimeout(look, 10);
        };
        look();
      });
    const tried: Record<string, Tried> = {};
    for (const { id, tag } of operations) {
      try {
        location.hash = `#/${tag}/${id.toLowerCase()}`;
        const button = await until(() => document.querySelector<HTMLButtonElement>(`button[data-operation-id="${id}"]`), "Try it button");
        button.click();
        const dialog = await until(() => document.querySelector<HTMLDialogElement>("dialog[open]"), "panel");
        const send = [...dialog.querySelectorAll("button")].find((b) => b.textContent === "Send")!;
        await until(() => !send.disabled, "Send enabled");
        send.click();
        const status = await until(() => {
          const region = dialog.querySelector('[role="status"]');
          return /^\d{3}|^No answer|^Not sent/.test(region?.textContent ?? "") ? region : undefined;
        }, "answer");
        tried[id] = {
          status: status!.textContent!,
          conformance: dialog.querySelector(".try-it-conformance")?.textContent ?? undefined,
          firstPre: dialog.querySelector("pre")?.textContent ?? undefined,
        };
        dialog.close();
        await until(() => !dialog.isConnected, "panel closed");
      } catch (error) {
        tried[id] = { problem: (error as Error).message };
        document.querySelector<HTMLDialogElement>("dialog[open]")?.close();
      }
    }
    return tried;
  }, operations);
}

describe.each(Object.keys(pages) as Profile[])("every operation of the %s page, tried with its example inputs", (profile) => {
  let tried: Record<string, Tried>;
  let leftThePage: string[];
  beforeAll(async () => {
    await load(profile);
    const before = requests.length;
    tried = await tryEach(offered[profile].map(({ id, tag }) => ({ id, tag })));
    leftThePage = requests.slice(before);
  }, 120_000);

  it.each(offered[profile].map((operation) => [operation.id, operation] as const))("%s answers a status it documents, conforming", (id, operation) => {
    const result = tried[id]!;
    if ("problem" in result) throw new Error(`${id}: ${result.problem}`);
    const status = Number(/^\d{3}/.exec(result.status)?.[0]);
    expect(documents(operation.statuses, status), `${id} answered ${result.status}`).toBe(true);
    expect(result.conformance).toBe("Conforms to the description.");
    expect(result.firstPre).not.toBe("");
    // The in-page target answered from memory: not one request left the page.
    expect(leftThePage).toEqual([]);
  });
});

describe("the mock in the page", () => {
  beforeAll(() => load("seed"), 60_000);

  it("keeps what a try creates: a new playlist shows in the listing", async () => {
    const create = await openTryIt("seed", "createPlaylist");
    await create.getByLabel(/^Body/).fill('{"name": "Made in the Try it panel"}');
    expect(await send(create)).toBe(201);
    await closePanel();
    const list = await openTryIt("seed", "listPlaylists");
    await list.getByLabel(/^search/).fill("Made in the Try it panel");
    expect(await send(list)).toBe(200);
    expect(await list.locator(".try-it-answer pre").last().textContent()).toContain('"name": "Made in the Try it panel"');
    // The samples carry the reader's values.
    await expect.poll(() => list.locator("pre").filter({ hasText: "curl " }).textContent()).toContain("search=Made+in+the+Try+it+panel");
    await closePanel();
  });

  it("names a bad body's field as the mock's 400 does, while typing and when sent", async () => {
    const dialog = await openTryIt("seed", "createPlaylist");
    await dialog.getByLabel(/^Body/).fill('{"name": "ok", "pinned": "yes"}');
    await expect.poll(() => dialog.locator(".try-it-check").textContent()).toBe("The mock would answer 400: pinned: Must be a valid boolean.");
    expect(await dialog.getByLabel(/^Body/).getAttribute("aria-invalid")).toBe("true");
    expect(await send(dialog)).toBe(400);
    const body = JSON.parse((await dialog.locator(".try-it-answer pre").last().textContent()) ?? "");
    expect(body).toMatchObject({ attr: "pinned", detail: "Must be a valid boolean." });
    await dialog.getByLabel(/^Body/).fill('{"name": "ok"}');
    await expect.poll(() => dialog.locator(".try-it-check").textContent()).toBe("The request is valid.");
    await closePanel();
  });

  it("switches scenario (rate-limited answers 429) and resets", async () => {
    const dialog = await openTryIt("seed", "listPlaylists");
    await dialog.getByLabel("Scenario").selectOption("rate-limited");
    expect(await send(dialog)).toBe(429);
    await dialog.getByRole("button", { name: "Reset" }).click();
    expect(await dialog.getByLabel("Scenario").inputValue()).toBe("");
    expect(await send(dialog)).toBe(200);
    await closePanel();
  });

  it("is worked by keyboard: Enter opens, Tab stays in the panel, Space sends, Escape closes and gives focus back", async () => {
    await openTryIt("seed", "getPlaylist");
    await closePanel();
    const button = page.locator('button[data-operation-id="getPlaylist"]');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    for (let presses = 0; presses < 40 && (await page.evaluate(() => document.activeElement?.textContent)) !== "Send"; presses++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Space");
    await expect.poll(() => dialog.getByRole("status").textContent()).toMatch(/^200 /);
    // Every field has a label, and every button a name.
    const unlabelled = await dialog.evaluate((element) => [
      ...[...element.querySelectorAll("input, select, textarea")]
        .filter((field) => !(field as HTMLInputElement).labels?.length)
        .map((field) => field.outerHTML),
      ...[...element.querySelectorAll("button")].filter((b) => !b.textContent?.trim()).map((b) => b.outerHTML),
    ]);
    expect(unlabelled).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

describe("the other targets", () => {
  beforeAll(() => showing("seed"), 60_000);

  it("sends to the local mock at the URL the reader gives", async () => {
    const dialog = await openTryIt("seed", "listProjects");
    await dialog.getByLabel("Local mock", { exact: true }).check();
    await dialog.getByLabel(/^Local mock URL/).fill(statefulMock.url);
    expect(await send(dialog)).toBe(200);
    await expect
      .poll(() => dialog.locator("pre").filter({ hasText: "curl " }).textContent())
      .toContain(`"${statefulMock.url}/api/projects/?limit=100&offset=0"`);
    await dialog.getByLabel("In this page", { exact: true }).check();
    await closePanel();
  });

  it("holds the key for Your server in memory only, sends it to that origin alone, and refuses plain http elsewhere", async () => {
    const key = "phx_try_it_secret_4c1b7e";
    const dialog = await openTryIt("seed", "listProjects");
    await dialog.getByLabel("Your server", { exact: true }).check();
    await dialog.getByLabel("Base URL").fill(origin);
    await dialog.getByLabel(/^API key/).fill(key);
    await dialog.getByRole("button", { name: "Set key" }).click();
    await expect.poll(() => dialog.getByText("key set", { exact: true }).count()).toBe(1);
    const leaks = async () => {
      const values = await page.evaluate(() => [...document.querySelectorAll("input, textarea, select")].map((field) => (field as HTMLInputElement).value));
      return (await page.content()).includes(key) || values.some((value) => value.includes(key));
    };
    expect(await leaks()).toBe(false);

    received.length = 0;
    expect(await send(dialog)).toBe(200);
    expect(received.map((r) => r.headers.authorization)).toEqual([`Bearer ${key}`]);
    expect(await leaks()).toBe(false);

    // Another origin (the same server by another name) does not get the key.
    received.length = 0;
    await dialog.getByLabel("Base URL").fill(origin.replace("127.0.0.1", "localhost"));
    expect(await dialog.getByText("no key set", { exact: true }).count()).toBe(1);
    expect(await send(dialog)).toBe(200);
    expect(received.filter((r) => r.headers.authorization !== undefined)).toEqual([]);

    const sentBefore = requests.length;
    await dialog.getByLabel("Base URL").fill("http://example.com");
    await dialog.getByRole("button", { name: "Send" }).click();
    expect(await dialog.getByRole("status").textContent()).toBe("Not sent: Plain http is refused except to localhost and 127.0.0.1: use https.");
    expect(requests.slice(sentBefore)).toEqual([]);
    expect(await leaks()).toBe(false);
    await dialog.getByLabel("In this page", { exact: true }).check();
    await closePanel();
  });
});

describe("a parameter's help", () => {
  beforeAll(() => showing("seed"), 60_000);

  it("shows the description's inline code as code, with no backtick left", async () => {
    const dialog = await openTryIt("seed", "listPlaylists");
    const hint = page.locator(`#${await dialog.getByLabel(/^search/).getAttribute("aria-describedby")}`);
    expect(await hint.textContent()).toBe("Only playlists whose name or derived_name contains this text, ignoring case.");
    expect(await hint.locator("code").allTextContents()).toEqual(["name", "derived_name"]);
    expect(await dialog.locator(".try-it-field small").evaluateAll((hints) => hints.filter((h) => h.textContent?.includes("`")).length)).toBe(0);
    await closePanel();
  });

  it("makes elements of code, strong and emphasis only, and everything else text", async () => {
    const script = await build({ entryPoints: ["src/docs/try-it/inline-markdown.ts"], bundle: true, format: "iife", globalName: "markdown", write: false });
    await page.addScriptTag({ content: script.outputFiles[0]!.text });
    const rendered = (text: string) =>
      page.evaluate((source) => {
        const element = document.createElement("small");
        element.append(...(window as unknown as { markdown: { inlineMarkdown(text: string): Node[] } }).markdown.inlineMarkdown(source));
        return element.innerHTML;
      }, text);
    expect(await rendered("Sorts by `order`, **always** or *never*; 2 * 3 * 4 stays.")).toBe(
      "Sorts by <code>order</code>, <strong>always</strong> or <em>never</em>; 2 * 3 * 4 stays.",
    );
    expect(await rendered('`<img src=x onerror="window.pwned=1">` and <b>bold</b> **<script>x()</script>**')).toBe(
      '<code>&lt;img src=x onerror="window.pwned=1"&gt;</code> and &lt;b&gt;bold&lt;/b&gt; <strong>&lt;script&gt;x()&lt;/script&gt;</strong>',
    );
    expect(await rendered("an unclosed ` stays, as does **this")).toBe("an unclosed ` stays, as does **this");
    expect(await page.evaluate(() => "pwned" in window)).toBe(false);
  });
});

describe("the panel", () => {
  it("works opened from disk", async () => {
    await page.goto(pathToFileURL(new URL("index.html", outDir).pathname).href);
    const button = page.locator('button[data-operation-id="listProjects"]');
    await page.goto(`${pathToFileURL(new URL("index.html", outDir).pathname).href}#/${find("seed", "listProjects").tag}/listprojects`);
    await button.waitFor({ timeout: 20_000 });
    await button.click();
    expect(await send(page.getByRole("dialog"))).toBe(200);
    await closePanel();
  });

  it("is at most 50 kB minified, counting its own sources in its bundle", async () => {
    const { panelBytes } = await tryItScripts();
    expect(panelBytes).toBeGreaterThan(0);
    expect(panelBytes).toBeLessThanOrEqual(50_000);
  });

  it("logged no console error", () => {
    expect(consoleErrors).toEqual([]);
  });
});
