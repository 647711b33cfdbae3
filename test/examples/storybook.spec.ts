// The Storybook example (examples/storybook/) as a team has it: a temporary copy with the packed
// tarballs installed (scripts/checks/example-copy.mjs), type-checked, built with `storybook build` on
// msw 2 (and on msw 3, installed into its copy, in the Node matrix: STORYBOOK_MSW_MAJORS) and
// served under /storybook/ as a static site, driven in Debian's Chromium: each story shows its
// state's data, a playlist created in one story is absent from the next, a late answer from a
// story left early never arrives, a story's own handler wins, on the Docs page each story (in its
// own iframe) shows its own state, and every story's play function passes under Storybook's
// Vitest addon. What the pages should show comes from mocks made in this process with the same
// parameters. Run beside the suite by scripts/checks/test.mjs, with its own config
// (storybook.vitest.config.ts), on the tarballs it packed (EXAMPLE_TARBALLS); run alone, it packs them.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Frame, FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import teamReview from "../../examples/storybook/src/team-review.mock.json";
import { buildAndPack, copyExample } from "../../scripts/checks/example-copy.mjs";
import { createClient } from "../../src/index.js";
import { createMock, type Mock } from "../../src/mock/index.js";
import { launchChromium } from "../support/chromium.js";

const exec = promisify(execFile);
const subPath = "/storybook/";
const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
};
const listPath = "/api/environments/{project_id}/session_recording_playlists/";
const path = { project_id: "28417" };
const timings: string[] = [];
/** How long a page may take to show a change: generous, for a machine busy with other builds. */
const wait = { timeout: 120_000 };
/** The msw 3 that test/msw-3 pins, installed into the copy for a run on msw 3. */
const msw3: string = JSON.parse(readFileSync(new URL("../msw-3/package.json", import.meta.url), "utf8")).devDependencies.msw;
const env = { ...process.env, STORYBOOK_DISABLE_TELEMETRY: "1" };

/** The playlist names a mock lists, as the story's component asks (limit 100). */
async function namesOn(mock: Mock): Promise<string[]> {
  const api = createClient({ baseUrl: "https://mock.test", apiKey: "phx_test", maxRetries: 0, fetch: (request) => mock.fetch(request) });
  const { data } = await api.GET(listPath, { params: { path, query: { limit: 100 } } });
  return data!.results.map((playlist) => playlist.name ?? "");
}

/** Runs one of the copy's bins there; a failure says what it printed. */
async function inCopy(copy: string, bin: string, args: string[], options: { timeout?: number; env?: NodeJS.ProcessEnv } = {}) {
  return exec(join(copy, "node_modules/.bin", bin), args, { cwd: copy, env, timeout: 540_000, maxBuffer: 1 << 24, ...options }).catch(
    (failure: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`${bin} ${args.join(" ")} failed in the example's copy: ${failure.message}\n${failure.stdout ?? ""}${failure.stderr ?? ""}`.slice(-4000));
    },
  );
}

