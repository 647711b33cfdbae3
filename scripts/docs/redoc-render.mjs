// Redoc's page for a description, rendered by the Redocly CLI (`build-docs --inlineBundle`) and
// kept in .cache/redoc/ under a hash of what it depends on: the description's text and the
// CLI's version. A render costs seconds of CPU; `npm start`, its tests and the docs tests ask
// for the same two pages again and again, so each distinct page is rendered once.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { redocly } from "../lib/redocly.mjs";

const cacheDir = fileURLToPath(new URL("../../.cache/redoc/", import.meta.url));
const cliVersion = createRequire(import.meta.url)("@redocly/cli/package.json").version;
const args = ["--inlineBundle"];
/** Pages kept: a few descriptions' worth of both pages, so editing the description does not grow the cache without end. */
const kept = 12;

/**
 * The HTML Redoc renders for the description `yaml`, from the cache when it was rendered before.
 * @param {string} yaml
 * @returns {Promise<string>}
 */
export async function renderRedoc(yaml) {
  const key = createHash("sha256")
    .update(`${cliVersion}\0${args.join(" ")}\0${yaml}`)
    .digest("hex");
  const cached = join(cacheDir, `${key}.html`);
  const hit = await readFile(cached, "utf8").catch(() => undefined);
  if (hit !== undefined) return hit;
  const dir = await mkdtemp(join(tmpdir(), "redoc-"));
  try {
    const spec = join(dir, "openapi.yaml");
    const out = join(dir, "index.html");
    await writeFile(spec, yaml);
    await redocly(["build-docs", spec, "--output", out, ...args]);
    const html = await readFile(out, "utf8");
    await mkdir(cacheDir, { recursive: true });
    // Written beside it, then renamed into place: a reader beside this writer sees the whole page or none.
    const partial = `${cached}.${process.pid}.partial`;
    await writeFile(partial, html);
    await rename(partial, cached);
    await prune();
    return html;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Removes all but the `kept` most recently written pages. */
async function prune() {
  const names = (await readdir(cacheDir)).filter((name) => name.endsWith(".html"));
  if (names.length <= kept) return;
  const written = await Promise.all(names.map(async (name) => ({ name, at: (await stat(join(cacheDir, name)).catch(() => undefined))?.mtimeMs ?? 0 })));
  written.sort((a, b) => b.at - a.at);
  await Promise.all(written.slice(kept).map(({ name }) => rm(join(cacheDir, name), { force: true })));
}
