// The packaging checks of `npm test`: build and pack the four packages, lint each tarball with
// publint and @arethetypeswrong/cli, and install the tarballs into a temporary consumer as a
// team would: the client as a dependency, the mock and the conformance command as dev
// dependencies. There it asserts the packages' budgets and runs what each ships: the client's
// entries, the mock in-process and as MSW handlers, the mock server bin, and the conformance
// bin against it, and the MCP server's bin (`npx session-recordings-api-mcp --mock`) driven by the MCP
// SDK's client it installed. The type-cost check (check-type-cost.mjs) runs beside it once dist/ is built.
// The mock installs beside msw 2 and beside msw 3 with no peer complaint from npm, and its
// CommonJS `./msw` entry reaches msw 3 (ESM only) through Node's require of ESM.
// `--tarballs <dir>`: the packages are built and packed there already (`npm test` packs once, for
// this check and the examples), so this checks those tarballs and neither builds nor packs.
import { execFile, execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../..", import.meta.url));
const budgets = {
  /** Bytes a production install of the client adds to node_modules. */
  clientInstall: 1_500_000,
  /** The mock's default entry and its MSW handlers, bundled for a browser, minified; and gzipped. */
  mockBrowser: 400_000,
  mockBrowserGzip: 80_000,
  /** The mock's Playwright entry (routing and fixtures, no profile), minified. */
  mockPlaywright: 12_000,
  /** The client's entry with openapi-fetch, minified and gzipped. */
  clientEntryGzip: 7_680,
};
const msw = JSON.parse(await readFile(join(root, "node_modules/msw/package.json"), "utf8")).version;
/** The msw 3 that test/msw-3 pins, for the Node 22/24 matrix. */
const msw3 = JSON.parse(await readFile(join(root, "test/msw-3/package.json"), "utf8")).devDependencies.msw;

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} [cwd]
 */
const run = (command, args, cwd = root) => execFileSync(command, args, { cwd, stdio: "inherit" });
/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(message);
  process.exit(1);
}

/** @type {string | undefined} */
let packedDir;
try {
  packedDir = parseArgs({ options: { tarballs: { type: "string" } } }).values.tarballs;
} catch (error) {
  fail(`check-package: ${/** @type {Error} */ (error).message.split(".")[0]}. Usage: node scripts/checks/check-package.mjs [--tarballs <dir>]`);
}

if (!packedDir) run(process.execPath, ["scripts/build/build.mjs"]);
// Mostly one tsc process at a time: on two cores it overlaps the checks below rather than following them.
const typeCost = promisify(execFile)(process.execPath, [join(root, "scripts/checks/check-type-cost.mjs")], { cwd: root, timeout: 180_000 });

/** @type {{ dir: string, manifest: Record<string, any> }[]} */
const packages = await Promise.all(
  ["client", "mock", "conformance", "mcp"].map(async (name) => ({
    dir: join(root, "packages", name),
    manifest: JSON.parse(await readFile(join(root, "packages", name, "package.json"), "utf8")),
  })),
);
const [client, mock, conformance, mcp] = /** @type {[Record<string, any>, Record<string, any>, Record<string, any>, Record<string, any>]} */ (
  packages.map((p) => p.manifest)
);
if (new Set(packages.map((p) => p.manifest.version)).size !== 1)
  fail(`the packages must share one version: ${packages.map((p) => `${p.manifest.name} ${p.manifest.version}`).join(", ")}`);

