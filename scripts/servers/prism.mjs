// Starts and stops Prism on the bundled spec. Used by `npm start` and the contract tests'
// global setup, so both mock exactly what `npm run mock` does.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer, isIP } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { bundlePath } from "../build/bundle.mjs";

const require = createRequire(import.meta.url);
const prismCli = require.resolve("@stoplight/prism-cli/dist/index.js");
const exitWithParent = new URL("./exit-with-parent.mjs", import.meta.url).href;
/**
 * The installed Prism's version, for reports that name it.
 * @type {string}
 */
export const prismVersion = require("@stoplight/prism-cli/package.json").version;

/**
 * A port that was free a moment ago on `host`.
 * @returns {Promise<number>}
 */
export function freePort(host = "127.0.0.1") {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, host, () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** The address the description's `x-faker` page links name: Prism's default. */
const describedOrigin = "http://127.0.0.1:4010";

/**
 * A copy of the bundled description for a Prism on `origin`, in a folder of its own, and how to
 * remove it: the generated `next` and `previous` links point at the Prism that answers them.
 * @param {string} origin
 */
function descriptionFor(origin) {
  const dir = mkdtempSync(join(tmpdir(), "prism-"));
  const file = join(dir, "openapi.yaml");
  writeFileSync(file, readFileSync(bundlePath, "utf8").replaceAll(`${describedOrigin}/api/`, `${origin}/api/`));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Runs `prism mock` and resolves once it listens. `dynamic` serves generated data instead of
 * the spec's examples (`seed` makes it repeatable). Prism validates every request against the spec.
 * @param {{ host?: string, port?: number, dynamic?: boolean, seed?: string | number, log?: (text: string) => void, readyTimeoutMs?: number }} [options]
 * @returns {Promise<{ url: string, stop: () => Promise<void>, child: import("node:child_process").ChildProcess }>}
 */
export function startPrism({ host = "127.0.0.1", port = 4010, dynamic = false, seed, log = () => {}, readyTimeoutMs = 60_000 } = {}) {
  const url = `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
  const description = descriptionFor(url);
  // Prism stops with its parent, however the parent goes.
  const args = ["--import", exitWithParent, prismCli, "mock", description.file, "--host", host, "--port", String(port)];
  // Without fillProperties off, generated objects get random extra properties: in dynamic mode
  // and for `Prefer: dynamic=true` on the example mock alike.
  args.push("--json-schema-faker-fillProperties=false");
  if (dynamic) args.push("--dynamic");
  if (seed !== undefined) args.push("--seed", String(seed));
  // Its own process group: a terminal's Ctrl-C reaches only our process, which stops Prism
  // in order; and Prism is killed if our process exits any other way.
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
  const killOnExit = () => {
    child.kill("SIGKILL");
    description.remove();
  };
  process.once("exit", killOnExit);
  child.once("exit", () => {
    process.off("exit", killOnExit);
    description.remove();
  });
  let output = "";

  /** @returns {Promise<void>} */
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    });

  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`Prism did not start on ${url} within ${readyTimeoutMs} ms:\n${output}`));
    }, readyTimeoutMs);
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      const text = chunk.toString();
      output += text;
      log(text);
      if (output.includes("Prism is listening on")) {
        clearTimeout(timer);
        resolve({ url, stop, child });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (${signal ?? code}) before listening on ${url}:\n${output}`));
    });
  });
  return ready;
}
