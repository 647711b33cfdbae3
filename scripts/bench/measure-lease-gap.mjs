// The gap a --persist server's lease check leaves (issue 44, item 2): the time from its last
// check of the lease (lock.ts's leased()) to the call it guards (a journal append, a
// rename over the file or the journal, the journal's removal at a stop) and to the
// acknowledgement (the save's resolution, which lets the HTTP answer go out). A server stopped
// inside that gap can still make the call after another took the file over. The calls are timed
// by wrapping node:fs's, as the server's own code makes them: when the call is made, and when it
// has ended (the system call lies between). Rough on shared cores.
//   node scripts/bench/measure-lease-gap.mjs [saves]
import fsPromises, { mkdtemp, open, rm } from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { loadSource } from "../lib/load-source.mjs";

const saves = Number(process.argv[2] ?? 300);
/** @type {Map<string, number[]>} */
const gaps = new Map();
let checkedAt = Number.NaN;
/** @param {string} what @param {number} since */
const record = (what, since) => {
  if (!gaps.has(what)) gaps.set(what, []);
  gaps.get(what)?.push(performance.now() - since);
};

/**
 * `call` timed from the last check, when it is the call that check guards (persist.ts makes it right after).
 * @param {string} what
 * @param {(args: unknown[]) => boolean} guarded
 * @template {(...args: any[]) => Promise<any>} F
 * @param {F} call
 * @returns {F}
 */
function timed(what, guarded, call) {
  /** @this {unknown} @param {any[]} args */
  const wrapped = function (...args) {
    if (Number.isNaN(checkedAt) || !guarded(args)) return call.apply(this, args);
    const since = checkedAt;
    checkedAt = Number.NaN;
    record(`${what}, made`, since);
    return call.apply(this, args).finally(() => record(`${what}, ended`, since));
  };
  return /** @type {F} */ (/** @type {unknown} */ (wrapped));
}

// Wrapped before the server's modules are loaded, so their imports of node:fs/promises get these.
const isShared = (/** @type {unknown} */ path) => !String(path).endsWith(".tmp");
fsPromises.rename = timed("rename", (args) => isShared(args[1]), fsPromises.rename);
fsPromises.rm = timed("remove the journal", (args) => String(args[0]).endsWith(".journal"), fsPromises.rm);
const probe = await open(process.execPath, "r");
const handles = Object.getPrototypeOf(probe);
await probe.close();
handles.writeFile = timed("append to the journal", () => true, handles.writeFile);
syncBuiltinESMExports();

/** @type {typeof import("../../src/mock/persistence/persist.ts")} */
const { holdPersistFile, openPersistence } = await loadSource("src/mock/persistence/persist.ts");
const dir = await mkdtemp(join(tmpdir(), "lease-gap-"));
try {
  for (const [mode, journalLimit] of /** @type {const} */ ([
    ["appends", 1 << 30],
    ["compactions", 1],
  ])) {
    const { target, lock } = await holdPersistFile(join(dir, `${mode}.json`));
    const checked = {
      ...lock,
      leased: () => {
        checkedAt = performance.now();
        return lock.leased();
      },
    };
    const state = { records: Array.from({ length: 200 }, (_, id) => ({ id, name: `record ${id}` })) };
    const persistence = await openPersistence(target, checked, () => JSON.stringify(state), { journalLimit });
    gaps.clear();
    for (let i = 0; i < saves; i++) {
      await persistence.save(/** @type {any} */ ({ whole: false, record: { id: i } }));
      if (!Number.isNaN(checkedAt)) record("acknowledge", checkedAt);
    }
    await persistence.close();
    console.log(`${mode} (${saves} saves, then a stop): microseconds from the lease check`);
    for (const [what, values] of gaps) {
      const sorted = values.sort((a, b) => a - b);
      const at = (/** @type {number} */ q) => ((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 1000).toFixed(0);
      console.log(
        `  ${what.padEnd(32)} n=${String(sorted.length).padStart(4)}  median ${at(0.5).padStart(5)}  p99 ${at(0.99).padStart(5)}  max ${at(1).padStart(5)}`,
      );
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
