// The Storybook example's `npm run storybook` (examples/storybook/package.json) as its README says:
// it listens on STORYBOOK_PORT, and stopping npm's process stops what it started, since the script
// `exec`s it rather than leaving it a child of npm's `sh`. Storybook itself is stood in for by a
// server that listens on the `--port` it is given (npm puts node_modules/.bin first on the PATH), so
// this needs no install and takes a second.
import { type ChildProcess, spawn } from "node:child_process";
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/servers/prism.mjs";
import { killedAfterEachTest } from "../support/process-tree.js";

const example = fileURLToPath(new URL("../../examples/storybook/", import.meta.url));
const tracked = killedAfterEachTest();
let dir: string;

/** A stand-in for a bin: `storybook dev --port N` listens on N until a signal ends it; `msw init` does nothing. */
const standIn = `#!${process.execPath}
const args = process.argv.slice(2);
const port = args[args.indexOf("--port") + 1];
if (args[0] === "dev") require("node:fs").writeFileSync(__dirname + "/../../storybook.pid", String(process.pid));
if (args[0] === "dev") require("node:http").createServer((q, s) => s.end("storybook")).listen(Number(port), "127.0.0.1", () => console.log("listening " + port));
`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "storybook-scripts-"));
  await copyFile(join(example, "package.json"), join(dir, "package.json"));
  await writeFile(join(dir, "package.json"), (await readFile(join(dir, "package.json"), "utf8")).replace('"type": "module"', '"type": "commonjs"'));
  await mkdir(join(dir, "node_modules/.bin"), { recursive: true });
  for (const bin of ["storybook", "msw"]) {
    await writeFile(join(dir, "node_modules/.bin", bin), standIn);
    await chmod(join(dir, "node_modules/.bin", bin), 0o755);
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => resolve(socket.destroy() && true));
    socket.once("error", () => resolve(false));
  });

async function until(condition: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

describe("the Storybook example's npm run storybook", () => {
  it("is documented with its port variable", async () => {
    const readme = await readFile(join(example, "README.md"), "utf8");
    expect(readme).toContain("STORYBOOK_PORT=6007 npm run storybook");
  });

  it.each(["SIGTERM", "SIGINT"] as const)(
    "listens on STORYBOOK_PORT, and a %s to npm's process frees it",
    async (signal) => {
      const port = await freePort();
      const npm: ChildProcess = tracked(
        spawn("npm", ["run", "--silent", "storybook"], { cwd: dir, env: { ...process.env, STORYBOOK_PORT: String(port) }, stdio: "ignore" }),
      );
      expect(await until(() => listening(port), 15_000), `listening on ${port}`).toBe(true);
      npm.kill(signal);
      try {
        expect(await until(async () => !(await listening(port)), 5_000), `${port} freed`).toBe(true);
      } finally {
        // What npm's `sh` left, were it not exec'd, is no longer under npm: stopped by its pid.
        const pid = Number(await readFile(join(dir, "storybook.pid"), "utf8"));
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Gone, as it should be.
        }
      }
    },
    30_000,
  );
});
