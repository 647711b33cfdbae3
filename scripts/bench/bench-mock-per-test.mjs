// Part of `npm run bench:mock`: what a fresh mock costs each end-to-end test (the Playwright
// fixture gives each its own). In interleaved rounds, medians: createMock() on the seed,
// or one mock per worker reset() per test; createMock({ snapshot }) of a 1,000-playlist snapshot;
// one mock per worker restore()d to that snapshot per test; and one mock per worker created from
// it and reset() per test, which is what the fixture does (src/mock/adapters/playwright/fixtures.ts);
// reset() after a test's writes (made untimed before it) too, and each way's goal beside it (issue 60).

import { loadSource } from "../lib/load-source.mjs";
import { grownState } from "./grown-state.mjs";
import { median } from "./stats.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const perRound = Number(process.env.BENCH_TESTS ?? 20);

/** @type {typeof import("../../src/mock/index.ts")} */
const { createMock } = await loadSource("src/mock/index.ts");
const snapshot = grownState(createMock().snapshot(), { playlists: 1_000, members: 5 });
const snapshotBytes = JSON.stringify(snapshot).length;
const perWorker = createMock();
const seeded = createMock();
const createdFromSnapshot = createMock({ snapshot });

const headers = { Authorization: "Bearer phx_bench", "Content-Type": "application/json" };
const playlists = "http://mock.local/api/environments/28417/session_recording_playlists/";
/**
 * A test's writes, untimed, before the timed reset(): a create, an update of it and of a story playlist.
 * @param {ReturnType<typeof createMock>} mock
 */
async function testWrites(mock) {
  const created = await (await mock.fetch(playlists, { method: "POST", headers, body: JSON.stringify({ name: "Test" }) })).json();
  await mock.fetch(`${playlists}${created.short_id}/`, { method: "PATCH", headers, body: JSON.stringify({ pinned: true }) });
  await mock.fetch(`${playlists}Ub3KpD7w/`, { method: "PATCH", headers, body: JSON.stringify({ name: "Renamed" }) });
}
const written = createMock();
const writtenFromSnapshot = createMock({ snapshot });

/** Each way, what it times, and its goal in ms (issue 60): `before` runs untimed before each. */
/** @type {Record<string, { run: () => unknown, before?: () => Promise<unknown>, goal?: number }>} */
const ways = {
  "createMock() (seed)": { run: () => createMock(), goal: 2 },
  "per worker: reset() (seed)": { run: () => seeded.reset() },
  "per worker: reset() after a test's writes": { before: () => testWrites(written), run: () => written.reset(), goal: 0.5 },
  "createMock({ snapshot })": { run: () => createMock({ snapshot }), goal: 10 },
  "per worker: restore(snapshot)": { run: () => perWorker.restore(snapshot), goal: 10 },
  "per worker: reset() to its snapshot": { run: () => createdFromSnapshot.reset() },
  "… to its snapshot after a test's writes": { before: () => testWrites(writtenFromSnapshot), run: () => writtenFromSnapshot.reset(), goal: 0.5 },
};
/** @type {Record<string, number[]>} */
const times = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
for (let round = 0; round < rounds; round++) {
  // Each round in another order, so no way always runs on a warmer or busier machine.
  const names = Object.keys(ways);
  const order = names.map((_, i) => names[(i + round) % names.length]);
  for (const name of order) {
    const way = /** @type {(typeof ways)[string]} */ (ways[/** @type {string} */ (name)]);
    let spent = 0;
    for (let n = 0; n < perRound; n++) {
      await way.before?.();
      const started = performance.now();
      way.run();
      spent += performance.now() - started;
    }
    times[/** @type {string} */ (name)]?.push(spent / perRound);
  }
}

console.log(
  `\nA fresh mock per test (${rounds} interleaved rounds of ${perRound}; medians; snapshot of 1,000 playlists, ${(snapshotBytes / 1e6).toFixed(2)} MB of JSON):`,
);
for (const [name, values] of Object.entries(times)) {
  const goal = ways[name]?.goal;
  const figure = median(values);
  console.log(
    `  ${name.padEnd(42)} ${figure.toFixed(2).padStart(6)} ms${goal === undefined ? "" : ` (goal ≤ ${goal} ms: ${figure <= goal ? "met" : "not met"})`}`,
  );
}
