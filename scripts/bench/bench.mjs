// `npm run bench`: per-call time of this client, bare openapi-fetch and raw fetch + JSON.parse
// against the same in-process handler (a GET, a POST with a body, a page with and without
// Content-Length), then of this client and openapi-fetch with and without a timeout signal
// against a node:http server on loopback, and the min+gzip size of the entry with and without
// openapi-fetch.
import { fork } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import createFetchClient from "openapi-fetch";
import { parse } from "yaml";
import { bundlePath as specPath } from "../build/bundle.mjs";
import { buildEntry, loadBuilt } from "./client-build.mjs";
import { median } from "./stats.mjs";

// Many short rounds rather than a few long ones: on a shared machine, load drifts within seconds.
const iterations = Number(process.env.BENCH_ITERATIONS ?? 2_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 41);
const baseUrl = "https://us.posthog.com";
const apiKey = "phx_bench_0000000000000000000000000000000000000";

// The entry minified, as a user's bundler would: with openapi-fetch bundled in (the build
// whose client is timed below), and without it, which is what choosing this client adds.
const bundle = await buildEntry();
const ownCode = await buildEntry({ external: ["openapi-fetch"] });
const { createClient } = await loadBuilt(bundle);

// Payloads from the spec's own examples: one playlist, where the client's fixed cost shows
// most, and a page of 100 recordings, the listing's default page size.
const spec = parse(await readFile(specPath, "utf8"));
const playlist = spec.components.examples.Playlist.value;
const recording = spec.components.examples.SessionRecording.value;
const page = { count: 100, next: null, previous: null, results: Array.from({ length: 100 }, () => recording) };

/**
 * An in-process server as both clients' `fetch`: it reads a request's body whole before
 * answering, as a server does, and answers each call with a fresh Response holding `body` as
 * JSON. `withLength: false` sends no Content-Length, as a compressed or chunked answer arrives.
 * @param {unknown} body
 * @returns {(request: Request) => Promise<Response>}
 */
function handlerFor(body, status = 200, withLength = true) {
  const text = JSON.stringify(body);
  const headers = { "Content-Type": "application/json", ...(withLength ? { "Content-Length": String(Buffer.byteLength(text)) } : {}) };
  return async (request) => {
    if (request.body) await request.text();
    return new Response(text, { status, headers });
  };
}

/** @typedef {() => Promise<any>} Call */

/**
 * The three ways to make one call; `init` carries params and, for a POST, the body.
 * @param {(request: Request) => Promise<Response>} handler
 * @param {"GET" | "POST"} method
 * @param {string} path
 * @param {{ params: object, body?: object }} init
 * @param {string} url
 * @returns {Record<string, Call>}
 */
function variantsFor(handler, method, path, init, url) {
  const ours = /** @type {any} */ (createClient({ baseUrl, apiKey, fetch: handler }));
  // Called with a method picked at run time, which its types cannot follow.
  const bare = /** @type {any} */ (createFetchClient({ baseUrl, fetch: handler, headers: { Authorization: `Bearer ${apiKey}` } }));
  const headers = { Authorization: `Bearer ${apiKey}`, ...(init.body ? { "Content-Type": "application/json" } : {}) };
  return {
    "this client": async () => (await ours[method](path, init)).data,
    "bare openapi-fetch": async () => (await bare[method](path, init)).data,
    "raw fetch + JSON.parse": async () =>
      JSON.parse(await (await handler(new Request(url, { method, headers, body: init.body && JSON.stringify(init.body) }))).text()),
  };
}

/**
 * @param {Call} call
 * @param {number} iterations
 */
async function time(call, iterations) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await call();
  return Number(process.hrtime.bigint() - start) / iterations / 1000;
}

/**
 * @param {string} title
 * @param {number} iterations
 * @param {Record<string, Call>} variants
 * @param {(data: any) => boolean} check
 * @returns {Promise<{ "this client": number, [variant: string]: number }>}
 */
async function measure(title, iterations, variants, check) {
  for (const [name, call] of Object.entries(variants)) {
    if (!check(await call())) throw new Error(`${name} returned the wrong data`);
    await time(call, iterations);
  }
  // Rounds interleave the variants so drift in machine load hits all alike, each round starting
  // at the next variant, as the first of a round measures slower; the median is kept.
  /** @type {Record<string, number[]>} */
  const samples = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  const entries = Object.entries(variants);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < entries.length; i++) {
      const [name, call] = /** @type {[string, Call]} */ (entries[(round + i) % entries.length]);
      samples[name]?.push(await time(call, iterations));
    }
  }
  const perCall = Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
  const reference = /** @type {number} */ (perCall["bare openapi-fetch"]);
  console.log(`${title}: ${rounds} rounds × ${iterations} calls each, median per call`);
  for (const [name, us] of Object.entries(perCall)) {
    console.log(`  ${name.padEnd(36)} ${us.toFixed(2).padStart(8)} µs   ${(us / reference).toFixed(3)}× bare openapi-fetch`);
  }
  const ratios = Object.fromEntries(Object.entries(perCall).map(([name, us]) => [name, us / reference]));
  return { "this client": Number.NaN, ...ratios };
}

