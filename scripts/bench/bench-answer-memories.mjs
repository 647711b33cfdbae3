// The engine's two memories of answers (issue 62), measured in process on the live profile: the
// verdicts spec/validate-response.ts remembers by comparing texts, and the texts and verdicts
// serialised-answers.ts keeps for a read by identity. Four engines are bundled from src/ (each its
// own module state), with each memory on or off, and sent the same loop in interleaved rounds:
// GET one playlist, the playlists listing and the recordings listing (limit=100), through the
// engine's own entry as the node:http server calls it, the answer's text encoded as it is sent.
// `node scripts/bench/bench-answer-memories.mjs` (BENCH_ROUNDS, BENCH_LOOPS; BENCH_PROFILE=seed for the
// description's profile). Medians of µs per request.
import { rmSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { median } from "./stats.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const loops = Number(process.env.BENCH_LOOPS ?? 2000);
const entryFile = process.env.BENCH_PROFILE === "seed" ? "./src/mock/index.ts" : "./src/mock/live.ts";
const project = "/api/environments/28417";
const paths = {
  get: `${project}/session_recording_playlists/Ub3KpD7w/`,
  playlists: `${project}/session_recording_playlists/?limit=100`,
  recordings: `${project}/session_recordings/?limit=100`,
};
const authorization = "Bearer phx_bench";

/** Source edits that turn a memory off, leaving everything else as it is. */
const off = {
  verdicts: {
    file: "src/mock/spec/validate-response.ts",
    edit: (/** @type {string} */ text) =>
      text
        .replace("if (text !== undefined && recent) for", "if (false) for")
        .replace("if (text === undefined || text.length > verdictChars) return problems;", "return problems;"),
  },
  serialised: {
    file: "src/mock/serialised-answers.ts",
    edit: (/** @type {string} */ text) =>
      text
        .replace("find(operationId, generation, status, value) {", "find(operationId, generation, status, value) { return undefined;")
        .replace("keep(operationId, generation, status, value, text, problems) {", "keep(operationId, generation, status, value, text, problems) { return;"),
  },
};

/** The live entry and the engine's own entry, bundled with the named memories off. */
async function engine(/** @type {(keyof typeof off)[]} */ without) {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const edits = without.map((name) => off[name]);
  const { outputFiles } = await build({
    stdin: {
      contents: `export { createMock } from "${entryFile}"; export { directEntry } from "./src/mock/engine.ts";`,
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    logLevel: "error",
    plugins: [
      {
        name: "memory-off",
        setup(b) {
          for (const { file, edit } of edits)
            b.onLoad({ filter: new RegExp(`${file.replace(/[./]/g, "\\$&")}$`) }, async (args) => {
              const text = await readFile(args.path, "utf8");
              const edited = edit(text);
              if (edited === text) throw new Error(`${file}: the edit no longer applies`);
              return { contents: edited, loader: "ts" };
            });
        },
      },
    ],
  });
  const dir = await mkdtemp(join(tmpdir(), "bench-memories-"));
  const file = join(dir, "engine.mjs");
  await writeFile(file, /** @type {import("esbuild").OutputFile} */ (outputFiles[0]).text);
  try {
    const { createMock, directEntry } = await import(pathToFileURL(file).href);
    const mock = createMock({ seed: 1 });
    return directEntry(mock);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const utf8 = new TextEncoder();
const incoming = (/** @type {string} */ path) => ({
  method: "GET",
  url: new URL(`http://127.0.0.1${path}`),
  header: (/** @type {string} */ name) => (name === "authorization" ? authorization : null),
  body: async () => new Uint8Array(),
});

const variants = {
  "both (as now)": await engine([]),
  "serialised-answers only": await engine(["verdicts"]),
  "validate-response only": await engine(["serialised"]),
  neither: await engine(["verdicts", "serialised"]),
};

/** µs per request of `path`, over `loops` requests. */
async function timed(/** @type {(request: unknown) => Promise<any>} */ entry, /** @type {string} */ path) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < loops; i++) {
    const answer = await entry(incoming(path));
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
    utf8.encode(answer.body.text);
  }
  return Number(process.hrtime.bigint() - start) / 1000 / loops;
}

/** @type {Record<string, Record<string, number[]>>} */
const figures = {};
for (const name of Object.keys(variants)) figures[name] = Object.fromEntries(Object.keys(paths).map((p) => [p, []]));
// A warm-up round, discarded.
for (const entry of Object.values(variants)) for (const path of Object.values(paths)) await timed(entry, path);
for (let round = 0; round < rounds; round++) {
  // Interleaved: each round every variant in turn, in an order that rotates.
  const names = Object.keys(variants);
  const order = [...names.slice(round % names.length), ...names.slice(0, round % names.length)];
  for (const name of order)
    for (const [label, path] of Object.entries(paths)) figures[name]?.[label]?.push(await timed(/** @type {any} */ (variants)[name], path));
}
console.log(`${entryFile}: µs per request, median of ${rounds} interleaved rounds of ${loops} each, load average ${loadavg()[0]?.toFixed(2)}`);
console.log(["memories on", ...Object.keys(paths)].join("\t"));
for (const [name, byPath] of Object.entries(figures)) console.log([name, ...Object.values(byPath).map((values) => median(values).toFixed(1))].join("\t"));
