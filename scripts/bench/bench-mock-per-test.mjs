// Part of `npm run bench:mock`: what a fresh mock costs each end-to-end test (the Playwright
// fixture gives each its own). Five ways, in interleaved rounds, medians: createMock() on the seed,
// or one mock per worker reset() per test; createMock({ snapshot }) of a 1,000-playlist snapshot;
// one mock per worker restore()d to that snapshot per test; and one mock per worker created from
// it and reset() per test, which is what the fixture does (src/mock/adapters/playwright/fixtures.ts).

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

/** @type {Record<string, () => unknown>} */
const ways = {
  "createMock() (seed)": () => createMock(),
  "per worker: reset() (seed)": () => seeded.reset(),
  "createMock({ snapshot })": () => createMock({ snapshot }),
  "per worker: restore(snapshot)": () => perWorker.restore(snapshot),
  "per worker: reset() to its snapshot": () => createdFromSnapshot.reset(),
};
/** @type {Record<string, number[]>} */
const times = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
for (let round = 0; round < rounds; round++) {
  // Each round in another order, so no way always runs on a warmer or busier machine.
  const names = Object.keys(ways);
  const order = names.map((_, i) => names[(i + round) % names.length]);
  for (const name of order) {
    const way = /** @type {() => unknown} */ (ways[/** @type {string} */ (name)]);
    const started = performance.now();
    for (let n = 0; n < perRound; n++) way();
    times[/** @type {string} */ (name)]?.push((performance.now() - started) / perRound);
  }
}

console.log(
  `\nA fresh mock per test (${rounds} interleaved rounds of ${perRound}; medians; snapshot of 1,000 playlists, ${(snapshotBytes / 1e6).toFixed(2)} MB of JSON):`,
);
for (const [name, values] of Object.entries(times)) console.log(`  ${name.padEnd(38)} ${median(values).toFixed(2)} ms`);
