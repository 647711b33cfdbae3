// Renders each description as one self-contained HTML page that works offline: Redoc inlined,
// telemetry off (scripts/lib/redocly.mjs), and the attribution logo inlined instead of fetched
// from Redocly's CDN. The description's page (index.html) and the live service's (live.html)
// link to each other from their introductions, and to the guide. Each carries the Try it panel
// (scripts/docs/try-it.mjs), which its introduction explains. `npm run docs` also builds the
// guide's site into docs-dist/guide/ when it is stale (scripts/docs/guide.mjs).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseDocument } from "yaml";
import { bundlePath } from "../build/bundle.mjs";
import { liveBundlePath } from "../build/overlay.mjs";
import { ensureGuide, guideDir } from "./guide.mjs";
import { renderRedoc } from "./redoc-render.mjs";
import { tryItPage, withTryIt } from "./try-it.mjs";

/** The packages' one version (each package.json's, which the packaging check holds equal). */
const packageVersion = JSON.parse(await readFile(new URL("../../packages/client/package.json", import.meta.url), "utf8")).version;
const docsPath = fileURLToPath(new URL("../../docs-dist/index.html", import.meta.url));
export const liveDocsPath = fileURLToPath(new URL("../../docs-dist/live.html", import.meta.url));

/** The ports `npm start` listens on unless the environment names others: each page lists the servers there. */
export const defaultPorts = { stateful: 4020, live: 4021, prism: 4010 };

/**
 * Each page: the description it renders, its title's ending, what its in-page mock answers as,
 * the line linking to the other page, and the local servers it lists beside the service's
 * (the description's page keeps its own entries for the stateful mock and Prism, on the
 * ports in use; the live service's lists the mock's live profile, since Prism mocks the
 * description only).
 */
const pages = {
  seed: {
    spec: bundlePath,
    title: "",
    mock: "the stateful mock, as this description answers",
    localMock: "stateful",
    link: "**The live service** differs from this description in places (the recordings listing's page, several answers and fields): [its own page](live.html) shows what PostHog really answers.",
  },
  live: {
    spec: liveBundlePath,
    title: " (the live service)",
    mock: "the stateful mock as the live service answers (its `live` profile)",
    localMock: "live",
    link: "**What PostHog really answers**, from openapi/overlays/live.yaml applied to [the API description](index.html) this package follows; import the client from `session-recordings-api/live` to type calls by it.",
  },
};

/** The introduction's line on the guide, served beside the pages at /guide/, and on what each search covers. */
/** The introduction's line on the two versions beside the title. */
const versionNote = `**Versions.** The API itself has no version. Beside the title, "description" is this description's version (\`info.version\`), and "packages" the version of the packages built from it: the client, the mock and the conformance command (${packageVersion}).`;

const guideNote =
  "**The guide** ([guide/](guide/)) shows how to use the client, the mocks and the conformance command, a page per task, and links each operation it names to its place on this page. Its search finds the guide's pages; the search on this page finds this reference's operations and sections.";

/**
 * The introduction's note on the Try it panel and its targets.
 * @param {string} mock
 * @param {string} localMock
 */
const tryItNote = (mock, localMock) =>
  `**Try it.** Every operation has a *Try it* button. Its panel takes the parameters and the body (checked as you type, naming the field the mock's 400 would), sends the request, and shows the status, headers, body, time taken and whether the answer conforms to this description, with the code samples in your values. Three targets: **In this page** (the default) is ${mock}, running inside this page: nothing leaves the page, what you create stays until the tab closes, and a scenario (empty, many-pages, rate-limited, flaky) and Reset are at hand. **Local mock** is the stateful mock \`npm start\` runs (${localMock} unless you change it). **Your server** is a base URL and an API key: the key is held in this tab's memory only, sent to that origin alone, and refused over plain http except to localhost.`;

