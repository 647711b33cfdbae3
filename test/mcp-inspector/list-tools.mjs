// The MCP inspector v2 (its CLI, which needs Node >= 22.19; v1's is deprecated) lists the MCP
// server's tools, as a developer inspecting it would: run by scripts/checks/test-node-matrix.mjs on
// Node 22 and 24. The bin is bundled from src/mcp/cli.ts; the inspector starts it over stdio, once
// read-only and once with --allow-writes, with --strict, so a schema it finds less portable fails.
// Exits non-zero when the inspector fails or lists other tools than generated/mcp/live.json has.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../../", import.meta.url));
const inspector = join(root, "test/mcp-inspector/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");
const tools = JSON.parse(readFileSync(join(root, "generated/mcp/live.json"), "utf8"));
const work = mkdtempSync(join(tmpdir(), "mcp-inspector-"));
try {
  const bin = join(work, "mcp-bin.mjs");
  await build({
    entryPoints: [join(root, "src/mcp/cli.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: bin,
    logLevel: "error",
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  for (const writes of [false, true]) {
    const args = [inspector, "--cli", "--strict", "--method", "tools/list", process.execPath, bin, "--mock", ...(writes ? ["--allow-writes"] : [])];
    // The inspector keeps a catalog under HOME: a fresh one, so a developer's is neither read nor written.
    const run = spawnSync(process.execPath, args, { cwd: work, encoding: "utf8", timeout: 60_000, env: { ...process.env, HOME: work } });
    const warnings = run.stderr.split("\n").filter((line) => /^(Warning|Error)\b/.test(line));
    if (run.status !== 0 || warnings.length > 0) {
      console.error(`the inspector (exit ${run.status}) ${warnings.length ? "warned" : "failed"}:\n${run.stderr}`);
      process.exit(1);
    }
    const listed = JSON.parse(run.stdout);
    const names = listed.tools.map((/** @type {{ name: string }} */ tool) => tool.name).sort();
    const expected = tools
      .filter((/** @type {{ annotations: { readOnlyHint: boolean } }} */ tool) => writes || tool.annotations.readOnlyHint)
      .map((/** @type {{ name: string }} */ tool) => tool.name)
      .sort();
    if (JSON.stringify(names) !== JSON.stringify(expected)) {
      console.error(`the inspector listed ${names.join(", ")}\nexpected ${expected.join(", ")}`);
      process.exit(1);
    }
    console.log(
      `MCP inspector ${process.version}: ${names.length} tools listed${writes ? " with --allow-writes" : " read-only"}, no schema portability warning`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
