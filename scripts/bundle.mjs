// Bundles the split spec under openapi/ into one file: the file every other tool reads. Each
// operation gets its code samples (scripts/code-samples.mjs) on the way. Then the live
// service's description is derived from it (scripts/overlay.mjs).
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseDocument } from "yaml";
import { addCodeSamples } from "./code-samples.mjs";
import { redocly } from "./lib/redocly.mjs";

export const bundlePath = fileURLToPath(new URL("../generated/openapi.yaml", import.meta.url));

export async function bundleSpec(outFile = bundlePath) {
  await redocly(["bundle", "openapi/openapi.yaml", "--output", outFile]);
  const document = addCodeSamples(parseDocument(await readFile(outFile, "utf8")));
  await writeFile(outFile, document.toString({ lineWidth: 0 }));
  return outFile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { bundleLive } = await import("./overlay.mjs");
  const seed = await bundleSpec();
  console.log(`wrote ${seed}`);
  console.log(`wrote ${await bundleLive(seed)}`);
}