const work = await mkdtemp(join(tmpdir(), "packages-"));
try {
  if (!packedDir) run(process.execPath, ["scripts/build/pack.mjs", "--destination", work]);
  /** @param {Record<string, any>} manifest */
  const tarballOf = (manifest) => join(packedDir ?? work, `${manifest.name}-${manifest.version}.tgz`);
  // The tarballs themselves are linted, as published: each tool's own `npm pack` would pack them again.
  for (const { manifest } of packages) run("npx", ["--no-install", "publint", "run", tarballOf(manifest), "--strict"]);
  // openapi.yaml is a data file, not a module with types; the conformance package is a bin only.
  run("npx", ["--no-install", "attw", tarballOf(client), "--exclude-entrypoints", "./openapi.yaml", "./live/openapi.yaml"]);
  run("npx", ["--no-install", "attw", tarballOf(mock)]);

  // What each publishes: its dist/ (no source maps), its README, the LICENSE and the CHANGELOG and,
  // for the client, the descriptions.
  /** @type {Record<string, any>} */
  const tarballs = {};
  for (const { manifest } of packages) {
    const tarball = tarballOf(manifest);
    const { files, bytes } = listTarball(tarball);
    const stray = files.filter(
      (file) => !/^(dist\/[^/]+\.(js|cjs|d\.ts|d\.cts)|package\.json|README\.md|LICENSE|CHANGELOG\.md|openapi\.yaml|live\/openapi\.yaml)$/.test(file),
    );
    const bins = Object.values(manifest.bin ?? {});
    const missing = ["package.json", "README.md", "LICENSE", "CHANGELOG.md", ...bins].filter((file) => !files.includes(file));
    if (stray.length || missing.length)
      fail(`${manifest.name}: npm pack content is wrong.\nMissing: ${missing.join(", ") || "none"}\nShould not be there: ${stray.join(", ")}`);
    tarballs[manifest.name] = tarball;
    console.log(`${manifest.name}: ${files.length} files, ${(bytes / 1e6).toFixed(2)} MB unpacked`);
  }

  const consumer = join(work, "consumer");
  await mkdir(consumer);
  await writeFile(join(consumer, "package.json"), `${JSON.stringify({ name: "consumer", private: true, type: "module" })}\n`);
  const install = (/** @type {string[]} */ args) =>
    run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts", "--loglevel=error", ...args], consumer);
  const installed = () => bytesUnder(join(consumer, "node_modules"));

  install(["--omit=dev", tarballs[client.name]]);
  const clientBytes = await installed();
  installWithoutPeerComplaints(["--save-dev", tarballs[mock.name], `msw@${msw}`], consumer);
  const withMock = await installed();
  install(["--save-dev", tarballs[conformance.name]]);
  const withConformance = await installed();
  install(["--save-dev", tarballs[mcp.name]]);
  const withMcp = await installed();
  const mb = (/** @type {number} */ bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
  console.log(`installed: the client adds ${mb(clientBytes)} to node_modules (production; budget ${mb(budgets.clientInstall)})`);
  console.log(
    `           the mock then ${mb(withMock - clientBytes)}, with msw ${msw}; the conformance command ${mb(withConformance - withMock)}; the MCP server ${mb(withMcp - withConformance)}`,
  );
  if (clientBytes > budgets.clientInstall) fail(`the client's install is over its budget: ${clientBytes} B > ${budgets.clientInstall} B`);

  run(process.execPath, ["--input-type=module", "-e", smoke()], consumer);
  await serverAndConformance(consumer);
  await mcpServer(consumer);
  await browserSizes(consumer);
  await playwrightEntry(consumer);
  await besideMsw3(work, tarballs[mock.name]);
} finally {
  await rm(work, { recursive: true, force: true });
}

const { stdout: costReport } = await typeCost.catch((/** @type {{ stdout?: string, stderr?: string }} */ failure) =>
  fail(`${failure.stdout ?? ""}${failure.stderr ?? ""}`),
);
process.stdout.write(costReport);

/**
 * The files a tarball holds (paths inside the package) and their bytes, from `tar -tvzf`'s listing:
 * `-rw-r--r-- 0/0 1086 1985-10-26 08:15 package/LICENSE`.
 * @param {string} tarball
 */
function listTarball(tarball) {
  /** @type {string} */
  let listing = "";
  try {
    listing = execFileSync("tar", ["-tvzf", tarball], { encoding: "utf8" });
  } catch {
    fail(`no readable tarball ${tarball}: it should have been packed there (npm run pack -- --destination <dir>)`);
  }
  const entries = listing
    .split("\n")
    .filter((line) => line.startsWith("-"))
    .map((line) => line.split(/\s+/));
  return {
    files: entries.map((fields) =>
      fields
        .slice(5)
        .join(" ")
        .replace(/^package\//, ""),
    ),
    bytes: entries.reduce((sum, fields) => sum + Number(fields[2]), 0),
  };
}

/**
 * `npm install` as a team runs it, at npm's default log level: it must finish with no ERESOLVE and
 * no peer warning (an engine warning, such as msw 3's Node >= 22.12 on this machine's Node 20, is shown, not refused).
 * @param {string[]} args
 * @param {string} cwd
 */
function installWithoutPeerComplaints(args, cwd) {
  const { status, stderr } = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts", ...args], {
    cwd,
    encoding: "utf8",
  });
  const complaints = stderr.split("\n").filter((line) => /ERESOLVE|peer/i.test(line));
  if (status !== 0 || complaints.length > 0) fail(`npm install ${args.join(" ")}: ${status === 0 ? "peer complaints" : `exit ${status}`}:\n${stderr}`);
  const warnings = stderr.split("\n").filter((line) => /warn/i.test(line));
  if (warnings.length > 0) console.log(`npm install ${args.at(-1)} warned (no peer complaint):\n  ${warnings.join("\n  ")}`);
}

