// Renders the bundled spec as one self-contained HTML page (Redoc inlined, so it works offline).
import { fileURLToPath } from "node:url";
import { bundlePath } from "./bundle.mjs";
import { redocly } from "./redocly.mjs";

export const docsPath = fileURLToPath(new URL("../docs-dist/index.html", import.meta.url));

export async function buildDocs(outFile = docsPath) {
  await redocly(["build-docs", bundlePath, "--output", outFile, "--inlineBundle"]);
  return outFile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`wrote ${await buildDocs()}`);
}
