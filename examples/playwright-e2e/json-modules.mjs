// Node's module loader, taught to load a JSON import with no `with { type: "json" }`, as bundlers
// do: this suite runs the mock from the repository's source (what the commit holds, with no build
// that npm test's packaging check could be rewriting meanwhile), and that source imports its
// compiled tables so. A suite on the published package imports its bundled build and needs none of this.
import { readFile } from "node:fs/promises";

/**
 * @param {string} url
 * @param {object} context
 * @param {(url: string, context: object) => Promise<object>} nextLoad
 */
export async function load(url, context, nextLoad) {
  if (!url.startsWith("file:") || !url.endsWith(".json")) return nextLoad(url, context);
  return { format: "module", source: `export default ${await readFile(new URL(url), "utf8")};`, shortCircuit: true };
}