// Redoc's footer loads these two images from its CDN, whatever the options say.
const cdnLogos = ["https://cdn.redoc.ly/redoc/logo-mini-full.svg", "https://cdn.redoc.ly/redoc/logo-mini.svg"];
const inlineLogo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#5b5b5b">Redocly</text></svg>',
)}`;

// Redoc's links are paths (/playlists, /section/errors) its router reads from the hash (the page
// moves to #/playlists): a link opened in a new tab, copied, or followed from disk must carry the
// hash, so each is rewritten as Redoc renders it.
const hashLinks = `<script>(() => {
  const fix = () => document.querySelectorAll('a[href^="/"]').forEach((a) => a.setAttribute("href", "#" + a.getAttribute("href")));
  new MutationObserver(fix).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["href"] });
})();</script>`;

// A code sample shows each line whole, wrapped where the panel is narrower than the line
// (a 1,400 px window holds about 58 characters there), rather than clipped behind a scrollbar.
const wrappedSamples = `<style>[data-testid="right-panel"] pre, [data-testid="right-panel"] pre * { white-space: pre-wrap !important; overflow-wrap: anywhere; } [data-testid="right-panel"] pre { padding-right: 2.25rem; }</style>`;

/**
 * The servers a page lists: the service's, then the local ones at their default ports (movePorts
 * moves them to the ports in use). The description's page keeps its own entries for the stateful
 * mock and Prism; the live service's lists the mock's live profile, since Prism mocks the description only.
 * @param {import("yaml").Document} document
 * @param {"seed" | "live"} which
 */
function serversOf(document, which) {
  /** @type {{ url: string, description?: string }[]} */
  const declared = /** @type {any} */ (document.toJS()).servers;
  if (which === "seed") return declared;
  return [
    ...declared.filter((server) => !server.url.startsWith("http://127.0.0.1:")),
    {
      url: `http://127.0.0.1:${defaultPorts.live}`,
      description: "The stateful mock as the live service answers (npm start, or npm run mock:stateful -- --profile live). Any key starting phx_ works.",
    },
  ];
}

/**
 * The page of one description, as HTML; `tryIt: false` leaves the Try it panel out, which only
 * scripts/bench/bench-docs.mjs does, to time the page as it was without it. `ports` are where `npm
 * start` runs the mocks, which the page lists.
 * @param {"seed" | "live"} [which]
 * @param {{ tryIt?: boolean, ports?: typeof defaultPorts }} [options]
 * @returns {Promise<string>}
 */
export async function renderDocs(which = "seed", { tryIt = true, ports = defaultPorts } = {}) {
  const page = pages[which];
  const document = parseDocument(await readFile(page.spec, "utf8"));
  // Rendered for the default ports, then moved to the ones in use: one render serves every port.
  const localMock = (/** @type {typeof defaultPorts} */ at) => `http://127.0.0.1:${at[/** @type {keyof typeof defaultPorts} */ (page.localMock)]}`;
  document.setIn(["info", "title"], `${document.getIn(["info", "title"])}${page.title}`);
  // Redoc shows info.version beside the title: say whose it is, as the packages' differs.
  document.setIn(["info", "version"], `description ${document.getIn(["info", "version"])}, packages ${packageVersion}`);
  document.set("servers", serversOf(document, which));
  const note = tryIt ? `${tryItNote(page.mock, localMock(defaultPorts))}\n\n` : "";
  document.setIn(["info", "description"], `${page.link}\n\n${versionNote}\n\n${guideNote}\n\n${note}${document.getIn(["info", "description"])}`);
  let html = movePorts(await renderRedoc(document.toString({ lineWidth: 0 })), ports);
  for (const url of cdnLogos) html = html.replaceAll(url, inlineLogo);
  html = html.replace("</head>", `${hashLinks}${wrappedSamples}</head>`);
  return tryIt ? await withTryIt(html, await tryItPage(page.spec, which, localMock(ports))) : html;
}

/**
 * Writes the page of one description (renderDocs) to `outFile`; returns its path.
 * @param {string} [outFile]
 * @param {"seed" | "live"} [which]
 * @param {{ tryIt?: boolean, ports?: typeof defaultPorts }} [options]
 */
export async function buildDocs(outFile = docsPath, which = "seed", options = {}) {
  const html = await renderDocs(which, options);
  await mkdir(dirname(outFile), { recursive: true });
  await writeFile(outFile, html);
  return outFile;
}

/**
 * The page with each local server's default port replaced by the one in use, in one pass (so
 * ports that swap places stay right): its servers list, the Try it note and Prism's example links.
 * @param {string} html
 * @param {typeof defaultPorts} ports
 */
function movePorts(html, ports) {
  /** @type {Record<string, number>} */
  const moved = Object.fromEntries(Object.entries(defaultPorts).map(([name, port]) => [port, ports[/** @type {keyof typeof defaultPorts} */ (name)]]));
  return html.replace(/http:\/\/127\.0\.0\.1:(\d+)(?!\d)/g, (url, port) => (port in moved ? `http://127.0.0.1:${moved[port]}` : url));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`wrote ${await buildDocs()}`);
  console.log(`wrote ${await buildDocs(liveDocsPath, "live")}`);
  const built = await ensureGuide({ log: console.log });
  console.log(built ? `wrote ${guideDir}/` : `${guideDir}/ is up to date (built from the guide as it is)`);
}
