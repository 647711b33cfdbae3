// `npm run bench:mock`: the stateful mock against Prism's example mock on the same request
// mix (GET one playlist, GET a page of recordings, POST a playlist), 10 connections each, in
// interleaved rounds; the engine's in-process time per request; the server's memory over
// 100,000 requests; and the rate of creates a --persist server acknowledges, each one on disk
// before its 201. The page is two recordings, the size of Prism's example page, so both
// servers send the same amount; BENCH_PAGE sets another size.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSource } from "./lib/load-source.mjs";
import { freePort, prismVersion, startPrism } from "./lib/prism.mjs";
import { median } from "./lib/stats.mjs";

/**
 * autocannon ships no types: these are the parts used here.
 * @typedef {{ method: string, path: string, headers: Record<string, string>, body?: string }} LoadRequest
 * @typedef {{ url: string, connections: number, requests: LoadRequest[], duration?: number, amount?: number }} LoadOptions
 * @typedef {{ non2xx: number, requests: { average: number }, latency: { p99: number } }} LoadResult
 */
/** @type {(options: LoadOptions) => Promise<LoadResult>} */
const autocannon = createRequire(import.meta.url)("autocannon");

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const pageSize = Number(process.env.BENCH_PAGE ?? 2);
const headers = { Authorization: "Bearer phx_bench", "Content-Type": "application/json" };
/** @type {LoadRequest[]} */
const mix = [
  { method: "GET", path: "/api/environments/28417/session_recording_playlists/Ub3KpD7w/", headers },
  { method: "GET", path: `/api/environments/28417/session_recordings/?limit=${pageSize}`, headers },
  { method: "POST", path: "/api/environments/28417/session_recording_playlists/", headers, body: JSON.stringify({ name: "Bench", type: "collection" }) },
];

/**
 * The stateful mock in its own process, so its memory is its own.
 * @param {string[]} [args] more arguments, such as --persist
 */
async function startStatefulProcess(args = []) {
  const child = spawn(process.execPath, ["scripts/mock-server.mjs", "--port", String(await freePort()), ...args], { stdio: ["ignore", "pipe", "inherit"] });
  /** @type {string} */
  const url = await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      const match = /listening on (\S+)/.exec(String(chunk));
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", () => reject(new Error("the stateful mock exited")));
  });
  const rssMb = () => Number(/** @type {RegExpExecArray} */ (/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8")))[1]) / 1024;
  /** Stops it and resolves once it has exited (a --persist server saves its last change first). */
  const stop = () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    return exited;
  };
  return { url, rssMb, stop };
}

/**
 * @param {string} url
 * @param {Partial<LoadOptions>} options
 */
const load = (url, options) => autocannon({ url, connections: 10, requests: mix, ...options });

const stateful = await startStatefulProcess();
const prism = await startPrism({ port: await freePort() });
/** @typedef {"stateful" | "prism"} Server */
/** @type {Record<Server, { rps: number, p99: number }[]>} */
const results = { stateful: [], prism: [] };
try {
  for (let round = 0; round < rounds; round++) {
    /** @type {[Server, string][]} */
    const order =
      round % 2
        ? [
            ["prism", prism.url],
            ["stateful", stateful.url],
          ]
        : [
            ["stateful", stateful.url],
            ["prism", prism.url],
          ];
    for (const [name, url] of order) {
      const result = await load(url, { duration: seconds });
      if (result.non2xx) console.warn(`${name}: ${result.non2xx} answers were not 2XX`);
      results[name].push({ rps: result.requests.average, p99: result.latency.p99 });
    }
  }

  /** @type {typeof import("../src/mock/index.js")} */
  const { createMock } = await loadSource("src/mock/index.ts");
  const mock = createMock();
  const inProcess = [];
  for (let round = 0; round < rounds; round++) {
    const count = 3_000;
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const { method, path, body } = /** @type {LoadRequest} */ (mix[i % mix.length]);
      const response = await mock.fetch(`http://mock.local${path}`, { method, headers, body });
      await response.arrayBuffer();
    }
    inProcess.push(((performance.now() - started) * 1000) / count);
    mock.reset();
  }

  // Memory over 100,000 reads: writes grow the state by design, so the check is on the GETs.
  const before = stateful.rssMb();
  await autocannon({ url: stateful.url, connections: 10, amount: 100_000, requests: mix.slice(0, 2) });
  const after = stateful.rssMb();

  // Creates only, against a server that answers each once it is on disk.
  const folder = await mkdtemp(join(tmpdir(), "bench-persist-"));
  /** @type {{ rps: number, p99: number }[]} */
  const persisted = [];
  let savedMb = 0;
  try {
    const file = join(folder, "state.json");
    const persisting = await startStatefulProcess(["--persist", file]);
    try {
      for (let round = 0; round < rounds; round++) {
        const result = await load(persisting.url, { duration: seconds, requests: mix.slice(2) });
        if (result.non2xx) console.warn(`--persist: ${result.non2xx} creates were not 2XX`);
        persisted.push({ rps: result.requests.average, p99: result.latency.p99 });
      }
    } finally {
      await persisting.stop();
    }
    // Each save writes the whole state, so the rate falls as the creates grow it.
    savedMb = (await stat(file)).size / 1024 / 1024;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  const rps = { stateful: median(results.stateful.map((r) => r.rps)), prism: median(results.prism.map((r) => r.rps)) };
  console.log(`\n${rounds} interleaved rounds of ${seconds} s, 10 connections, mix: GET playlist, GET ${pageSize} recordings, POST playlist (medians)\n`);
  console.log("| server | requests/s | p99 latency |");
  console.log("|---|---|---|");
  for (const name of /** @type {Server[]} */ (["stateful", "prism"]))
    console.log(
      `| ${name === "stateful" ? "stateful mock (node:http)" : `Prism ${prismVersion} (examples)`} | ${Math.round(rps[name])} | ${median(results[name].map((r) => r.p99))} ms |`,
    );
  console.log(`\nstateful / Prism requests per second: ${(rps.stateful / rps.prism).toFixed(1)}×`);
  console.log(`engine in-process: ${median(inProcess).toFixed(1)} µs per request of the mix`);
  console.log(`stateful mock RSS over 100,000 GETs: ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after`);
  console.log(
    `--persist: ${Math.round(median(persisted.map((r) => r.rps)))} acknowledged creates/s, each on disk before its 201 (p99 ${median(persisted.map((r) => r.p99))} ms, 10 connections; the file grew to ${savedMb.toFixed(1)} MB)`,
  );
} finally {
  stateful.stop();
  await prism.stop();
}
