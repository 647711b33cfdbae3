// `npm run bench:mock`: the stateful mock beside the runtime it runs on and beside Prism, with
// wrk (a load generator in JavaScript caps the bare server's figure and flatters the ratio).
// One method for every figure of a server: each server in a process of its own, pinned to the
// first core, and wrk (one thread) pinned to the second, so neither takes the other's CPU and the
// load generator is never what caps a fast server; a warm-up run of each server on each request,
// discarded; interleaved rounds; medians; the load average before and after.
// 1. Against a bare node:http server answering the mock's own bytes (status, header lines and
//    body, taken from the mock at the start, the bare server started as the mock is), on the seed
//    profile's starting state: GET one playlist, the playlists listing and the recordings listing
//    (`limit=100`), and a create; the mock's state is put back before each of its runs, so
//    creates never pile up across runs. With each, p99 at 10 connections and the CPU time the
//    server spent per request, which a busy machine disturbs less than requests per second.
// 2. Against Prism's example mock, on a mix (GET one playlist, GET a page of recordings, POST).
// 3. The engine's in-process time; the server's memory after 100,000 and 1,000,000 requests.
// 4. The rate of creates a --persist server acknowledges, each on disk before its 201, on the
//    seed state and on one of 20,000 playlists (a create should cost what it writes, not what
//    the state holds); the time of a whole write of that state (what a compaction and a stop
//    write) in the form the server writes, record's readable form in the file's own time frame,
//    beside the compact JSON it wrote before; and the time of a listing of 100 playlists whose
//    collections hold 1,000 each of 10,000 recordings, beside the seed's.
// BENCH_ROUNDS, BENCH_SECONDS, BENCH_PAGE (the mix's page of recordings, Prism's example page
// by default), BENCH_MEMORY (requests of the long run, default 1,000,000; 0 skips it),
// BENCH_SHARES_ONLY=1 (part 1 alone).
import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { loadSource } from "../lib/load-source.mjs";
import { freePort, prismVersion, startPrism } from "../servers/prism.mjs";
import { grownState } from "./grown-state.mjs";
import { median } from "./stats.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const pageSize = Number(process.env.BENCH_PAGE ?? 2);
const memoryRequests = Number(process.env.BENCH_MEMORY ?? 1_000_000);
const sharesOnly = process.env.BENCH_SHARES_ONLY === "1";
// The servers on the first core, wrk on the second; on one core there is nothing to pin.
const pinning = cpus().length >= 2;
const wrkArgs = ["-t1", "-c10", `-d${seconds}s`, "--latency"];
const warmUpArgs = ["-t1", "-c10", "-d2s", "--latency"];
const key = "Bearer phx_bench";
const headers = { Authorization: key, "Content-Type": "application/json" };
const project = "/api/environments/28417";
const onePlaylist = `${project}/session_recording_playlists/Ub3KpD7w/`;
const playlists = `${project}/session_recording_playlists/`;
const createBody = JSON.stringify({ name: "Bench", type: "collection" });

/**
 * @typedef {{ method: string, path: string, body?: string }} BenchRequest
 * @typedef {{ requests: number, wrkBusy: number, rps: number, p99: number, cpuUs: number, non2xx: number }} Run
 */
/** Each with the share of bare node:http it is to reach, and the p99 under which it is to answer (ms). */
/** @type {Record<"get" | "list" | "recordings" | "create", BenchRequest & { label: string, goal: number, p99Goal: number }>} */
const routes = {
  get: { label: "GET one playlist", method: "GET", path: onePlaylist, goal: 0.5, p99Goal: 10 },
  list: { label: "GET the playlists (limit=100)", method: "GET", path: `${playlists}?limit=100`, goal: 0.5, p99Goal: 10 },
  recordings: { label: "GET the recordings (limit=100)", method: "GET", path: `${project}/session_recordings/?limit=100`, goal: 0.5, p99Goal: 10 },
  create: { label: "POST a playlist", method: "POST", path: playlists, body: createBody, goal: 0.3, p99Goal: 10 },
};
/** @type {BenchRequest[]} */
const mix = [routes.get, { method: "GET", path: `${project}/session_recordings/?limit=${pageSize}` }, routes.create];

const folder = await mkdtemp(join(tmpdir(), "bench-mock-"));
/** Lua strings: JSON's escapes of ASCII text are Lua's too. */
const lua = (/** @type {string} */ text) => JSON.stringify(text);
/**
 * A wrk script sending `requests` in turn.
 * @param {string} name
 * @param {BenchRequest[]} requests
 */
