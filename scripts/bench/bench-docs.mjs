// `node scripts/bench/bench-docs.mjs`: how long the docs page takes to render its first operation,
// with the Try it panel and without it, in Chromium, from disk. The two pages are loaded in
// turn, each in a fresh browser context, for BENCH_ROUNDS rounds (default 15); the medians are
// printed. The time is from navigation start to the first operation's heading being in the
// page, linked to (#/<tag>/<operation>) so Redoc renders it first.

import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { parse } from "yaml";
import { bundlePath } from "../build/bundle.mjs";
import { buildDocs } from "../docs/docs.mjs";
import { operationsOf } from "../lib/spec.mjs";
import { median } from "./stats.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const dir = fileURLToPath(new URL("../../.cache/bench-docs/", import.meta.url));
await mkdir(dir, { recursive: true });
const variants = {
  without: pathToFileURL(await buildDocs(`${dir}without.html`, "seed", { tryIt: false })).href,
  with: pathToFileURL(await buildDocs(`${dir}with.html`, "seed")).href,
};
const [first] = operationsOf(parse(readFileSync(bundlePath, "utf8")));
if (!first) throw new Error("the description has no operation");
const hash = `#/${String(first.operation.tags[0]).toLowerCase().replace(/\s+/g, "-")}/${String(first.operation.operationId).toLowerCase()}`;
const selector = `[data-section-id="${hash.slice(1)}"] [data-testid=middle-panel] h2`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
/** @type {Record<keyof typeof variants, number[]>} */
const times = { without: [], with: [] };
try {
  for (let round = 0; round < rounds; round++) {
    for (const name of /** @type {(keyof typeof variants)[]} */ (round % 2 ? ["with", "without"] : ["without", "with"])) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      // Watches from before the page's first byte for the heading, and notes when it appears.
      await page.addInitScript((wanted) => {
        const found = () => {
          if (!document.querySelector(wanted)) return false;
          /** @type {any} */ (window).__firstOperation = performance.now();
          return true;
        };
        new MutationObserver((_, observer) => found() && observer.disconnect()).observe(document, { childList: true, subtree: true });
      }, selector);
      await page.goto(variants[name] + hash);
      const at = await page.waitForFunction(() => /** @type {any} */ (window).__firstOperation, null, { timeout: 60_000 });
      times[name].push(Number(await at.jsonValue()));
      await context.close();
    }
  }
} finally {
  await browser.close();
}
const sizes = { without: readFileSync(new URL(variants.without)).byteLength, with: readFileSync(new URL(variants.with)).byteLength };
console.log(`first operation (${first.operation.operationId}) rendered, from disk, median of ${rounds} rounds, interleaved:`);
for (const name of /** @type {(keyof typeof variants)[]} */ (["without", "with"])) {
  console.log(
    `  ${name.padEnd(7)} Try it: ${median(times[name]).toFixed(0).padStart(5)} ms   (page ${(sizes[name] / 1e6).toFixed(2)} MB; min ${Math.min(...times[name]).toFixed(0)}, max ${Math.max(...times[name]).toFixed(0)})`,
  );
}
