// Renders the bundled spec as one self-contained HTML page that works offline: Redoc inlined,
// telemetry off (scripts/lib/redocly.mjs), and the attribution logo inlined instead of fetched from Redocly's CDN.
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { bundlePath } from "./bundle.mjs";
import { redocly } from "./lib/redocly.mjs";

export const docsPath = fileURLToPath(new URL("../docs-dist/index.html", import.meta.url));

// Redoc's footer loads these two images from its CDN, whatever the options say.
const cdnLogos = ["https://cdn.redoc.ly/redoc/logo-mini-full.svg", "https://cdn.redoc.ly/redoc/logo-mini.svg"];
const inlineLogo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#5b5b5b">Redocly</text></svg>',
)}`;

export async function buildDocs(outFile = docsPath) {
  await redocly(["build-docs", bundlePath, "--output", outFile, "--inlineBundle"]);
  let html = await readFile(outFile, "utf8");
  for (const url of cdnLogos) html = html.replaceAll(url, inlineLogo);
  await writeFile(outFile, html);
  return outFile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`wrote ${await buildDocs()}`);
}