async function wrkScript(name, requests) {
  const file = join(folder, `${name}.lua`);
  const formatted = requests.map((r) => `wrk.format(${lua(r.method)}, ${lua(r.path)}, nil, ${r.body === undefined ? "nil" : lua(r.body)})`);
  await writeFile(
    file,
    [
      `wrk.headers["Authorization"] = ${lua(key)}`,
      `wrk.headers["Content-Type"] = "application/json"`,
      "local requests, turn = {}, 0",
      `init = function() requests = { ${formatted.join(", ")} } end`,
      "request = function() turn = turn + 1; return requests[(turn - 1) % #requests + 1] end",
    ].join("\n"),
  );
  return file;
}

/**
 * A command and its arguments, run on `core` alone when there are cores to pin.
 * @param {number} core
 * @param {string} command
 * @param {string[]} args
 * @returns {[string, string[]]}
 */
const pinned = (core, command, args) => (pinning ? ["taskset", ["-c", String(core), command, ...args]] : [command, args]);

/** Pins a started server, every thread of it (node's workers, libuv's pool), to the first core. */
async function pin(/** @type {number} */ pid) {
  if (pinning) await promisify(execFile)("taskset", ["-a", "-cp", "0", String(pid)]);
}

/** The CPU time a process has spent, in µs (utime + stime, at the kernel's 100 ticks a second). */
function cpuUs(/** @type {number} */ pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** @param {string} text wrk's latency such as `812.00us`, `1.20ms`, `2.01s` */
const ms = (text) => {
  const [, value, unit] = /** @type {RegExpExecArray} */ (/([\d.]+)(us|ms|s)/.exec(text));
  return Number(value) * (unit === "us" ? 0.001 : unit === "ms" ? 1 : 1000);
};

/**
 * One wrk run against `url` with `script`, and the CPU the server `pid` spent per request.
 * @param {string} url
 * @param {string} script
 * @param {number} pid
 * @param {string[]} [args]
 * @returns {Promise<Run>}
 */
async function wrk(url, script, pid, args = wrkArgs) {
  const before = cpuUs(pid);
  const begun = performance.now();
  // Through a shell that prints its waited-for children's CPU time after wrk's output, so the
  // run says whether wrk had CPU to spare: a load generator at its core's limit caps the figure.
  const [command, commandArgs] = pinned(1, "wrk", [...args, "-s", script, url]);
  const { stdout } = await promisify(execFile)("sh", ["-c", '"$@"; echo "children $(cut -d" " -f16,17 /proc/$$/stat)"', "sh", command, ...commandArgs]);
  const wall = performance.now() - begun;
  const spent = cpuUs(pid) - before;
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1]);
  const [childUser, childSystem] = (/children (\d+) (\d+)/.exec(stdout) ?? []).slice(1).map(Number);
  return {
    requests,
    wrkBusy: (((childUser ?? Number.NaN) + (childSystem ?? Number.NaN)) * 10) / wall,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]),
    p99: ms(/ 99%\s+(\S+)/.exec(stdout)?.[1] ?? "NaNms"),
    cpuUs: spent / requests,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0),
  };
}

/**
 * A process printing `listening on <url>` (the stateful mock) or sending its port (the bare server).
 * @param {import("node:child_process").ChildProcess} child
 */
async function started(child) {
  /** @type {string} */
  const url = await new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      const match = /listening on (\S+)/.exec(String(chunk));
      if (match?.[1]) resolve(match[1]);
    });
    child.once("message", (port) => resolve(`http://127.0.0.1:${port}`));
    child.once("exit", () => reject(new Error("a bench server exited")));
  });
  const pid = /** @type {number} */ (child.pid);
  await pin(pid);
  const rssMb = () => Number(/** @type {RegExpExecArray} */ (/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8")))[1]) / 1024;
  /** Stops it and resolves once it has exited (a --persist server saves its last change first). */
  const stop = () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    return exited;
  };
  return { url, pid, rssMb, stop };
}

/**
 * The stateful mock in its own process, so its memory and CPU are its own.
 * @param {string[]} [args] more arguments, such as --persist
 */
const startStateful = async (args = []) =>
  started(spawn(process.execPath, ["scripts/servers/mock-server.mjs", "--port", String(await freePort()), ...args], { stdio: ["ignore", "pipe", "inherit"] }));

