// Bundles the split spec under openapi/ into one file: the file every other tool reads.
import { fileURLToPath } from "node:url";
import { redocly } from "./redocly.mjs";

export const bundlePath = fileURLToPath(new URL("../generated/openapi.yaml", import.meta.url));

export async function bundleSpec(outFile = bundlePath) {
  await redocly(["bundle", "openapi/openapi.yaml", "--output", outFile]);
  return outFile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`wrote ${await bundleSpec()}`);
}
