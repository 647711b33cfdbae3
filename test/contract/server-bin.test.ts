// The mock's bin (`session-recordings-api-mock`, bundled from the source as `npm run
// mock:stateful` bundles it) as real processes on 127.0.0.1: flags it cannot use stop it with exit code 2 and
// the usage; how it prints its address and warns of one other machines reach; a scenario it was
// started in outlasting POST /__mock/reset; and a stop of npm's process reaching it, under
// `npm run` and under npm exec (npx), while a parent that exits normally leaves it running; and
// no temporary file left by `npm run mock:stateful`, which bundles the bin at each start.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import mockPackage from "../../packages/mock/package.json";
import { killTree } from "../support/process-tree.js";

const root = new URL("../..", import.meta.url).pathname;
const work = await mkdtemp(join(tmpdir(), "server-bin-"));
// Bundled once, as scripts/servers/mock-server.mjs bundles it at every start (the npm cases below run that).
const bundled = join(work, "server-cli.mjs");
await build({
  entryPoints: [join(root, "src/mock/adapters/node-http/cli.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile: bundled,
  logLevel: "error",
});
const bin = [bundled];
const started: ChildProcess[] = [];
afterAll(async () => {
  // The whole tree: under npm, a test that failed midway holds npm, not the server under it. After
  // all, not after each (killedAfterEachTest): the refusals run concurrently, and one's end is not another's.
  for (const child of started) killTree(child);
  await rm(work, { recursive: true, force: true });
});

/** The environment without npm's variables, as a shell outside npm gives it. */
const outsideNpm = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("npm_")));

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Run {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  // "close", not "exit": the exit can come before the last of its output has been read.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * How long a start may take: under npm, npm's own start and the bundling come first, and beside the
 * rest of `npm test` on 2 cores that took over 30 s.
 */
const startWithin = 90_000;
/** A test's time when it starts a server: its start, and what it checks after. */
const startingTestTimeout = startWithin + 30_000;

/** The URL the server prints once it listens; rejects with its output if it exits or takes too long. */
function listening({ output, exited }: Run): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not listening within ${startWithin / 1000} s:\n${output()}`)), startWithin);
    const poll = setInterval(() => {
      const url = /listening on (\S+)/.exec(output())?.[1];
      if (!url) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve(url);
    }, 50);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before listening:\n${output()}`));
    });
  });
}

/** Exits within `ms`: its code, or "running". */
const exitWithin = (exited: Promise<number | null>, ms: number) =>
  Promise.race([exited, new Promise<"running">((resolve) => setTimeout(() => resolve("running"), ms))]);

const answers = (url: string) =>
  fetch(`${url}/api/projects/`, { headers: { Authorization: "Bearer phx_bin" }, signal: AbortSignal.timeout(10_000) }).then(
    () => true,
    () => false,
  );

/** Whether `url` stops answering within `ms`, polling. */
async function goneWithin(url: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!(await answers(url))) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

describe("the mock's bin refuses what it cannot use, with exit code 2 and its usage", () => {
  // At once: each is a process start, and the time is in waiting for it.
  it.concurrent.for([
    [["--scenario", "nope"], "--scenario must be one of empty, many-pages, rate-limited, flaky"],
    [["--port", "4031", "--port", "4032"], "--port is given twice"],
    [["--persist", ""], "--persist needs a value, got an empty one"],
    [["--host", ""], "--host needs a value, got an empty one"],
    [["--seed", "4294967296"], "--seed must be a whole number from 0 to 4294967295"],
    [["--seed", "-1"], "--seed needs a value; one starting with"],
    [["--verbose"], "unknown flag --verbose"],
    [["serve"], 'takes flags only; "serve" is not one'],
    [["--snapshot", "fixture.json", "--persist", "state.json"], "--snapshot and --persist cannot go together"],
    [["--allowed-host", "http://mock:4020"], '--allowed-host must be a host name such as mock or .example.test, or *; got "http://mock:4020"'],
  ] as const)("%j", async ([args, problem], { expect }) => {
    const refused = run(process.execPath, [...bin, ...args]);
    expect(await refused.exited).toBe(2);
    expect(refused.output()).toContain(`session-recordings-api-mock: ${problem}`);
    expect(refused.output()).toContain("usage: session-recordings-api-mock");
  });

  it("prints its version, and help that describes every flag and the record command without naming this repository's scripts", async () => {
    const version = run(process.execPath, [...bin, "--version"]);
    expect(await version.exited).toBe(0);
    expect(version.output()).toBe(`${mockPackage.version}\n`);
    const help = run(process.execPath, [...bin, "--help"]);
    expect(await help.exited).toBe(0);
    for (const flag of [
      "--port <n>",
      "--host <address>",
      "--seed <n>",
      "--persist <file>",
      "--snapshot <file>",
      "--scenario <name>",
      "--profile seed|live",
      "--admin-origin <origin>",
      "--allowed-host <name>",
      "--version",
      "--help",
    ])
      expect(help.output()).toMatch(new RegExp(`^ +(-h, )?${flag.replace(/[|]/g, "\\|")} +\\S`, "m"));
    // The bin's other command, which a newcomer looked for here.
    expect(help.output()).toMatch(/^ +session-recordings-api-mock record \[flags\] +record an account/m);
    expect(help.output()).not.toContain("npm run");
  });
});

