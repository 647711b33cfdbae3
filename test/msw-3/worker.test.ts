// msw 3 as the guide's readers use it: the adapter's handlers reach msw 3 (not the root's msw 2),
// and the guide's browser path (examples/mock-browser.ts under the TanStack Query components,
// test/examples/readme-frontend/main.tsx) answers in msw 3's service worker, in Chromium.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/chromium.js";
import { mswUnderTest } from "./vitest.config.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const mswDir = join(dirname(mswUnderTest("msw/package.json")));
let dir: string;
let server: Server;
let browser: Browser;
let page: Page;
const fromWorker: boolean[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "msw-3-worker-"));
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
    // Every `msw` import, the adapter's too, from this folder's msw 3.
    plugins: [
      {
        name: "msw-3",
        setup(build) {
          // Resolved again from msw 3's folder, marked so that this hook lets that resolution through.
          build.onResolve({ filter: /^msw(\/|$)/ }, ({ path, kind, pluginData }) =>
            pluginData === "msw-3" ? undefined : build.resolve(path, { kind, resolveDir: mswDir, pluginData: "msw-3" }),
          );
        },
      },
    ],
  });
  const files: Record<string, [string, string]> = {
    "/": [join(dir, "index.html"), "text/html"],
    "/app.js": [join(dir, "app.js"), "text/javascript"],
    "/mockServiceWorker.js": [join(mswDir, "lib/mockServiceWorker.js"), "text/javascript"],
  };
  server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://site").pathname;
    if (path === "/")
      return response.writeHead(200, { "Content-Type": "text/html" }).end('<div id="root"></div><script type="module" src="./app.js"></script>');
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

describe("msw 3", () => {
  it("is the msw the adapter's handlers are made with", async () => {
    const { version } = JSON.parse(await readFile(join(mswDir, "package.json"), "utf8"));
    expect(version).toMatch(/^3\./);
    const { mockHandlers } = await import("../../src/mock/adapters/msw.js");
    const { createMock } = await import("../../src/mock/index.js");
    const { RequestHandler } = await import(mswUnderTest("msw"));
    expect(mockHandlers(createMock(), { baseUrl: "https://us.posthog.com" })[0]).toBeInstanceOf(RequestHandler);
  });

  it("answers the guide's browser path in its service worker", async () => {
    await expect.poll(() => page.locator("ul").first().locator("li").allInnerTexts(), { timeout: 30_000 }).toContain("Checkout drop-offs");
    expect(fromWorker.length).toBeGreaterThan(0);
    expect(fromWorker.every(Boolean)).toBe(true);
  });
});
