// The guide's first call (docs/getting-started.md, "A first call") as a newcomer runs it on Node
// 20: its shell lines as written, in a new folder (`npm init -y`, `npm pkg set type=module`, `tsc
// --init --types node`, `tsc`, `node quickstart.js`), against the stateful mock, twice. Only the
// `npm install` lines are stood in for, in node_modules: the client by a bundle of src/ typed by src/
// itself (which tsc, finding it in node_modules, compiles but does not emit; the packaging check
// installs the real tarball), and @types/node by this repository's.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { readGuide } from "../support/guide.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const tsc = `${root}node_modules/typescript/bin/tsc`;
const section = /## A first call\n([\s\S]*?)\n## /.exec(readGuide("getting-started.md"))?.[1] ?? "";
/** The shell lines before the quickstart (those after it call the service), each split at `&&`, comments dropped. */
const commands = [...section.split("<!-- example: examples/quickstart.ts")[0]!.matchAll(/```sh\n([\s\S]*?)```/g)]
  .flatMap((block) => block[1]!.split("\n"))
  .map((line) => line.replace(/\s+#.*$/, "").trim())
  .filter(Boolean)
  .flatMap((line) => line.split(" && "));
const run = promisify(execFile);
let dir: string;
let mock: Awaited<ReturnType<typeof startStatefulMock>>;
/** What each `node` line printed, per run. */
const runs: string[] = [];

/** Runs one of the page's commands in `dir`, as written, but for the installs' stand-ins; `env` for `node`. */
async function runCommand(command: string, env: Record<string, string>): Promise<void> {
  const [program, ...args] = command.split(/\s+/) as [string, ...string[]];
  if (program === "mkdir" || program === "cd") return; // dir is the new folder
  if (program === "npm" && args[0] === "install") return; // stood in for in beforeAll
  if (program === "npm") await run("npm", args, { cwd: dir });
  else if (program === "npx" && args[0] === "tsc") await run(process.execPath, [tsc, ...args.slice(1)], { cwd: dir });
  else if (program === "node") runs.push((await run(process.execPath, args, { cwd: dir, env: { ...process.env, ...env }, timeout: 30_000 })).stdout);
  else throw new Error(`the page runs ${command}, which this test does not know`);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "first-call-"));
  await build({
    entryPoints: [`${root}src/index.ts`],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile: join(dir, "node_modules/session-recordings-api/index.js"),
    logLevel: "error",
  });
  const client = join(dir, "node_modules/session-recordings-api");
  await writeFile(join(client, "package.json"), JSON.stringify({ type: "module", exports: { ".": { types: "./src/index.ts", default: "./index.js" } } }));
  await symlink(`${root}src`, join(client, "src"));
  await symlink(`${root}node_modules/@types`, join(dir, "node_modules/@types"));
  mock = await startStatefulMock({ host: "127.0.0.1", port: 0, log: () => {} });
}, 60_000);
afterAll(async () => {
  await mock?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("the guide's first call", () => {
  it("calls the stateful mock npm start runs, with a key it takes, unless the environment names the service", async () => {
    const quickstart = await readFile(`${root}examples/quickstart.ts`, "utf8");
    const startPort = /portFromEnv\("STATEFUL_MOCK_PORT", (\d+)\)/.exec(await readFile(`${root}scripts/servers/start.mjs`, "utf8"))?.[1];
    expect(quickstart).toContain(`process.env.POSTHOG_BASE_URL ?? "http://127.0.0.1:${startPort}"`);
    expect(quickstart).toContain('process.env.POSTHOG_PERSONAL_API_KEY ?? "phx_example"');
    expect(section.indexOf("POSTHOG_BASE_URL=https://us.posthog.com")).toBeGreaterThan(section.indexOf("<!-- example: examples/quickstart.ts"));
  });

  it("compiles and runs on Node 20 as the page says, twice over: each run leaves the playlists as it found them", async () => {
    expect(commands).toEqual(expect.arrayContaining(["npm pkg set type=module", "npx tsc --init --types node", "npx tsc", "node quickstart.js"]));
    const env = { POSTHOG_BASE_URL: mock.url };
    await writeFile(join(dir, "quickstart.ts"), await readFile(`${root}examples/quickstart.ts`));
    for (const command of commands) await runCommand(command, env);
    expect(await readFile(join(dir, "tsconfig.json"), "utf8")).toMatch(/^ {4}"types": \["node"\]/m);
    // tsc wrote the quickstart's JavaScript beside it, and nothing into this repository's src/.
    expect((await readdir(dir)).filter((name) => name.endsWith(".js"))).toEqual(["quickstart.js"]);
    expect((await readdir(`${root}src`, { recursive: true })).filter((name) => /\.(js|map)$/.test(name))).toEqual([]);
    await runCommand("node quickstart.js", env);
    expect(runs).toHaveLength(2);
    for (const printed of runs) {
      expect(printed.split("\n")[0]).toMatch(/^\w+ Quickstart$/);
      // The playlist's line, then one per recording of the seeded project.
      expect(printed.trimEnd().split("\n")).toHaveLength(1 + 125);
    }
    const listing = await (
      await fetch(`${mock.url}/api/environments/28417/session_recording_playlists/`, { headers: { Authorization: "Bearer phx_example" } })
    ).json();
    expect(listing.results.map((playlist: { name: string }) => playlist.name)).not.toContain("Quickstart");
    expect(listing.results.map((playlist: { short_id: string }) => playlist.short_id)).toContain("Ub3KpD7w");
  }, 120_000);
});