/** @typedef {{ status: number, rawHeaders: string[], body: string }} Wire */
/**
 * One exchange over HTTP/1.1, its header lines as sent.
 * @param {string} url
 * @param {BenchRequest} request
 * @returns {Promise<Wire>}
 */
function exchange(url, { method, path, body }) {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${url}${path}`, { method, headers }, (response) => {
      const chunks = /** @type {Buffer[]} */ ([]);
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: /** @type {number} */ (response.statusCode), rawHeaders: response.rawHeaders, body: Buffer.concat(chunks).toString() }),
      );
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

/** The header lines node:http adds itself (the bare server's add the same), as name/value pairs. */
const ownLines = (/** @type {string[]} */ raw) => {
  const lines = /** @type {[string, string][]} */ ([]);
  for (let i = 0; i < raw.length; i += 2)
    if (!/^(date|connection|keep-alive)$/i.test(/** @type {string} */ (raw[i])))
      lines.push([/** @type {string} */ (raw[i]), /** @type {string} */ (raw[i + 1])]);
  return lines;
};

/** A bare node:http server answering the mock's `wire` bytes, started as the mock is; checked to send them. */
async function startBare(/** @type {Wire} */ wire, /** @type {BenchRequest} */ request, /** @type {string} */ name) {
  const file = join(folder, `${name}.wire.json`);
  await writeFile(file, JSON.stringify({ status: wire.status, headers: ownLines(wire.rawHeaders), body: wire.body }));
  const bare = await started(spawn(process.execPath, ["scripts/bench/bench-server.mjs", "--wire", file], { stdio: ["ignore", "pipe", "inherit"] }));
  const echoed = await exchange(bare.url, request);
  const same = (/** @type {Wire} */ w) => JSON.stringify([w.status, w.rawHeaders.filter((_, i) => !/^date$/i.test(w.rawHeaders[i - (i % 2)] ?? "")), w.body]);
  if (same(echoed) !== same(wire)) throw new Error(`the bare server's answer to ${request.method} ${request.path} is not the mock's bytes`);
  return bare;
}

/** Puts `state` back in the mock over its admin route. */
async function putState(/** @type {string} */ url, /** @type {string} */ state) {
  const response = await fetch(`${url}/__mock/state`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: state });
  if (response.status !== 204) throw new Error(`PUT /__mock/state answered ${response.status}`);
}

/** How many playlists the mock's listing counts. */
async function playlistCount(/** @type {string} */ url) {
  const response = await fetch(`${url}${playlists}?limit=1`, { headers });
  return /** @type {{ count: number }} */ (await response.json()).count;
}

/** @param {Run[]} runs */
const medians = (runs) => ({
  rps: median(runs.map((r) => r.rps)),
  p99: median(runs.map((r) => r.p99)),
  cpuUs: median(runs.map((r) => r.cpuUs)),
  wrkBusy: median(runs.map((r) => r.wrkBusy)),
});

/** @type {typeof import("../../src/mock/index.js")} */
const { createMock } = await loadSource("src/mock/index.ts");
const { snapshotFileText } = await loadSource("src/mock/state/snapshot-file.ts");
const { writeDurably } = await loadSource("src/mock/persistence/files.ts");
const stateful = await startStateful();
// The seed profile's starting state, as the server made it: put back before each of the mock's runs.
const seedState = await (await fetch(`${stateful.url}/__mock/state`)).text();
const prism = sharesOnly ? undefined : await startPrism({ port: await freePort() });
if (prism) await pin(/** @type {number} */ (prism.child.pid));
const loadBefore = loadavg();
/** @type {Awaited<ReturnType<typeof startBare>>[]} */
const bares = [];
try {
  // Part 1: the mock beside bare node:http answering its own bytes, each after a warm-up run of it.
  /** @type {Record<keyof typeof routes, { bare: Awaited<ReturnType<typeof startBare>>, script: string, mock: Run[], node: Run[] }>} */
  const side = /** @type {any} */ ({});
  for (const [name, route] of /** @type {[keyof typeof routes, typeof routes.get][]} */ (Object.entries(routes))) {
    await putState(stateful.url, seedState);
    const wire = await exchange(stateful.url, route);
    if (wire.status >= 300) throw new Error(`the mock answered ${route.method} ${route.path} with ${wire.status}`);
    const bare = await startBare(wire, route, name);
    bares.push(bare);
    const script = await wrkScript(name, [route]);
    await wrk(stateful.url, script, stateful.pid, warmUpArgs);
    await wrk(bare.url, script, bare.pid, warmUpArgs);
    side[name] = { bare, script, mock: [], node: [] };
  }
  // The most playlists a run of creates left: the state is put back before each run, so this is one run's growth.
  let grownTo = 0;
  for (let round = 0; round < rounds; round++) {
    for (const name of /** @type {(keyof typeof routes)[]} */ (Object.keys(routes))) {
      const { bare, script, mock, node } = side[name];
      for (const which of round % 2 ? ["node", "mock"] : ["mock", "node"]) {
        if (which === "mock") await putState(stateful.url, seedState);
        const run = which === "mock" ? await wrk(stateful.url, script, stateful.pid) : await wrk(bare.url, script, bare.pid);
        if (run.non2xx) console.warn(`${which === "mock" ? "stateful mock" : "bare node:http"}, ${routes[name].label}: ${run.non2xx} answers were not 2XX`);
        (which === "mock" ? mock : node).push(run);
        if (which === "mock" && routes[name].method === "POST") grownTo = Math.max(grownTo, await playlistCount(stateful.url));
      }
    }
  }
  await Promise.all(bares.map((bare) => bare.stop()));
  bares.length = 0;
  const loadAfter = loadavg();
  const placement = pinning
    ? "each server in its own process pinned to core 0, wrk to core 1"
    : "one core: servers and wrk unpinned, so wrk takes the server's CPU and the shares read low";
  console.log(
    `\nwrk ${wrkArgs.join(" ")}, ${placement}; a 2 s warm-up of each server on each request, discarded; ${rounds} interleaved rounds, medians; seed starting state, put back before each of the mock's runs; load average ${loadBefore[0]?.toFixed(2)} before, ${loadAfter[0]?.toFixed(2)} after, on ${cpus().length} cores`,
  );
  console.log(
    `reproduce: BENCH_ROUNDS=${rounds} BENCH_SECONDS=${seconds} BENCH_PAGE=${pageSize} BENCH_MEMORY=${memoryRequests}${sharesOnly ? " BENCH_SHARES_ONLY=1" : ""} npm run bench:mock\n`,
  );
  console.log(
    "| request | stateful mock req/s | bare node:http req/s, same bytes | share (goal) | p99 mock / bare (goal) | CPU per request mock / bare | wrk's core busy, mock / bare runs |",
  );
  console.log("|---|---|---|---|---|---|---|");
  /** @type {string[]} */
  const summary = [];
  for (const [name, route] of /** @type {[keyof typeof routes, typeof routes.get][]} */ (Object.entries(routes))) {
    const mockRun = medians(side[name].mock);
    const nodeRun = medians(side[name].node);
    const share = mockRun.rps / nodeRun.rps;
    const met = share >= route.goal && mockRun.p99 < route.p99Goal;
    summary.push(`${name} ${(100 * share).toFixed(0)}% (p99 ${mockRun.p99} ms)${met ? "" : " MISSED"}`);
    console.log(
      `| ${route.label} | ${Math.round(mockRun.rps)} | ${Math.round(nodeRun.rps)} | ${(100 * share).toFixed(0)}% (≥ ${100 * route.goal}%) | ${mockRun.p99} / ${nodeRun.p99} ms (< ${route.p99Goal}) | ${mockRun.cpuUs.toFixed(0)} / ${nodeRun.cpuUs.toFixed(0)} µs | ${(100 * mockRun.wrkBusy).toFixed(0)}% / ${(100 * nodeRun.wrkBusy).toFixed(0)}% |`,
    );
  }
  console.log(`\nstateful mock / bare node:http: ${summary.join("; ")}`);
  console.log(`a run of creates left at most ${grownTo.toLocaleString("en")} playlists (the seed's 12 and what it made)`);

  if (!sharesOnly) await otherParts(/** @type {NonNullable<typeof prism>} */ (prism), side.create.script);
} finally {
  await Promise.all([stateful.stop(), ...bares.map((bare) => bare.stop())]);
  await prism?.stop();
  await rm(folder, { recursive: true, force: true });
}