const playlistPath = "/api/environments/{project_id}/session_recording_playlists/{short_id}/";
const playlistParams = { path: { project_id: "28417", short_id: playlist.short_id } };
const { "this client": single } = await measure(
  "GET one playlist (1 kB)",
  iterations,
  variantsFor(
    handlerFor(playlist),
    "GET",
    playlistPath,
    { params: playlistParams },
    `${baseUrl}/api/environments/28417/session_recording_playlists/${playlist.short_id}/`,
  ),
  (data) => data?.short_id === playlist.short_id,
);
// A create whose body is about 1 kB of JSON, answered with the playlist.
const created = { name: playlist.name, description: "d".repeat(1_000 - JSON.stringify({ name: playlist.name, description: "" }).length), type: "collection" };
const { "this client": post } = await measure(
  "POST a playlist (1 kB body)",
  iterations,
  variantsFor(
    handlerFor(playlist, 201),
    "POST",
    "/api/environments/{project_id}/session_recording_playlists/",
    { params: { path: { project_id: "28417" } }, body: created },
    `${baseUrl}/api/environments/28417/session_recording_playlists/`,
  ),
  (data) => data?.short_id === playlist.short_id,
);
const listingPath = "/api/environments/{project_id}/session_recordings/";
const listingParams = { params: { path: { project_id: "28417" }, query: { limit: 100 } } };
const listingUrl = `${baseUrl}/api/environments/28417/session_recordings/?limit=100`;
const { "this client": listing } = await measure(
  "GET a page of 100 recordings (100 kB)",
  Math.ceil(iterations / 10),
  variantsFor(handlerFor(page), "GET", listingPath, listingParams, listingUrl),
  (data) => data?.results?.length === 100,
);
const { "this client": chunkedListing } = await measure(
  "GET a page of 100 recordings, no Content-Length (chunked or compressed)",
  Math.ceil(iterations / 10),
  variantsFor(handlerFor(page, 200, false), "GET", listingPath, listingParams, listingUrl),
  (data) => data?.results?.length === 100,
);

// The same GET through the real global fetch to a node:http server in another process, over
// keep-alive connections: what a user sees, network stack included. openapi-fetch with a
// timeout signal shows what a time limit alone costs, which bare openapi-fetch does without.
const server = fork(fileURLToPath(new URL("./bench-server.mjs", import.meta.url)), [JSON.stringify(playlist)], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const port = await new Promise((resolve, reject) => server.once("message", resolve).once("error", reject));
let loopback = Number.NaN;
let timedLoopback = Number.NaN;
try {
  const local = `http://127.0.0.1:${port}`;
  const ours = createClient({ baseUrl: local, apiKey });
  const bare = /** @type {any} */ (createFetchClient({ baseUrl: local, headers: { Authorization: `Bearer ${apiKey}` } }));
  ({ "this client": loopback, "openapi-fetch + AbortSignal.timeout": timedLoopback = Number.NaN } = await measure(
    "GET one playlist over loopback node:http, keep-alive",
    Math.ceil(iterations / 10),
    {
      "this client": async () => (await ours.GET(playlistPath, { params: playlistParams })).data,
      "bare openapi-fetch": async () => (await bare.GET(playlistPath, { params: playlistParams })).data,
      "openapi-fetch + AbortSignal.timeout": async () => (await bare.GET(playlistPath, { params: playlistParams, signal: AbortSignal.timeout(60_000) })).data,
    },
    (data) => data?.short_id === playlist.short_id,
  ));
} finally {
  server.kill();
}

const gzipped = gzipSync(bundle, { level: 9 }).length;
const published = gzipSync(ownCode, { level: 9 }).length;
const kB = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(2)} kB`;
console.log(`entry with openapi-fetch: ${kB(bundle.length)} minified, ${kB(gzipped)} min+gzip`);
console.log(`entry as published (openapi-fetch external, what choosing this client adds): ${kB(published)} min+gzip`);
const liveEntry = await buildEntry({}, "live.ts");
const livePublished = await buildEntry({ external: ["openapi-fetch"] }, "live.ts");
console.log(
  `session-recordings-api/live: ${kB(gzipSync(liveEntry, { level: 9 }).length)} min+gzip with openapi-fetch, ${kB(gzipSync(livePublished, { level: 9 }).length)} as published`,
);
const verdict = (/** @type {boolean} */ ok) => (ok ? "met" : "missed");
console.log("goals, as ratios to bare openapi-fetch:");
console.log(`  GET one playlist   ≤ 1.05×  ${verdict(single <= 1.05)} (${single.toFixed(3)}×)`);
console.log(`  POST with a body   ≤ 1.10×  ${verdict(post <= 1.1)} (${post.toFixed(3)}×)`);
console.log(`  GET a page         ≤ 1.03×  ${verdict(listing <= 1.03)} (${listing.toFixed(3)}×)`);
console.log(`  page, chunked      reported (${chunkedListing.toFixed(3)}×)`);
console.log(`  loopback GET       reported (${loopback.toFixed(3)}×; openapi-fetch with a timeout signal ${timedLoopback.toFixed(3)}×)`);
console.log(
  `  entry              ≤ 7.5 kB min+gzip, openapi-fetch included  ${verdict(gzipped <= 7.5 * 1024)} (${kB(gzipped)}; as published ${kB(published)})`,
);
