// `npm run bench` (second part): paging a listing of 10,000 items, 100 a page, from a node:http
// server that answers each page after 20 ms, in both shapes (the envelope with a count, and
// the live service's has_next), at concurrency 1, 4 and 16. Goal per run: the time within
// 1.2 × ceil(pages / concurrency) round trips, and at most concurrency − 1 pages requested past
// the end. Each figure is the median of interleaved rounds.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildEntry, loadBuilt } from "./client-build.mjs";
import { median } from "./stats.mjs";

const total = 10_000;
const limit = 100;
const latencyMs = 20;
const rounds = Number(process.env.BENCH_PAGING_ROUNDS ?? 5);
const concurrencies = [1, 4, 16];
const shapes = /** @type {const} */ (["envelope", "has_next"]);
const path = "/api/environments/{project_id}/session_recordings/";

const { createClient } = await loadBuilt(await buildEntry());
const server = fork(fileURLToPath(new URL("./bench-paging-server.mjs", import.meta.url)), [String(total), String(latencyMs)], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const port = await new Promise((resolve, reject) => server.once("message", resolve).once("error", reject));
const baseUrl = `http://127.0.0.1:${port}`;
const api = /** @type {any} */ (createClient({ baseUrl, apiKey: "phx_bench_paging" }));
/** @returns {Promise<{ requests: number, pastEnd: number }>} */
const stats = async () => (await fetch(`${baseUrl}/stats`)).json();

/**
 * One paging of the whole listing: its time in ms and the pages asked for past the end.
 * @param {string} shape
 * @param {number} concurrency
 */
async function run(shape, concurrency) {
  await stats();
  const start = performance.now();
  let items = 0;
  for await (const item of api.paginate(path, { params: { path: { project_id: "1" }, query: { shape, limit } }, concurrency })) {
    void item;
    items++;
  }
  const ms = performance.now() - start;
  if (items !== total) throw new Error(`${shape} at concurrency ${concurrency} gave ${items} items, not ${total}`);
  return { ms, pastEnd: (await stats()).pastEnd };
}

try {
  // One round trip: a single page, the median of a few, on warm connections.
  const trips = [];
  for (let i = 0; i < 15; i++) {
    const start = performance.now();
    await api.GET(path, { params: { path: { project_id: "1" }, query: { shape: "envelope", limit, offset: 0 } } });
    trips.push(performance.now() - start);
  }
  const roundTrip = median(trips);
  /** @type {Record<string, { ms: number[], pastEnd: number[] }>} */
  const samples = {};
  const runs = shapes.flatMap((shape) => concurrencies.map((concurrency) => ({ shape, concurrency, key: `${shape} ×${concurrency}` })));
  for (const { key } of runs) samples[key] = { ms: [], pastEnd: [] };
  for (let round = 0; round < rounds; round++) {
    // Each round starts at the next run, so drift in load hits all alike.
    for (let i = 0; i < runs.length; i++) {
      const { shape, concurrency, key } = /** @type {(typeof runs)[number]} */ (runs[(round + i) % runs.length]);
      const { ms, pastEnd } = await run(shape, concurrency);
      samples[key]?.ms.push(ms);
      samples[key]?.pastEnd.push(pastEnd);
    }
  }
  const pages = Math.ceil(total / limit);
  console.log(`paging ${total} items, ${limit} a page (${pages} pages), ${latencyMs} ms server latency; round trip ${roundTrip.toFixed(1)} ms (median)`);
  console.log(`${rounds} interleaved rounds, medians; goal: ≤ 1.2 × ceil(pages / concurrency) × round trip, ≤ concurrency − 1 pages past the end`);
  for (const { shape, concurrency, key } of runs) {
    const { ms, pastEnd } = /** @type {{ ms: number[], pastEnd: number[] }} */ (samples[key]);
    const goal = 1.2 * Math.ceil(pages / concurrency) * roundTrip;
    const time = median(ms);
    const past = Math.max(...pastEnd);
    const met = time <= goal && past <= concurrency - 1;
    console.log(
      `  ${shape.padEnd(9)} concurrency ${String(concurrency).padStart(2)}: ${time.toFixed(0).padStart(5)} ms (goal ≤ ${goal.toFixed(0)} ms), ${past} page(s) past the end (most of ${rounds})  ${met ? "met" : "missed"}`,
    );
  }
} finally {
  server.kill();
}