/**
 * Parts 2 to 4.
 * @param {Awaited<ReturnType<typeof startPrism>>} prism
 * @param {string} createScript
 */
async function otherParts(prism, createScript) {
  // Part 2: the mock beside Prism, on the mix.
  await putState(stateful.url, seedState);
  const mixScript = await wrkScript("mix", mix);
  /** @type {Record<"stateful" | "prism", Run[]>} */
  const versus = { stateful: [], prism: [] };
  const prismPid = /** @type {number} */ (prism.child.pid);
  for (let round = 0; round < rounds; round++) {
    /** @type {("prism" | "stateful")[]} */
    const order = round % 2 ? ["prism", "stateful"] : ["stateful", "prism"];
    for (const name of order) {
      const run = name === "prism" ? await wrk(prism.url, mixScript, prismPid) : await wrk(stateful.url, mixScript, stateful.pid);
      if (run.non2xx) console.warn(`${name}: ${run.non2xx} answers were not 2XX`);
      versus[name].push(run);
    }
  }

  // Part 3: the engine in process; the memory of a fresh server over a long run of reads
  // (writes grow the state by design): after the first 10%, and at the end.
  const mock = createMock();
  const inProcess = [];
  for (let round = 0; round < rounds; round++) {
    const count = 3_000;
    const begun = performance.now();
    for (let i = 0; i < count; i++) {
      const { method, path, body } = /** @type {BenchRequest} */ (mix[i % mix.length]);
      const response = await mock.fetch(`http://mock.local${path}`, { method, headers, body });
      await response.arrayBuffer();
    }
    inProcess.push(((performance.now() - begun) * 1000) / count);
    mock.reset();
  }
  /** @type {{ at: number, rssMb: number }[]} */
  const memory = [];
  /** @type {number[]} */
  const longP99s = [];
  if (memoryRequests > 0) {
    const fresh = await startStateful();
    try {
      // wrk runs for a time, not a count: runs of 2 s until each mark is passed.
      const reads = await wrkScript("reads", mix.slice(0, 2));
      let sent = 0;
      for (const mark of [memoryRequests / 10, memoryRequests]) {
        while (sent < mark) {
          const run = await wrk(fresh.url, reads, fresh.pid, ["-t2", "-c10", "-d2s", "--latency"]);
          sent += run.requests;
          longP99s.push(run.p99);
        }
        memory.push({ at: sent, rssMb: fresh.rssMb() });
      }
    } finally {
      await fresh.stop();
    }
  }
  const longP99 = longP99s.length ? median(longP99s) : Number.NaN;

  // Part 4: creates only, against a server that answers each once it is on disk: on the seed state, and on one of 20,000 more playlists.
  const persistFolder = join(folder, "persist");
  /** @type {Record<"seed" | "grown", Run[]>} */
  const persisted = { seed: [], grown: [] };
  /** @type {Record<"seed" | "grown", number>} */
  const savedMb = { seed: 0, grown: 0 };
  const files = { seed: `${persistFolder}-seed.json`, grown: `${persistFolder}-grown.json` };
  await writeFile(files.grown, JSON.stringify(grownState(createMock().snapshot(), { playlists: 20_000 })));
  const servers = { seed: await startStateful(["--persist", files.seed]), grown: await startStateful(["--persist", files.grown]) };
  try {
    for (let round = 0; round < rounds; round++) {
      /** @type {("seed" | "grown")[]} */
      const order = round % 2 ? ["grown", "seed"] : ["seed", "grown"];
      for (const name of order) {
        const run = await wrk(servers[name].url, createScript, servers[name].pid);
        if (run.non2xx) console.warn(`--persist (${name}): ${run.non2xx} creates were not 2XX`);
        persisted[name].push(run);
      }
    }
  } finally {
    await Promise.all([servers.seed.stop(), servers.grown.stop()]);
  }
  for (const name of /** @type {const} */ (["seed", "grown"])) savedMb[name] = (await stat(files[name])).size / 1024 / 1024;

  // A whole write at 20,000 playlists, as the server makes it (serialised, then a temporary file fsynced and renamed over
  // the file): of a relative state (a recording's, anchored 3.6 days ago) in the file's frame and readable form, and as compact JSON.
  const anchor = new Date(Date.now() - 3.6 * 86_400_000).toISOString();
  // The state as the server holds it once it has adopted the file (its times moved to now), which it serialises in place.
  const held = createMock({ snapshot: { ...grownState(createMock().snapshot(), { playlists: 20_000 }), anchor } }).snapshot();
  const wholeFile = join(folder, "whole-write.json");
  /** @type {Record<"readable" | "compact", { ms: number[], mb: number }>} */
  const whole = { readable: { ms: [], mb: 0 }, compact: { ms: [], mb: 0 } };
  const texts = { readable: () => snapshotFileText(held, anchor), compact: () => JSON.stringify(held) };
  for (let round = 0; round < Math.max(rounds, 5); round++) {
    for (const form of /** @type {const} */ (["readable", "compact"])) {
      const begun = performance.now();
      const text = texts[form]();
      await writeDurably(wholeFile, text);
      whole[form].ms.push(performance.now() - begun);
      whole[form].mb = Buffer.byteLength(text) / 1024 / 1024;
    }
  }

  // A listing whose recordings_counts cover 100,000 memberships, beside the seed's listing.
  const listing = `http://mock.local${playlists}?limit=100`;
  /** @param {any} listed */
  const timeListing = async (listed) => {
    const times = [];
    for (let round = 0; round < Math.max(rounds, 5); round++) {
      const begun = performance.now();
      const response = await listed.fetch(listing, { headers });
      await response.arrayBuffer();
      times.push(performance.now() - begun);
    }
    return median(times);
  };
  const seedListingMs = await timeListing(createMock());
  const big = createMock();
  big.restore(grownState(big.snapshot(), { recordings: 10_000, playlists: 100, members: 1_000 }));
  const bigListingMs = await timeListing(big);

  const statefulMix = medians(versus.stateful);
  const prismMix = medians(versus.prism);
  console.log(`\nmix (GET playlist, GET ${pageSize} recordings, POST playlist), same wrk arguments:\n`);
  console.log("| server | requests/s | p99 latency |");
  console.log("|---|---|---|");
  console.log(`| stateful mock (node:http) | ${Math.round(statefulMix.rps)} | ${statefulMix.p99} ms |`);
  console.log(`| Prism ${prismVersion} (examples) | ${Math.round(prismMix.rps)} | ${prismMix.p99} ms |`);
  console.log(`\nstateful / Prism: ${(statefulMix.rps / prismMix.rps).toFixed(1)}×`);
  console.log(`engine in-process (mock.fetch): ${median(inProcess).toFixed(1)} µs per request of the mix`);
  if (memory.length === 2) {
    const [tenth, end] = /** @type {[{ at: number, rssMb: number }, { at: number, rssMb: number }]} */ (memory);
    console.log(
      `stateful mock RSS: ${tenth.rssMb.toFixed(0)} MB after ${tenth.at.toLocaleString("en")} reads, ${end.rssMb.toFixed(0)} MB after ${end.at.toLocaleString("en")} (${(((end.rssMb - tenth.rssMb) / tenth.rssMb) * 100).toFixed(1)}%; goal within 10%); median p99 of its 2 s runs ${longP99} ms (goal < 10 ms)`,
    );
  }
  const persistedRps = { seed: medians(persisted.seed), grown: medians(persisted.grown) };
  console.log("\n--persist, creates only, each on disk before its 201 (10 connections, medians):\n");
  console.log("| state | acknowledged creates/s | p99 latency | file at the end |");
  console.log("|---|---|---|---|");
  for (const name of /** @type {const} */ (["seed", "grown"]))
    console.log(
      `| ${name === "seed" ? "seed" : "seed + 20,000 playlists"} | ${Math.round(persistedRps[name].rps)} | ${persistedRps[name].p99} ms | ${savedMb[name].toFixed(1)} MB |`,
    );
  console.log(
    `\na persisted create at 20,000 playlists costs ${(persistedRps.seed.rps / persistedRps.grown.rps).toFixed(2)}× one on the seed state (goal ≤ 2.5×)`,
  );
  const wholeMs = { readable: median(whole.readable.ms), compact: median(whole.compact.ms) };
  console.log(
    `a whole write at 20,000 playlists (a compaction, or a stop): ${wholeMs.readable.toFixed(0)} ms for ${whole.readable.mb.toFixed(1)} MB in record's form and the file's time frame, as the server writes it; ${wholeMs.compact.toFixed(0)} ms for ${whole.compact.mb.toFixed(1)} MB as compact JSON, as it wrote before (${(wholeMs.readable / wholeMs.compact).toFixed(2)}×)`,
  );
  console.log(
    `GET 100 playlists in-process: ${seedListingMs.toFixed(1)} ms on the seed state, ${bigListingMs.toFixed(1)} ms when each holds 1,000 of 10,000 recordings (goal < 500 ms)`,
  );
}