/** A copy of the example on msw `major` (msw 3 installed into it), its worker script copied in, and `storybook build` into a fresh folder. */
async function buildStorybook(tarballs: string, major: "2" | "3"): Promise<{ copy: string; outDir: string }> {
  const started = performance.now();
  const { dir: copy } = await copyExample("storybook", tarballs, { also: major === "3" ? [`msw@${msw3}`] : [] });
  copies.push(copy);
  const installed = JSON.parse(await readFile(join(copy, "node_modules/msw/package.json"), "utf8")).version;
  if (!installed.startsWith(`${major}.`)) throw new Error(`the copy for msw ${major} has msw ${installed}`);
  typecheck ??= inCopy(copy, "tsc", []).then(
    () => "",
    (failure: Error) => failure.message,
  );
  const outDir = await mkdtemp(join(tmpdir(), `storybook-msw${major}-`));
  builds.push(outDir);
  await inCopy(copy, "msw", ["init", "public", "--no-save"]);
  await inCopy(copy, "storybook", ["build", "--quiet", "--output-dir", outDir]);
  timings.push(`copy, install and build on msw ${major} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { copy, outDir };
}

/** A static server for `dir` under /storybook/ only, as a GitHub Pages project site is; it counts what it is asked for. */
async function serve(dir: string): Promise<{ server: Server; origin: string; served: string[] }> {
  const served: string[] = [];
  const server = createServer(async (request, response) => {
    const asked = decodeURIComponent(new URL(request.url ?? "/", "http://site").pathname);
    served.push(asked);
    if (!asked.startsWith(subPath)) return response.writeHead(404).end();
    const file = join(dir, normalize(asked.slice(subPath.length) || "index.html"));
    if (!file.startsWith(dir) || !(await stat(file).catch(() => undefined))?.isFile()) return response.writeHead(404).end();
    response.writeHead(200, { "Content-Type": contentTypes[extname(file)] ?? "application/octet-stream" }).end(await readFile(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, served };
}

let browser: Browser;
/** What tsc printed on the first copy ("" when it passed), once it is made. */
let typecheck: Promise<string> | undefined;
/** The copies and build folders this file made, removed after it. */
const copies: string[] = [];
const builds: string[] = [];
const built: Partial<Record<"2" | "3", { copy: string; outDir: string }>> = {};
// `npm test` builds on msw 2; the Node matrix (scripts/checks/test-node-matrix.mjs) on msw 3, as a second
// build beside the suite would take `npm test` past its time on 2 cores.
const majors = (process.env.STORYBOOK_MSW_MAJORS ?? "2").split(",").map((major) => {
  if (major !== "2" && major !== "3") throw new Error(`STORYBOOK_MSW_MAJORS names msw 2 or 3, got ${JSON.stringify(major)}`);
  return major;
});
const want: Record<string, string[]> = {};

beforeAll(async () => {
  let tarballs = process.env.EXAMPLE_TARBALLS;
  if (!tarballs) {
    tarballs = await mkdtemp(join(tmpdir(), "storybook-tarballs-"));
    builds.push(tarballs);
    await buildAndPack(tarballs);
  }
  for (const major of majors) built[major] = await buildStorybook(tarballs, major);
  browser = await launchChromium();
  want.seeded = await namesOn(createMock());
  want.empty = await namesOn(createMock({ scenario: "empty" }));
  want.fromSnapshot = await namesOn(createMock({ snapshot: teamReview }));
  want.arranged = ["Checkout drop-offs"];
}, 1_200_000);

afterAll(async () => {
  await browser?.close();
  for (const dir of [...copies, ...builds]) await rm(dir, { recursive: true, force: true });
  console.log(`storybook example: ${timings.join(", ")}`);
});

it("type-checks in the copy: the preview, the stories and their parameters, against the installed packages", async () => {
  expect(await typecheck).toBe("");
});

describe.each(majors)("the Storybook example on msw %s, served under /storybook/", (major) => {
  let origin: string;
  let server: Server;
  let served: string[];
  const foreign: string[] = [];
  const pageErrors: string[] = [];
  /** The playlist listings the pages asked for: how each was answered (a status, or the failure). */
  const listings: { outcome: string; fromServiceWorker: boolean }[] = [];

  afterAll(async () => {
    await context?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  let context: BrowserContext;
  beforeAll(async () => {
    ({ server, origin, served } = await serve(built[major]!.outDir));
    // One context (one service worker registration, one HTTP cache) for this build's pages; each
    // page is its own realm. No routing, which would turn the cache off: requests are only watched.
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(wait.timeout);
    context.on("request", (request) => {
      const asked = request.url();
      if (!asked.startsWith(`${origin}/`) && !asked.startsWith("data:") && !asked.startsWith("blob:")) foreign.push(asked);
    });
    context.on("requestfinished", async (request) => {
      if (!request.url().includes("/session_recording_playlists/") || request.method() !== "GET") return;
      const response = await request.response();
      listings.push({ outcome: String(response?.status()), fromServiceWorker: response?.fromServiceWorker() ?? false });
    });
    context.on("requestfailed", (request) => {
      if (request.url().includes("/session_recording_playlists/")) listings.push({ outcome: "failed", fromServiceWorker: true });
    });
  });

  async function open(url: string): Promise<Page> {
    const page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(`${origin}${subPath}${url}`);
    return page;
  }

  const names = (on: Page | Frame | FrameLocator) => on.getByRole("list", { name: "Playlists" }).getByRole("listitem").locator("span").allInnerTexts();
  /** The list once its listing has answered (the loading line gone). */
  async function settledNames(on: Page | Frame | FrameLocator): Promise<string[]> {
    await on.getByRole("heading", { name: "Playlists" }).waitFor();
    await on.getByText("Loading playlists…").waitFor({ state: "detached" });
    return names(on);
  }
  const story = async (id: string) => open(`iframe.html?id=playlists--${id}&viewMode=story`);

  it("shows each story's state: the seed, the empty scenario, a snapshot, arrange's playlist", async () => {
    for (const [id, key] of [
      ["seeded", "seeded"],
      ["empty", "empty"],
      ["from-snapshot", "fromSnapshot"],
      ["arranged", "arranged"],
    ] as const) {
      const page = await story(id);
      expect(await settledNames(page), id).toEqual(want[key]);
      await page.close();
    }
    expect(want.seeded!.length).toBeGreaterThan(2);
    expect(want.empty).toEqual([]);
  });

  it("lets a story's own msw.use handler win over the mock for the request it names", async () => {
    const page = await story("list-fails");
    await expect.poll(() => page.getByRole("alert").innerText(), wait).toContain("The story's own handler answered");
    expect(await names(page)).toEqual([]);
    await page.close();
  });

  /** The manager on one story, and a way to move to another in the same preview (its one realm). */
  async function manager(first: string) {
    const page = await open(`?path=/story/playlists--${first}`);
    const preview = page.frameLocator("#storybook-preview-iframe");
    const goTo = async (id: string) => {
      await page.locator(`[data-item-id="playlists--${id}"]`).click();
    };
    return { page, preview, goTo };
  }

  it("gives the next story its own state: a playlist created in one story is absent from the next, and from the same story shown again", async () => {
    const { page, preview, goTo } = await manager("seeded");
    expect(await settledNames(preview)).toEqual(want.seeded);
    await preview.getByRole("textbox", { name: "New playlist name" }).fill("Made in the seeded story");
    await preview.getByRole("button", { name: "Create playlist" }).click();
    await expect.poll(() => names(preview), wait).toContain("Made in the seeded story");

    await goTo("from-snapshot");
    await expect.poll(() => names(preview), wait).toEqual(want.fromSnapshot);
    await goTo("seeded");
    await expect.poll(() => names(preview), wait).toEqual(want.seeded);
    await page.close();
  });

  it("never lets a late answer from a story left early reach the next one: that request fails", async () => {
    const { page, preview, goTo } = await manager("slow-list");
    await preview.getByText("Loading playlists…").waitFor();
    const before = listings.length;
    await goTo("empty");
    expect(await settledNames(preview)).toEqual([]);
    // The slow story's answer is due ten seconds after it asked: leaving the story fails it well before.
    await expect.poll(() => listings.slice(before).map((listing) => listing.outcome), { timeout: 8_000 }).toContain("failed");
    await page.waitForTimeout(500);
    expect(await names(preview)).toEqual([]);
    expect(listings.slice(before).filter((listing) => listing.outcome === "200")).toHaveLength(1);
    await page.close();
  });

  it("shows each story's own state on the Docs page, where each story is in its own iframe", async () => {
    const page = await open("iframe.html?id=playlists--docs&viewMode=docs");
    // The story at the top of the page and the same story in the list below are two iframes.
    const inDocs = (id: string) => page.locator(`iframe[src$="&id=playlists--${id}"]`).first().contentFrame();
    await expect.poll(() => page.locator("iframe").count(), wait).toBeGreaterThanOrEqual(6);
    expect(await settledNames(inDocs("seeded"))).toEqual(want.seeded);
    expect(await settledNames(inDocs("empty"))).toEqual([]);
    expect(await settledNames(inDocs("from-snapshot"))).toEqual(want.fromSnapshot);
    expect(await settledNames(inDocs("arranged"))).toEqual(want.arranged);
    await page.close();
  });

  it("passes every story's play function under Storybook's Vitest addon too (vitest's browser mode, in the same Chromium)", async () => {
    const stories = (await readFile(join(built[major]!.copy, "src/Playlists.stories.tsx"), "utf8")).match(/^export const \w+: Story/gm)?.length;
    // This run's own vitest variables would tell the example's vitest it runs inside a worker.
    const outside = Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith("VITEST")));
    const { stdout } = await inCopy(built[major]!.copy, "vitest", ["run"], { env: { ...outside, NO_COLOR: "1" }, timeout: 300_000 });
    expect(stories).toBeGreaterThan(4);
    expect(stdout).toMatch(new RegExp(`Tests\\s+${stories} passed \\(${stories}\\)`));
  });

  it("found the worker script under /storybook/, answered every listing from it, and called out to nothing", () => {
    expect(served).toContain(`${subPath}mockServiceWorker.js`);
    expect(served.filter((asked) => asked.includes("/api/"))).toEqual([]);
    expect(listings.length).toBeGreaterThan(5);
    expect(listings.filter((listing) => !listing.fromServiceWorker)).toEqual([]);
    expect(foreign).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
