// Why two ways of measuring the mock's share of bare node:http disagreed (issue 49): the same
// GET of one playlist, measured by each method in turn, interleaved, on the code checked out.
// - outside: the mock started as a team does (`npm run mock:stateful -- --port P`), the bare
//   server inside this script's own process, wrk's default two threads, nothing pinned, no warm-up;
// - unpinned: each server in its own process, wrk's two threads, nothing pinned, no warm-up
//   (how `npm run bench:mock` measured until issue 49);
// - settled: each server in its own process pinned to core 0, wrk's one thread on core 1, a
//   warm-up discarded (how `npm run bench:mock` measures now).
// Each method gives the mock's and the bare server's requests per second and the CPU each server
// process spent per request. `node scripts/bench/bench-mock-methods.mjs` (BENCH_ROUNDS, BENCH_SECONDS).
import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { cpus, loadavg } from "node:os";
import { promisify } from "node:util";
import { freePort } from "../servers/prism.mjs";
import { median } from "./stats.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const path = "/api/environments/28417/session_recording_playlists/Ub3KpD7w/";
const key = "Bearer phx_bench";
const run = promisify(execFile);
if (cpus().length < 2) throw new Error("the settled method pins the servers and wrk to two different cores: this machine has one");

/** The CPU time a process has spent, in µs. */
function cpuUs(/** @type {number} */ pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** One GET as it comes back: status, header lines, body. */
function get(/** @type {string} */ url) {
  return new Promise((resolve, reject) => {
    httpRequest(`${url}${path}`, { headers: { Authorization: key } }, (response) => {
      const chunks = /** @type {Buffer[]} */ ([]);
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks).toString() }));
    })
      .on("error", reject)
      .end();
  });
}

/** A child that prints `listening on <url>`: its url, pid (the node process, below npm's) and stop. */
async function started(/** @type {import("node:child_process").ChildProcess} */ child, /** @type {boolean} */ viaNpm) {
  /** @type {string} */
  const url = await new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      const match = /listening on (\S+)/.exec(String(chunk));
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", () => reject(new Error("a server exited")));
  });
  const port = new URL(url).port;
  // Under npm, the server is npm's shell's child: the process holding the port is the one to time.
  const pid = viaNpm
    ? Number((await run("sh", ["-c", `ss -Htlnp 'sport = :${port}' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`])).stdout)
    : /** @type {number} */ (child.pid);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // npm's group goes whole (npm, its shell, the server): it was started detached, as a group of its own.
  const stop = () => {
    if (viaNpm) process.kill(-(/** @type {number} */ (child.pid)), "SIGTERM");
    else child.kill("SIGTERM");
    return exited;
  };
  return { url, pid, stop };
}

const node = (/** @type {string[]} */ args) => spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });

/** wrk against `url`, the CPU `pid` spent per request. */
async function wrk(/** @type {string} */ url, /** @type {number} */ pid, /** @type {boolean} */ pinned, d = seconds) {
  const args = [pinned ? "-t1" : "-t2", "-c10", `-d${d}s`, "-H", `Authorization: ${key}`, `${url}${path}`];
  const before = cpuUs(pid);
  const { stdout } = pinned ? await run("taskset", ["-c", "1", "wrk", ...args]) : await run("wrk", args);
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1]);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]), cpuUs: (cpuUs(pid) - before) / requests };
}

const mockViaNpm = await started(
  spawn("npm", ["run", "--silent", "mock:stateful", "--", "--port", String(await freePort())], { stdio: ["ignore", "pipe", "inherit"], detached: true }),
  true,
);
const mock = await started(node(["scripts/servers/mock-server.mjs", "--port", String(await freePort())]), false);
const pinnedMock = await started(node(["scripts/servers/mock-server.mjs", "--port", String(await freePort())]), false);
/** @type {any} */
const wire = await get(mock.url);
const lines = /** @type {string[]} */ ([]);
for (let i = 0; i < wire.rawHeaders.length; i += 2)
  if (!/^(date|connection|keep-alive)$/i.test(wire.rawHeaders[i])) lines.push(wire.rawHeaders[i], wire.rawHeaders[i + 1]);
// The outside check's bare server: in this process.
const inside = createServer((request, response) => {
  request.resume();
  response.writeHead(wire.status, lines).end(wire.body);
});
await new Promise((resolve) => inside.listen(0, "127.0.0.1", () => resolve(undefined)));
const insideUrl = `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (inside.address()).port}`;
const { writeFile, mkdtemp, rm } = await import("node:fs/promises");
const folder = await mkdtemp("/tmp/bench-methods-");
await writeFile(
  `${folder}/wire.json`,
  JSON.stringify({ status: wire.status, headers: lines.flatMap((_, i) => (i % 2 ? [] : [[lines[i], lines[i + 1]]])), body: wire.body }),
);
const bare = await started(node(["scripts/bench/bench-server.mjs", "--wire", `${folder}/wire.json`]), false);
const pinnedBare = await started(node(["scripts/bench/bench-server.mjs", "--wire", `${folder}/wire.json`]), false);
for (const server of [pinnedMock, pinnedBare]) await run("taskset", ["-a", "-cp", "0", String(server.pid)]);

const methods = {
  outside: { mock: () => wrk(mockViaNpm.url, mockViaNpm.pid, false), bare: () => wrk(insideUrl, process.pid, false) },
  unpinned: { mock: () => wrk(mock.url, mock.pid, false), bare: () => wrk(bare.url, bare.pid, false) },
  settled: { mock: () => wrk(pinnedMock.url, pinnedMock.pid, true), bare: () => wrk(pinnedBare.url, pinnedBare.pid, true) },
};
try {
  const loadBefore = loadavg()[0];
  await wrk(pinnedMock.url, pinnedMock.pid, true, 2);
  await wrk(pinnedBare.url, pinnedBare.pid, true, 2);
  /** @type {Record<string, { mock: { rps: number, cpuUs: number }[], bare: { rps: number, cpuUs: number }[] }>} */
  const runs = Object.fromEntries(Object.keys(methods).map((name) => [name, { mock: [], bare: [] }]));
  for (let round = 0; round < rounds; round++)
    for (const [name, method] of Object.entries(methods))
      for (const which of /** @type {("mock" | "bare")[]} */ (round % 2 ? ["bare", "mock"] : ["mock", "bare"])) runs[name]?.[which].push(await method[which]());
  console.log(
    `GET one playlist, ${rounds} interleaved rounds of ${seconds} s, medians; load average ${loadBefore?.toFixed(2)} before, ${loadavg()[0]?.toFixed(2)} after\n`,
  );
  console.log("| method | mock req/s | bare req/s | share | CPU per request mock / bare | CPU share |");
  console.log("|---|---|---|---|---|---|");
  for (const [name, { mock: m, bare: b }] of Object.entries(runs)) {
    const [mr, br] = [median(m.map((r) => r.rps)), median(b.map((r) => r.rps))];
    const [mc, bc] = [median(m.map((r) => r.cpuUs)), median(b.map((r) => r.cpuUs))];
    console.log(
      `| ${name} | ${Math.round(mr)} | ${Math.round(br)} | ${((100 * mr) / br).toFixed(0)}% | ${mc.toFixed(0)} / ${bc.toFixed(0)} µs | ${((100 * bc) / mc).toFixed(0)}% |`,
    );
  }
} finally {
  inside.close();
  await Promise.all([mockViaNpm, mock, pinnedMock, bare, pinnedBare].map((server) => server.stop()));
  await rm(folder, { recursive: true, force: true });
}
