// The packaging checks of `npm test`: build dist/, lint the package with publint and
// @arethetypeswrong/cli, then load every entry point the way users will. The type-cost check
// (check-type-cost.mjs), which needs dist/, runs beside the rest once it is built.
import { execFile, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startStatefulMock } from "./mock-server.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
/**
 * @param {string} command
 * @param {string[]} args
 */
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: "inherit" });

run("npx", ["--no-install", "tsup", "--silent"]);
// Mostly one tsc process at a time: on two cores it overlaps the checks below rather than following them.
const typeCost = promisify(execFile)(process.execPath, [join(root, "scripts/check-type-cost.mjs")], { cwd: root, timeout: 180_000 });
run("npx", ["--no-install", "publint", "--strict"]);
// openapi.yaml is a data file, not a module with types.
run("npx", ["--no-install", "attw", "--pack", ".", "--exclude-entrypoints", "./openapi.yaml", "./live/openapi.yaml"]);

// Self-reference by package name resolves through `exports`, as an installed copy would.
const smoke = `
  const esm = await import("session-recordings-api");
  const { createRequire } = await import("node:module");
  const require = createRequire(process.cwd() + "/");
  const cjs = require("session-recordings-api");
  for (const api of [esm, cjs]) {
    if (typeof api.createClient !== "function" || typeof api.ApiError !== "function") throw new Error("entry lacks createClient or ApiError");
    const client = api.createClient({ baseUrl: "https://us.posthog.com", apiKey: "phx_smoke" });
    if (typeof client.paginate !== "function") throw new Error("client lacks paginate");
  }
  await import("session-recordings-api/types");
  require("session-recordings-api/types");
  for (const live of [await import("session-recordings-api/live"), require("session-recordings-api/live")]) {
    if (typeof live.createClient !== "function" || typeof live.ApiError !== "function") throw new Error("the live entry lacks createClient or ApiError");
    if (typeof live.createClient({ baseUrl: "https://us.posthog.com", apiKey: "phx_smoke" }).paginate !== "function") throw new Error("the live client lacks paginate");
  }
  for (const [name, query] of [
    ["query", await import("session-recordings-api/query")],
    ["query", require("session-recordings-api/query")],
    ["live/query", await import("session-recordings-api/live/query")],
    ["live/query", require("session-recordings-api/live/query")],
  ]) {
    const next = query.infiniteListing("/api/environments/{project_id}/session_recordings/").getNextPageParam({ results: [{}], has_next: true }, [], 0);
    const changed = query.queriesChangedBy("post", "/api/environments/{project_id}/session_recording_playlists/", { params: { path: { project_id: "1" } } });
    if (next !== 1 || !changed.matchesKey(["get", "/api/environments/{project_id}/session_recording_playlists/", { params: { path: { project_id: "1" } } }])) {
      throw new Error("the " + name + " entry does not page or refresh");
    }
  }
  const liveSpec = require("node:fs").readFileSync(require.resolve("session-recordings-api/live/openapi.yaml"), "utf8");
  if (!liveSpec.startsWith("openapi: 3.1")) throw new Error("live/openapi.yaml export is not the live description");
  const spec = require("node:fs").readFileSync(require.resolve("session-recordings-api/openapi.yaml"), "utf8");
  if (!spec.startsWith("openapi: 3.1")) throw new Error("openapi.yaml export is not the bundled spec");
  for (const mockEntry of [await import("session-recordings-api/mock"), require("session-recordings-api/mock")]) {
    const mock = mockEntry.createMock();
    const answer = await mock.fetch("http://mock.local/api/projects/", { headers: { Authorization: "Bearer phx_smoke" } });
    if (answer.status !== 200) throw new Error("the mock entry does not answer");
  }
  for (const msw of [await import("session-recordings-api/mock/msw"), require("session-recordings-api/mock/msw")]) {
    if (typeof msw.mockHandlers !== "function") throw new Error("the mock/msw entry lacks mockHandlers");
  }
  console.log("entry points load: ESM, CJS, ./types, ./live, ./query, ./live/query, ./openapi.yaml, ./live/openapi.yaml, ./mock, ./mock/msw");
`;
run("node", ["--input-type=module", "-e", smoke]);

// The bin, run once as npx would run it: against the stateful mock, which must conform to the
// description. It is one file that imports only Node and openapi-fetch: the compiled
// validators of generated/conformance/ are inside it.
const bin = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).bin["session-recordings-api"];
const binImports = [...readFileSync(join(root, bin), "utf8").matchAll(/^(?:import|export)\b[^;]*?from\s*"([^"]+)"/gm)].map((m) => /** @type {string} */ (m[1]));
if (!binImports.includes("openapi-fetch")) throw new Error(`${bin}: its imports were not found, so they cannot be checked`);
const foreign = binImports.filter((name) => name !== "openapi-fetch" && !builtinModules.includes(name.replace(/^node:/, "")));
if (foreign.length) throw new Error(`${bin} imports ${foreign.join(", ")}: only Node and openapi-fetch may stay outside the bundle`);
const mock = await startStatefulMock({ port: 0, log: () => {} });
try {
  const args = [
    "conformance",
    "--base-url",
    mock.url,
    "--api-key",
    "phx_smoke",
    "--project",
    "28417",
    "--profile",
    "seed",
    "--json",
    "--pace-ms",
    "0",
    "--recordings-pace-ms",
    "0",
  ];
  const { stdout } = await promisify(execFile)(process.execPath, [join(root, bin), ...args], { cwd: root, timeout: 60_000 });
  const report = JSON.parse(stdout);
  if (!report.conforms || report.rows.length === 0) throw new Error(`${bin} conformance: the stateful mock does not conform to the description:\n${stdout}`);
  console.log(`${bin}: the stateful mock conforms to the description (${report.rows.length} answers checked)`);
} finally {
  await mock.stop();
}

// What `npm pack` would publish: the entries, the spec and its types, and nothing of the
// repository's own tooling, tests or docs build.
/** @type {string[]} */
const packed = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root, encoding: "utf8" }))[0].files.map(
  (/** @type {{ path: string }} */ f) => f.path,
);
const required = [
  "package.json",
  "README.md",
  "CHANGELOG.md",
  "generated/openapi.yaml",
  "generated/live/openapi.yaml",
  "openapi/openapi.yaml",
  "openapi/DECISIONS.md",
];
for (const entry of ["index", "types", "live", "query", "live-query", "mock", "mock-msw"])
  required.push(`dist/${entry}.js`, `dist/${entry}.cjs`, `dist/${entry}.d.ts`, `dist/${entry}.d.cts`);
required.push(bin);
const missing = required.filter((file) => !packed.includes(file));
const stray = packed.filter((file) => /^(test|src|scripts|examples|docs-dist|\.cache|\.ci|generated\/(mock|released|conformance))\//.test(file));
if (missing.length || stray.length) {
  console.error(`npm pack content is wrong.\nMissing: ${missing.join(", ") || "none"}\nShould not be there: ${stray.join(", ") || "none"}`);
  process.exit(1);
}
console.log(`npm pack: ${packed.length} files, the entries, the spec and its types, no tests or docs build`);

const { stdout: costReport } = await typeCost.catch((/** @type {{ stdout?: string, stderr?: string }} */ failure) => {
  console.error(failure.stdout ?? "", failure.stderr ?? "");
  process.exit(1);
});
process.stdout.write(costReport);
