// Renders each description as one self-contained HTML page that works offline: Redoc inlined,
// telemetry off (scripts/lib/redocly.mjs), and the attribution logo inlined instead of fetched
// from Redocly's CDN. The description's page (index.html) and the live service's (live.html)
// link to each other from their introductions. Each carries the Try it panel
// (scripts/lib/try-it.mjs), which its introduction explains.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseDocument } from "yaml";
import { bundlePath } from "./bundle.mjs";
import { redocly } from "./lib/redocly.mjs";
import { tryItPage, withTryIt } from "./lib/try-it.mjs";
import { liveBundlePath } from "./overlay.mjs";

const docsPath = fileURLToPath(new URL("../docs-dist/index.html", import.meta.url));
export const liveDocsPath = fileURLToPath(new URL("../docs-dist/live.html", import.meta.url));

/** Each page: the description it renders, its title's ending, what its in-page mock answers as, and the line linking to the other page. */
const pages = {
  seed: {
    spec: bundlePath,
    title: "",
    mock: "the stateful mock, as this description answers",
    link: "**The live service** differs from this description in places (the recordings listing's page, several answers and fields): [its own page](live.html) shows what PostHog really answers.",
  },
  live: {
    spec: liveBundlePath,
    title: " (the live service)",
    mock: "the stateful mock as the live service answers (its `live` profile)",
    link: "**What PostHog really answers**, from openapi/overlays/live.yaml applied to [the API description](index.html) this package follows; import the client from `session-recordings-api/live` to type calls by it.",
  },
};

/**
 * The introduction's note on the Try it panel and its targets.
 * @param {string} mock
 */
const tryItNote = (mock) =>
  `**Try it.** Every operation has a *Try it* button. Its panel takes the parameters and the body (checked as you type, naming the field the mock's 400 would), sends the request, and shows the status, headers, body, time taken and whether the answer conforms to this description, with the code samples in your values. Three targets: **In this page** (the default) is ${mock}, running inside this page: nothing leaves the page, what you create stays until the tab closes, and a scenario (empty, many-pages, rate-limited, flaky) and Reset are at hand. **Local mock** is the stateful mock \`npm start\` runs (http://127.0.0.1:4020 unless you change it). **Your server** is a base URL and an API key: the key is held in this tab's memory only, sent to that origin alone, and refused over plain http except to localhost.`;

// Redoc's footer loads these two images from its CDN, whatever the options say.
const cdnLogos = ["https://cdn.redoc.ly/redoc/logo-mini-full.svg", "https://cdn.redoc.ly/redoc/logo-mini.svg"];
const inlineLogo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#5b5b5b">Redocly</text></svg>',
)}`;

/**
 * Writes the page of one description to `outFile`; `tryIt: false` leaves the Try it panel out,
 * which only scripts/bench-docs.mjs does, to time the page as it was without it.
 * @param {string} [outFile]
 * @param {"seed" | "live"} [which]
 * @param {{ tryIt?: boolean }} [options]
 */
export async function buildDocs(outFile = docsPath, which = "seed", { tryIt = true } = {}) {
  const page = pages[which];
  const document = parseDocument(await readFile(page.spec, "utf8"));
  document.setIn(["info", "title"], `${document.getIn(["info", "title"])}${page.title}`);
  const note = tryIt ? `${tryItNote(page.mock)}\n\n` : "";
  document.setIn(["info", "description"], `${page.link}\n\n${note}${document.getIn(["info", "description"])}`);
  const dir = await mkdtemp(join(tmpdir(), "docs-"));
  try {
    const spec = join(dir, "openapi.yaml");
    await writeFile(spec, document.toString({ lineWidth: 0 }));
    await redocly(["build-docs", spec, "--output", outFile, "--inlineBundle"]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  let html = await readFile(outFile, "utf8");
  for (const url of cdnLogos) html = html.replaceAll(url, inlineLogo);
  await writeFile(outFile, tryIt ? await withTryIt(html, await tryItPage(page.spec, which)) : html);
  return outFile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`wrote ${await buildDocs()}`);
  console.log(`wrote ${await buildDocs(liveDocsPath, "live")}`);
}
