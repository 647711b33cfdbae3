// The docs' Try it panel (src/docs/try-it/), made ready for a page: the operations it offers,
// from the mock's compiled table joined with the description's parameters and examples, and
// two scripts bundled for the browser with esbuild: the panel, and the in-page mock it starts
// on first use. Both go into the page inline, so it stays one file that works from disk.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { parse } from "yaml";
import { deref, operationsOf } from "../lib/spec.mjs";

/** @typedef {import("../../src/docs/try-it/types.ts").TryItPage} TryItPage */
/** @typedef {import("../../src/docs/try-it/types.ts").FieldSpec} FieldSpec */
/** @typedef {import("../lib/spec.mjs").Node} Node */

const root = fileURLToPath(new URL("../..", import.meta.url));
const tables = { seed: "generated/mock/operations.json", live: "generated/mock/live/operations.json" };
const packageEntries = { seed: "session-recordings-api", live: "session-recordings-api/live" };
/** The panel's own sources, which its size budget counts; the engine bundle is the mock's. */
export const panelSources = ["src/docs/try-it/", "scripts/docs/sample-text.mjs"];

/**
 * A parameter as a field: its type, choices, whether it is required and the text it starts with.
 * @param {Node} spec
 * @param {Node} parameter
 * @returns {FieldSpec}
 */
function fieldOf(spec, parameter) {
  const schema = deref(spec, parameter.schema ?? {});
  const type = [schema.type ?? "string"].flat().find((t) => t !== "null") ?? "string";
  const choices = schema.enum ?? (type === "boolean" ? [true, false] : undefined);
  const start = parameter.in === "path" ? (parameter.example ?? schema.example) : (schema.default ?? (parameter.required ? parameter.example : undefined));
  // The first sentence of the description, as a hint under the field.
  const description = String(parameter.description ?? "").split(/(?<=\.)\s/)[0];
  return {
    name: parameter.name,
    in: parameter.in,
    required: parameter.required === true,
    type,
    ...(choices ? { choices } : {}),
    initial: start === undefined ? "" : String(start),
    ...(description ? { description } : {}),
  };
}

/**
 * Every operation of a page's description, in the mock table's order, as the panel needs it.
 * @param {string} specPath the bundled description the page renders
 * @param {"seed" | "live"} profile
 * @param {string} localMock the URL of the stateful mock on this profile that `npm start` runs
 * @returns {Promise<TryItPage>}
 */
export async function tryItPage(specPath, profile, localMock) {
  const spec = parse(await readFile(specPath, "utf8"));
  const table = JSON.parse(await readFile(`${root}${tables[profile]}`, "utf8"));
  const described = new Map(operationsOf(spec).map((entry) => [entry.operation.operationId, entry]));
  const operations = table.operations.map((/** @type {Node} */ entry) => {
    const found = described.get(entry.id);
    if (!found) throw new Error(`${entry.id} is in ${tables[profile]} but not in ${specPath}: run npm run generate`);
    const parameter = (/** @type {string} */ where, /** @type {string} */ name) => found.parameters.find((p) => p.in === where && p.name === name);
    const fields = [
      ...entry.pathParams.map((/** @type {string} */ n) => parameter("path", n)),
      ...entry.queryParams.map((/** @type {string} */ n) => parameter("query", n)),
    ];
    const media = deref(spec, found.operation.requestBody)?.content?.["application/json"];
    const example = media ? deref(spec, Object.values(media.examples ?? {})[0])?.value : undefined;
    return {
      id: entry.id,
      method: entry.method,
      path: entry.path,
      summary: found.operation.summary,
      fields: fields.map((p) => fieldOf(spec, p)),
      body: entry.body ? { required: entry.body.required, example: example === undefined ? "" : JSON.stringify(example, null, 2) } : null,
      statuses: Object.keys(entry.responses),
      returnsJson: Boolean(entry.success && entry.responses[entry.success]?.json),
      refused: Boolean(entry.refused),
    };
  });
  return { profile, packageEntry: packageEntries[profile], localMock, operations };
}

/**
 * One browser bundle, minified, with its metafile.
 * @param {string} entry
 */
async function bundle(entry) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "warning",
    // The mock reads rrule's named export or, under Node's loader, its default; a bundle has the first.
    logOverride: { "import-is-undefined": "silent" },
  });
  const text = result.outputFiles[0]?.text ?? "";
  // Inline in the page, this text must not end its script element early.
  if (/<\/script|<!--/i.test(text)) throw new Error(`${entry}: the bundle holds </script or <!--, which cannot be inlined`);
  return { text, metafile: result.metafile };
}

/** @type {Promise<{ panel: string, engines: Record<"seed" | "live", string>, panelBytes: number }> | undefined} */
let bundled;

/**
 * The panel's script, each page's in-page mock (one profile each), and the bytes of the panel's
 * own sources in its minified output. Built once per process: both pages share the panel.
 */
export function tryItScripts() {
  bundled ??= Promise.all([bundle("src/docs/try-it/main.ts"), bundle("src/docs/try-it/engine-seed.ts"), bundle("src/docs/try-it/engine-live.ts")]).then(
    ([panel, seed, live]) => {
      const inputs = Object.values(panel.metafile.outputs)[0]?.inputs ?? {};
      const panelBytes = Object.entries(inputs)
        .filter(([path]) => panelSources.some((source) => path.startsWith(source)))
        .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
      return { panel: panel.text, engines: { seed: seed.text, live: live.text }, panelBytes };
    },
  );
  return bundled;
}

/**
 * `html` with the panel added at the end of its body: the operations as JSON, the in-page mock
 * as inert text until a panel starts it (gzipped, in base64: a ninth of its size, so the page
 * the browser must read before its first render grows by 0.2 MB rather than 1.9), and the
 * panel as a module script, which runs once the page is parsed.
 * @param {string} html
 * @param {TryItPage} page
 */
export async function withTryIt(html, page) {
  const { panel, engines } = await tryItScripts();
  const engine = engines[page.profile];
  const data = JSON.stringify(page).replaceAll("<", "\\u003c");
  const scripts = [
    `<script type="application/json" id="try-it-operations">${data}</script>`,
    `<script type="application/gzip;base64" id="try-it-engine">${gzipSync(engine, { level: 9 }).toString("base64")}</script>`,
    `<script type="module">${panel}</script>`,
  ].join("\n");
  const end = html.lastIndexOf("</body>");
  if (end < 0) throw new Error("the rendered page has no </body>");
  return `${html.slice(0, end)}${scripts}\n${html.slice(end)}`;
}
