// `node scripts/checks/example.mjs <example> [--tarballs <dir>] [-- <command…>]`: runs a command (`npm test`
// unless given) in a temporary copy of examples/<example>/ with the packages' tarballs installed,
// as a team that copied the example runs it; then removes the copy. The tarballs come from
// `--tarballs` (`npm test` packs once for every user of them) or are built and packed here first.
// The command gets PORT, a free port of 127.0.0.1, for what it serves, and CI=true, as CI runs it
// (Playwright's config then forbids `test.only` and never reuses a server already on the port).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildAndPack, copyExample } from "./example-copy.mjs";

const usage = "usage: node scripts/checks/example.mjs <playwright-e2e|storybook> [--tarballs <dir>] [-- <command…>]";
/** @type {{ values: { tarballs?: string }, positionals: string[] }} */
let args;
try {
  args = parseArgs({ options: { tarballs: { type: "string" } }, allowPositionals: true });
} catch (error) {
  console.error(`example: ${/** @type {Error} */ (error).message.split(".")[0]}\n${usage}`);
  process.exit(2);
}
const [name, ...command] = args.positionals;
if (!name || !existsSync(new URL(`../../examples/${name}/package.json`, import.meta.url))) {
  console.error(`example: ${name ? `no project examples/${name}/` : "which example?"}\n${usage}`);
  process.exit(2);
}

/** A port no one listens on now, for the command's server. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const packed = args.values.tarballs ? undefined : await mkdtemp(join(tmpdir(), "example-tarballs-"));
let code = 1;
try {
  if (packed) {
    console.log("example: building and packing the packages…");
    await buildAndPack(packed);
  }
  const copy = await copyExample(name, args.values.tarballs ?? /** @type {string} */ (packed));
  try {
    const [program = "npm", ...rest] = command.length ? command : ["npm", "test"];
    const child = spawn(program, rest, { cwd: copy.dir, stdio: "inherit", env: { ...process.env, CI: "true", PORT: String(await freePort()) } });
    code = await new Promise((resolve) => child.once("close", (exit, signal) => resolve(exit ?? (signal ? 1 : 0))));
  } finally {
    await copy.remove();
  }
} catch (error) {
  console.error(`example: ${/** @type {Error} */ (error).message}`);
} finally {
  if (packed) await rm(packed, { recursive: true, force: true });
}
process.exit(code);
