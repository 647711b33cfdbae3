// Applies openapi/overlays/live.yaml (an OpenAPI Overlay 1.0 document) to the bundled
// description, giving the live service's description, generated/live/openapi.yaml, with
// openapi-format's Overlay implementation, and writes its code samples afresh from its own
// examples, importing session-recordings-api/live. An action that changes nothing (its target
// matches nothing) fails the build: the description moved under it, and the Overlay must follow.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import openapiFormat from "openapi-format";
import { parse, parseDocument, stringify } from "yaml";
import { addCodeSamples } from "../docs/code-samples.mjs";
import { expandPutOperations } from "./put-operations.mjs";
import { declareRequiredBesideProperties } from "./required-beside-properties.mjs";

export const liveOverlayPath = fileURLToPath(new URL("../../openapi/overlays/live.yaml", import.meta.url));
export const liveBundlePath = fileURLToPath(new URL("../../generated/live/openapi.yaml", import.meta.url));

/**
 * The description `specText` with the Overlay at `overlayPath` applied.
 * @param {string} specText
 * @param {string} [overlayPath]
 */
export async function applyOverlay(specText, overlayPath = liveOverlayPath) {
  const overlaySet = parse(await readFile(overlayPath, "utf8"));
  const { data, resultData } = await openapiFormat.openapiOverlay(parse(specText), { overlaySet });
  const unused = /** @type {{ target: string }[]} */ (resultData.unusedActions);
  if (unused.length) throw new Error(`${overlayPath}: these actions match nothing in the description: ${unused.map((a) => a.target).join(", ")}`);
  return stringify(declareRequiredBesideProperties(expandPutOperations(data)), { lineWidth: 0 });
}

/**
 * The live service's description from the bundled one: the Overlay applied, and code samples for the live entry.
 * @param {string} bundleText
 */
export async function liveDescription(bundleText) {
  const document = addCodeSamples(parseDocument(await applyOverlay(bundleText)), "session-recordings-api/live");
  return document.toString({ lineWidth: 0 });
}

/**
 * Writes the live description from the bundle at `bundleFile` to `outFile`.
 * @param {string} bundleFile
 * @param {string} [outFile]
 */
export async function bundleLive(bundleFile, outFile = liveBundlePath) {
  await mkdir(dirname(outFile), { recursive: true });
  await writeFile(outFile, await liveDescription(await readFile(bundleFile, "utf8")));
  return outFile;
}
