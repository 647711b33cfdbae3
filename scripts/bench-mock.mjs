// `npm run bench:mock`: the stateful mock against Prism's example mock on the same request
// mix (GET one playlist, GET a page of recordings, POST a playlist), 10 connections each, in
// interleaved rounds; the engine's in-process time per request; the server's memory over
// 100,000 requests; the rate of creates a --persist server acknowledges, each one on disk
// before its 201, on the seed state and on one of 20,000 playlists (a create should cost what
// it writes, not what the state holds); and the time of a listing of 100 playlists whose
// collections hold 1,000 each of 10,000 recordings, beside the seed's. The page is two
// recordings, the size of Prism's example page, so both servers send the same amount;
// BENCH_PAGE sets another size.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { grownState } from "./lib/grown-state.mjs";
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

  // Creates only, against a server that answers each once it is on disk: on the seed state, and on one of 20,000 more playlists.
  const folder = await mkdtemp(join(tmpdir(), "bench-persist-"));
  /** @type {Record<"seed" | "grown", { rps: number, p99: number }[]>} */
  const persisted = { seed: [], grown: [] };
  /** @type {Record<"seed" | "grown", number>} */
  const savedMb = { seed: 0, grown: 0 };
  try {
    const files = { seed: join(folder, "seed.json"), grown: join(folder, "grown.json") };
    await writeFile(files.grown, JSON.stringify(grownState(createMock().snapshot(), { playlists: 20_000 })));
    const servers = { seed: await startStatefulProcess(["--persist", files.seed]), grown: await startStatefulProcess(["--persist", files.grown]) };
    try {
      for (let round = 0; round < rounds; round++) {
        /** @type {("seed" | "grown")[]} */
        const order = round % 2 ? ["grown", "seed"] : ["seed", "grown"];
        for (const name of order) {
          const result = await load(servers[name].url, { duration: seconds, requests: mix.slice(2) });
          if (result.non2xx) console.warn(`--persist (${name}): ${result.non2xx} creates were not 2XX`);
          persisted[name].push({ rps: result.requests.average, p99: result.latency.p99 });
        }
      }
    } finally {
      await Promise.all([servers.seed.stop(), servers.grown.stop()]);
    }
    for (const name of /** @type {const} */ (["seed", "grown"])) savedMb[name] = (await stat(files[name])).size / 1024 / 1024;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  // A listing whose recordings_counts cover 100,000 memberships, beside the seed's listing.
  const listing = "http://mock.local/api/environments/28417/session_recording_playlists/?limit=100";
  /** @param {any} listed */
  const timeListing = async (listed) => {
    const times = [];
    for (let round = 0; round < Math.max(rounds, 5); round++) {
      const started = performance.now();
      const response = await listed.fetch(listing, { headers });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    return median(times);
  };
  const seedListingMs = await timeListing(createMock());
  const big = createMock();
  big.restore(grownState(big.snapshot(), { recordings: 10_000, playlists: 100, members: 1_000 }));
  const bigListingMs = await timeListing(big);

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
  const persistedRps = { seed: median(persisted.seed.map((r) => r.rps)), grown: median(persisted.grown.map((r) => r.rps)) };
  console.log("\n--persist, creates only, each on disk before its 201 (10 connections, medians):\n");
  console.log("| state | acknowledged creates/s | p99 latency | file at the end |");
  console.log("|---|---|---|---|");
  for (const name of /** @type {const} */ (["seed", "grown"]))
    console.log(
      `| ${name === "seed" ? "seed" : "seed + 20,000 playlists"} | ${Math.round(persistedRps[name])} | ${median(persisted[name].map((r) => r.p99))} ms | ${savedMb[name].toFixed(1)} MB |`,
    );
  console.log(`\na persisted create at 20,000 playlists costs ${(persistedRps.seed / persistedRps.grown).toFixed(2)}× one on the seed state (goal ≤ 2.5×)`);
  console.log(
    `GET 100 playlists in-process: ${seedListingMs.toFixed(1)} ms on the seed state, ${bigListingMs.toFixed(1)} ms when each holds 1,000 of 10,000 recordings (goal < 500 ms)`,
  );
} finally {
  stateful.stop();
  await prism.stop();
}