/**
 * The mock installed beside msw 3 in a consumer of its own, and its CommonJS `./msw` entry
 * answering through msw 3, which it can only `require` where Node requires ESM (>= 20.19, 22.12).
 * msw 3's request interception needs Node 22 (the matrix runs setupServer there); its handlers run here.
 * @param {string} work
 * @param {string} tarball
 */
async function besideMsw3(work, tarball) {
  const consumer = join(work, "consumer-msw-3");
  await mkdir(consumer);
  await writeFile(join(consumer, "package.json"), `${JSON.stringify({ name: "consumer-msw-3", private: true })}\n`);
  installWithoutPeerComplaints(["--save-dev", tarball, `msw@${msw3}`], consumer);
  const check = `
    const { mockHandlers } = require("session-recordings-api-mock/msw");
    const { createMock } = require("session-recordings-api-mock");
    const { getResponse } = require("msw");
    if (!require("msw/package.json").version.startsWith("3.")) throw new Error("msw 3 is not the msw installed");
    const request = new Request("https://us.posthog.com/api/projects/", { headers: { authorization: "Bearer phx_smoke" } });
    getResponse(mockHandlers(createMock(), { baseUrl: "https://us.posthog.com" }), request).then(async (response) => {
      if (response?.status !== 200 || !Array.isArray((await response.json()).results)) throw new Error("msw 3 did not answer through the mock's CommonJS handlers");
      console.log("beside msw ${msw3}: installed with no peer complaint; the CommonJS ./msw entry answers through it (require of ESM, Node " + process.version + ")");
    });`;
  run(process.execPath, ["-e", check], consumer);
}

/**
 * The Playwright entry, installed: ESM and CommonJS load with no msw and no profile inside (the
 * user's createMock brings one), under its budget, and its routing answers a route as Playwright
 * hands it over (a browser drives it in test/mock/playwright.test.ts and examples/playwright-e2e).
 * @param {string} consumer
 */
