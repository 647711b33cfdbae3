// Bundles the split spec under openapi/ into one file: the file every other tool reads. Each
// operation gets its code samples (scripts/docs/code-samples.mjs) on the way, and every required
// name is declared beside it (scripts/build/required-beside-properties.mjs). Then the live
// service's description is derived from it (scripts/build/overlay.mjs).
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseDocument } from "yaml";
import { addCodeSamples } from "../docs/code-samples.mjs";
import { redocly } from "../lib/redocly.mjs";
import { declareRequiredBesideProperties } from "./required-beside-properties.mjs";

export const bundlePath = fileURLToPath(new URL("../../generated/openapi.yaml", import.meta.url));

/**
 * Bundles the split description whose root is `source` into `outFile`.
 * @param {string} [outFile]
 * @param {string} [source]
 */
export async function bundleSpec(outFile = bundlePath, source = "openapi/openapi.yaml") {
  await redocly(["bundle", source, "--output", outFile]);
  const document = addCodeSamples(requiredBesideProperties(parseDocument(await readFile(outFile, "utf8"))));
  await writeFile(outFile, document.toString({ lineWidth: 0 }));
  return outFile;
}

/**
 * `document` with every schema whose `allOf` hides a required name rewritten as one object;
 * only the schemas that change are written anew, so the rest keep Redocly's formatting.
 * @param {import("yaml").Document} document
 */
function requiredBesideProperties(document) {
  const before = document.toJS();
  const after = declareRequiredBesideProperties(document.toJS());
  for (const [name, schema] of Object.entries(after.components.schemas)) {
    if (JSON.stringify(schema) !== JSON.stringify(before.components.schemas[name]))
      document.setIn(["components", "schemas", name], document.createNode(schema));
  }
  if (JSON.stringify(after.paths) !== JSON.stringify(before.paths))
    throw new Error("an inline schema hides a required name: declare it beside its properties in openapi/");
  return document;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { bundleLive } = await import("./overlay.mjs");
  const seed = await bundleSpec();
  console.log(`wrote ${seed}`);
  console.log(`wrote ${await bundleLive(seed)}`);
}