it(
  "npm run mock:stateful leaves no temporary file, whether --help ends it or a stop comes the moment it listens",
  async () => {
    // Its own temporary folder, so what the run leaves there is what this start left.
    const temp = join(work, "tmp-of-a-start");
    await mkdir(temp);
    const env = { ...process.env, TMPDIR: temp };
    const help = run(process.execPath, ["scripts/servers/mock-server.mjs", "--help"], env);
    expect(await help.exited).toBe(0);
    const server = run(process.execPath, ["scripts/servers/mock-server.mjs", "--port", "0"], env);
    await listening(server);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(await readdir(temp)).toEqual([]);
  },
  startingTestTimeout,
);

it("npm run mock -- --help says what it does and starts no Prism", async () => {
  // A MOCK_PORT no Prism could start on: a run that got as far as starting one would exit 2 here.
  const help = run(process.execPath, ["scripts/servers/mock.mjs", "--help"], { ...process.env, MOCK_PORT: "0" });
  expect(await exitWithin(help.exited, 20_000)).toBe(0);
  expect(help.output()).toContain("usage: npm run mock");
  expect(help.output()).not.toContain("Prism is listening");
});

describe("the mock's bin on its address", () => {
  it(
    "prints an IPv6 address as a URL, and answers there",
    async () => {
      const server = run(process.execPath, [...bin, "--port", "0", "--host", "::1"]);
      const url = await listening(server);
      expect(url).toMatch(/^http:\/\/\[::1\]:\d+$/);
      expect(await answers(url)).toBe(true);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    },
    startingTestTimeout,
  );

  it("warns that an address other machines reach opens the admin routes to them (here before failing to start, so nothing listens)", async () => {
    const notAState = join(work, "not-a-state.json");
    await writeFile(notAState, "not JSON");
    const server = run(process.execPath, [...bin, "--port", "0", "--host", "0.0.0.0", "--persist", notAState]);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/warning: --host 0\.0\.0\.0 opens the mock to other machines, its admin routes \(\/__mock\/\) too/);
    expect(server.output()).not.toContain("listening on");
  });

  it(
    "takes the largest seed POST /__mock/scenario takes, and keeps --scenario rate-limited through POST /__mock/reset",
    async () => {
      const server = run(process.execPath, [...bin, "--port", "0", "--seed", "4294967295", "--scenario", "rate-limited"]);
      const url = await listening(server);
      const list = () => fetch(`${url}/api/projects/`, { headers: { Authorization: "Bearer phx_bin" } });
      expect((await list()).status).toBe(429);
      const reset = await fetch(`${url}/__mock/reset`, { method: "POST", headers: { "Content-Type": "application/json" } });
      expect(reset.status).toBe(204);
      expect((await list()).status).toBe(429);
      server.child.kill("SIGINT");
      expect(await server.exited).toBe(0);
    },
    startingTestTimeout,
  );
});

describe("a stop of npm's process reaches the server", () => {
  // Under npm run, npm's shell is the server's parent; under npm exec, a shell npm started.
  const mockStateful = ["run", "mock:stateful", "--", "--port", "0"];
  const npmExec = ["exec", "--", "node", "scripts/servers/mock-server.mjs", "--port", "0"];
  it.each([
    ["npm run mock:stateful", "SIGINT", mockStateful],
    ["npm run mock:stateful", "SIGTERM", mockStateful],
    ["npm exec (npx)", "SIGTERM", npmExec],
  ] as const)(
    "%s, %s to npm: npm exits and the server stops, its port free",
    async (_, signal, args) => {
      const npm = run("npm", [...args]);
      const url = await listening(npm);
      npm.child.kill(signal);
      expect(await exitWithin(npm.exited, 10_000)).not.toBe("running");
      expect(await goneWithin(url, 5_000)).toBe(true);
    },
    startingTestTimeout,
  );

  it(
    "started outside npm, it keeps running when its parent exits normally",
    async () => {
      const log = join(work, "background.log");
      const shell = run("sh", ["-c", `node ${bin[0]} --port 0 > ${log} 2>&1 & echo $!`], outsideNpm());
      expect(await shell.exited).toBe(0);
      const pid = Number(shell.output().trim());
      try {
        const { readFile } = await import("node:fs/promises");
        const url = await new Promise<string>((resolve, reject) => {
          const deadline = Date.now() + startWithin;
          const poll = setInterval(async () => {
            const found = /listening on (\S+)/.exec(await readFile(log, "utf8").catch(() => ""))?.[1];
            if (found || Date.now() > deadline) clearInterval(poll);
            if (found) resolve(found);
            else if (Date.now() > deadline) reject(new Error(`the background server did not start in ${startWithin / 1000} s`));
          }, 100);
        });
        // Past the 500 ms in which a server started by npm would have noticed its parent gone.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(await answers(url)).toBe(true);
      } finally {
        process.kill(pid, "SIGTERM");
      }
    },
    startingTestTimeout,
  );
});
