// Bundles the split spec under openapi/ into one file. Imported by the drift test, so the
// command below is the only place it is written.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const root = fileURLToPath(new URL("..", import.meta.url));
export const bundlePath = fileURLToPath(new URL("../generated/openapi.yaml", import.meta.url));

export async function bundleSpec(outFile = bundlePath) {
  await promisify(execFile)(
    "npx",
    ["--no-install", "redocly", "bundle", "openapi/openapi.yaml", "--output", outFile],
    { cwd: root },
  );
  return outFile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`wrote ${await bundleSpec()}`);
}