async function playwrightEntry(consumer) {
  const { metafile, outputFiles } = await build({
    stdin: { contents: `export * from "${mock.name}/playwright";`, resolveDir: consumer, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "node",
    metafile: true,
    write: false,
    logLevel: "error",
  });
  const bytes = /** @type {import("esbuild").OutputFile} */ (outputFiles[0]).contents.byteLength;
  // The profiles' tables are in index/live and the chunk they share, far over the budget; msw and rrule by name.
  const inside = Object.keys(metafile.inputs).filter((input) => /node_modules\/(msw|rrule)\/|\/dist\/(index|live)\.js$/.test(input));
  console.log(`the Playwright entry: ${(bytes / 1000).toFixed(1)} kB minified (budget ${(budgets.mockPlaywright / 1000).toFixed(1)} kB), no msw, no profile`);
  if (bytes > budgets.mockPlaywright) fail(`the Playwright entry is over its budget: ${bytes} B > ${budgets.mockPlaywright} B`);
  if (inside.length > 0) fail(`the Playwright entry carries what the user's createMock brings: ${inside.join(", ")}`);
  const check = `
    const { createRequire } = await import("node:module");
    const require = createRequire(process.cwd() + "/");
    const { createMock } = await import("${mock.name}");
    for (const entry of [await import("${mock.name}/playwright"), require("${mock.name}/playwright")]) {
      if (typeof entry.routeMock !== "function" || typeof entry.mockFixtures !== "function") throw new Error("the playwright entry lacks routeMock or mockFixtures");
      const routes = [];
      const routing = await entry.routeMock({ route: async (url, handler) => routes.push({ url, handler }), unroute: async () => {} }, createMock(), { baseUrl: "http://127.0.0.1:5173" });
      if (routes.length !== 1 || routes[0].url !== "http://127.0.0.1:5173/api/**") throw new Error("routeMock routed " + JSON.stringify(routes.map((r) => r.url)));
      const fulfilled = [];
      const request = { url: () => "http://127.0.0.1:5173/api/projects/", method: () => "GET", allHeaders: async () => ({ authorization: "Bearer phx_smoke" }), postDataBuffer: () => null };
      await routes[0].handler({ request: () => request, fulfill: async (answer) => fulfilled.push(answer), fallback: async () => fulfilled.push("fallback") });
      if (fulfilled[0]?.status !== 200 || !JSON.parse(fulfilled[0].body.toString()).results) throw new Error("routeMock did not fulfil the route from the mock");
      await routing[Symbol.asyncDispose]();
    }
    console.log("the installed Playwright entry loads (ESM and CommonJS) and fulfils a route from the mock");`;
  run(process.execPath, ["--input-type=module", "-e", check], consumer);
}

/**
 * The bytes of every file under `dir`, as the file system lists them.
 * @param {string} dir
 * @returns {Promise<number>}
 */
async function bytesUnder(dir) {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/**
 * The mock server bin started as `npx session-recordings-api-mock` would start it, and the
 * conformance bin run against it: the server must conform to the description, then stop on SIGTERM.
 * @param {string} consumer
 */
async function serverAndConformance(consumer) {
  const server = spawn(join(consumer, "node_modules/.bin/session-recordings-api-mock"), ["--port", "0"], {
    cwd: consumer,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => server.once("exit", (code, signal) => resolve(code ?? signal)));
  try {
    const url = await new Promise((resolve, reject) => {
      let printed = "";
      const timer = setTimeout(() => reject(new Error(`the mock server bin did not start in 20 s; it printed: ${printed}`)), 20_000);
      server.stdout.on("data", (chunk) => {
        printed += chunk;
        const found = /listening on (http:\/\/\S+)/.exec(printed);
        if (found) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
      server.once("exit", (code) => reject(new Error(`the mock server bin exited (${code}) before it listened: ${printed}`)));
    });
    const args = [
      "--base-url",
      url,
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
    const { stdout } = await promisify(execFile)(join(consumer, "node_modules/.bin/session-recordings-api-conformance"), args, {
      cwd: consumer,
      timeout: 60_000,
    });
    const report = JSON.parse(stdout);
    if (!report.conforms || report.rows.length === 0) fail(`the installed bins: the mock server does not conform to the description:\n${stdout}`);
    console.log(
      `the installed bins: session-recordings-api-mock conforms to the description (session-recordings-api-conformance checked ${report.rows.length} answers)`,
    );
  } finally {
    server.kill("SIGTERM");
  }
  const ended = await exited;
  if (ended !== 0) fail(`the mock server bin did not stop cleanly on SIGTERM: ${ended}`);
}

/**
 * The MCP server's bin as `npx session-recordings-api-mcp --mock` starts it, driven over stdio by the
 * MCP SDK's client that its install brought: it serves PostHog's tools for these endpoints (every tool
 * of generated/mcp/live.json with --allow-writes, the read ones without), answers one from the mock,
 * and refuses a write without --allow-writes.
 * @param {string} consumer
 */
async function mcpServer(consumer) {
  const tools = JSON.parse(await readFile(join(root, "generated/mcp/live.json"), "utf8"));
  const names = (/** @type {boolean} */ writes) =>
    JSON.stringify(
      tools
        .filter((/** @type {{ annotations: { readOnlyHint: boolean } }} */ tool) => writes || tool.annotations.readOnlyHint)
        .map((/** @type {{ name: string }} */ tool) => tool.name)
        .sort(),
    );
  const check = `
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const bin = process.cwd() + "/node_modules/.bin/${mcp.name}";
    const served = async (args) => {
      const client = new Client({ name: "packaging-check", version: "1.0.0" });
      await client.connect(new StdioClientTransport({ command: bin, args, stderr: "ignore" }));
      return client;
    };
    const readOnly = await served(["--mock"]);
    const listed = (await readOnly.listTools()).tools.map((tool) => tool.name).sort();
    if (JSON.stringify(listed) !== ${JSON.stringify(names(false))}) throw new Error("the installed MCP server lists " + listed.join(", "));
    const answer = await readOnly.callTool({ name: "query-session-recordings-list", arguments: { limit: 2, fields: ["id"] } });
    if (answer.isError || JSON.parse(answer.content[0].text).results.length !== 2) throw new Error("the installed MCP server did not list recordings from the mock: " + answer.content[0].text);
    const refused = await readOnly.callTool({ name: "session-recording-playlist-create", arguments: { name: "x", type: "collection" } });
    if (!refused.isError || !refused.content[0].text.includes("--allow-writes")) throw new Error("the installed MCP server wrote without --allow-writes");
    await readOnly.close();
    const writing = await served(["--mock", "--allow-writes"]);
    const all = (await writing.listTools()).tools.map((tool) => tool.name).sort();
    if (JSON.stringify(all) !== ${JSON.stringify(names(true))}) throw new Error("the installed MCP server with --allow-writes lists " + all.join(", "));
    await writing.close();
    console.log("the installed bin: npx ${mcp.name} --mock serves " + listed.length + " read tools (" + all.length + " with --allow-writes), PostHog's names, through the SDK's client; a write is refused without --allow-writes");`;
  run(process.execPath, ["--input-type=module", "-e", check], consumer);
}

/**
 * What the packages cost in a browser build, bundled from the installed packages as a team's
 * bundler would: the mock with one profile and its MSW handlers (msw is the app's own), and the client.
 * @param {string} consumer
 */
async function browserSizes(consumer) {
  /** @param {string} source */
  const minified = async (source, external = /** @type {string[]} */ ([])) => {
    const { outputFiles } = await build({
      stdin: { contents: source, resolveDir: consumer, loader: "js" },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      external,
      write: false,
      logLevel: "error",
    });
    const code = /** @type {import("esbuild").OutputFile} */ (outputFiles[0]).contents;
    return { bytes: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
  };
  const kB = (/** @type {{ bytes: number, gzip: number }} */ size) =>
    `${(size.bytes / 1000).toFixed(1)} kB minified, ${(size.gzip / 1000).toFixed(1)} kB gzipped`;
  const seed = await minified(`export { createMock } from "${mock.name}"; export { mockHandlers } from "${mock.name}/msw";`, ["msw"]);
  const live = await minified(`export { createMock } from "${mock.name}/live"; export { mockHandlers } from "${mock.name}/msw";`, ["msw"]);
  const entry = await minified(`export * from "${client.name}";`);
  console.log(`in a browser build: the mock (default profile, with its MSW handlers) ${kB(seed)}; with the live profile instead ${kB(live)}`);
  console.log(`                    the client's entry with openapi-fetch ${entry.gzip} B gzipped (budget ${budgets.clientEntryGzip} B)`);
  if (seed.bytes > budgets.mockBrowser || seed.gzip > budgets.mockBrowserGzip)
    fail(`the mock's browser bundle is over its budget (${budgets.mockBrowser} B minified, ${budgets.mockBrowserGzip} B gzipped): ${kB(seed)}`);
  if (entry.gzip > budgets.clientEntryGzip) fail(`the client's entry is over its budget: ${entry.gzip} B > ${budgets.clientEntryGzip} B gzipped`);
}

/**
 * Every entry point loaded by name from the consumer, ESM and CommonJS, and used: the client
 * on the mock in-process, and through MSW's handlers in Node.
 */
function smoke() {
  return `
  const { createRequire } = await import("node:module");
  const require = createRequire(process.cwd() + "/");
  const fail = (message) => { throw new Error(message); };
  const apiKey = "phx_smoke";
  const path = { project_id: "28417" };
  for (const api of [await import("session-recordings-api"), require("session-recordings-api")]) {
    if (typeof api.createClient !== "function" || typeof api.ApiError !== "function") fail("the entry lacks createClient or ApiError");
  }
  await import("session-recordings-api/types");
  require("session-recordings-api/types");
  for (const query of [await import("session-recordings-api/query"), require("session-recordings-api/query"), await import("session-recordings-api/live/query"), require("session-recordings-api/live/query")]) {
    const changed = query.queriesChangedBy("post", "/api/environments/{project_id}/session_recording_playlists/", { params: { path } });
    if (!changed.matchesKey(["get", "/api/environments/{project_id}/session_recording_playlists/", { params: { path } }])) fail("a query entry does not refresh");
  }
  for (const file of ["openapi.yaml", "live/openapi.yaml"]) {
    if (!require("node:fs").readFileSync(require.resolve("session-recordings-api/" + file), "utf8").startsWith("openapi: 3.1")) fail(file + " is not a description");
  }

  const [seedMocks, liveMocks, handlers] = [
    [await import("session-recordings-api-mock"), require("session-recordings-api-mock")],
    [await import("session-recordings-api-mock/live"), require("session-recordings-api-mock/live")],
    [await import("session-recordings-api-mock/msw"), require("session-recordings-api-mock/msw")],
  ];
  for (const [entry, api] of [
    [seedMocks, [await import("session-recordings-api"), require("session-recordings-api")]],
    [liveMocks, [await import("session-recordings-api/live"), require("session-recordings-api/live")]],
  ]) {
    for (const [index, mocks] of entry.entries()) {
      const mock = mocks.createMock();
      const client = api[index].createClient({ baseUrl: "http://mock.local", apiKey, fetch: mock.fetch, maxRetries: 0 });
      const { data, error } = await client.GET("/api/environments/{project_id}/session_recordings/", { params: { path } });
      if (error || !Array.isArray(data?.results)) fail("the client on the mock in-process did not list recordings");
      if ((mocks === liveMocks[index]) !== ("has_next" in data)) fail("a mock entry answers as the other profile");
    }
  }
  for (const entry of handlers) if (typeof entry.mockHandlers !== "function") fail("the msw entry lacks mockHandlers");
  for (const record of [await import("session-recordings-api-mock/record"), require("session-recordings-api-mock/record")]) {
    const source = liveMocks[0].createMock();
    const recorded = await record.recordAccount({ baseUrl: "http://mock.local", apiKey, project: "28417", fetch: source.fetch, paceMs: 0, recordingsPaceMs: 0 });
    const replay = liveMocks[0].createMock({ snapshot: recorded.snapshot });
    if (replay.snapshot().projects["28417"].recordings.length !== recorded.report.counts.recordings) fail("the record entry's snapshot does not load into the live mock");
  }

  const { setupServer } = await import("msw/node");
  const mock = seedMocks[0].createMock();
  const server = setupServer(...handlers[0].mockHandlers(mock, { baseUrl: "https://us.posthog.com" }));
  server.listen({ onUnhandledRequest: "error" });
  try {
    const client = (await import("session-recordings-api")).createClient({ baseUrl: "https://us.posthog.com", apiKey, maxRetries: 0 });
    const { data } = await client.POST("/api/environments/{project_id}/session_recording_playlists/", { params: { path }, body: { name: "Packed" } });
    const read = await client.GET("/api/environments/{project_id}/session_recording_playlists/{short_id}/", { params: { path: { ...path, short_id: data?.short_id ?? "" } } });
    if (read.data?.name !== "Packed") fail("the client through the MSW handlers did not read back what it created");
  } finally {
    server.close();
  }
  // The Storybook entry, both formats; its handlers behind setupServer stand in for the addon's worker.
  const storybook = [await import("session-recordings-api-mock/storybook"), require("session-recordings-api-mock/storybook")];
  for (const entry of storybook) if (typeof entry.storybookMock !== "function" || entry.parameterName !== "sessionRecordingsMock") fail("the storybook entry lacks storybookMock");
  const stories = storybook[1].storybookMock({ createMock: seedMocks[1].createMock, baseUrl: "https://storybook.test" });
  const storyServer = setupServer(...stories.handlers());
  storyServer.listen({ onUnhandledRequest: "error" });
  try {
    await stories.beforeEach({ parameters: stories.parameters({ scenario: "empty" }) });
    const listed = await (await fetch("https://storybook.test/api/environments/28417/session_recording_playlists/", { headers: { Authorization: "Bearer " + apiKey } })).json();
    if (listed.results?.length !== 0) fail("the storybook entry's story did not start in the scenario its parameters name");
  } finally {
    storyServer.close();
  }
  console.log("the installed Storybook entry loads (ESM and CommonJS) and starts a story in the state its parameters name");
  console.log("the installed entries load (ESM and CommonJS) and work: the client in-process on both mock profiles, through the MSW handlers, and the recorder into the live mock");
`;
}
