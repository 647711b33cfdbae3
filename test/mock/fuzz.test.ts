// A property-based fuzz of the in-process engine (issue 16): sequences of requests to every
// operation, each parameter and body field valid or hostile as the description's schemas
// say, keys with and without scopes, Prefer controls and scenarios, against a mock that flags
// rather than throws on its own violations. Every answer must be one the description allows
// (no 5xx but an injected or asked-for one), and after every request the store must hold its
// invariants and restore into a fresh mock as it is.
//
// Reproduce a failure with the seed and path it prints: FUZZ_SEED=… FUZZ_PATH=… npx vitest run test/mock/fuzz.test.ts
// More requests: FUZZ_RUNS=500. Every distinct problem of a seed, not just the first: FUZZ_EXPLORE=1.
// Shrink towards one kind of problem: FUZZ_ONLY=<regex of its tag>.
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { config, sequences, stepsPerRun } from "../support/fuzz/run-config.js";
import { type Finding, runSteps, type Settle } from "../support/fuzz/run-steps.js";

const seed = process.env.FUZZ_SEED === undefined ? 16 : Number(process.env.FUZZ_SEED);
const runs = Number(process.env.FUZZ_RUNS ?? 60);
const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;

/** Runs the mock's timers (a `Prefer: delay`) on virtual time, and fails a request that never settles. */
const settle: Settle = async (pending) => {
  let done = false;
  pending.then(
    () => (done = true),
    () => (done = true),
  );
  for (let turns = 0; !done; turns++) {
    if (turns > 10_000) throw new Error("hang: the mock did not answer");
    if (vi.getTimerCount() > 0) vi.advanceTimersToNextTimer();
    else await new Promise((resolve) => setImmediate(resolve));
  }
  return pending;
};

const describeFinding = (finding: Finding) => `${finding.problem}\n  after:\n${finding.trace.map((line, i) => `    ${i + 1}. ${line}`).join("\n")}`;

describe.skipIf(!process.env.FUZZ_WIP)("the engine under a property-based fuzz", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.skipIf(process.env.FUZZ_EXPLORE)(`answers ${runs} sequences of ${stepsPerRun} steps as the description says, and keeps its store whole`, async () => {
    let requests = 0;
    await fc.assert(
      fc.asyncProperty(config, sequences, async (runConfig, steps) => {
        const result = await runSteps(runConfig, steps, settle, { stopEarly: true, only });
        requests += result.requests;
        if (result.findings.length) throw new Error(describeFinding(result.findings[0]!));
      }),
      {
        seed,
        numRuns: runs,
        path: process.env.FUZZ_PATH,
        reporter(details) {
          if (!details.failed) return;
          const reproduce = `FUZZ_SEED=${details.seed} FUZZ_PATH="${details.counterexamplePath}" FUZZ_WIP=1 npx vitest run test/mock/fuzz.test.ts`;
          throw new Error(
            `fuzz failed, seed ${details.seed} (${details.numShrinks} shrinks). Reproduce: ${reproduce}\n${(details.errorInstance as Error)?.message}`,
          );
        },
      },
    );
    // Counted, so a run that stopped early cannot pass for a whole one.
    if (!process.env.FUZZ_PATH) expect(requests).toBeGreaterThanOrEqual(Math.min(5_000, runs * 80));
  });

  it.runIf(process.env.FUZZ_EXPLORE)(
    "explore: every distinct problem of the seed, with the shortest sequence that shows it",
    { timeout: 3_600_000 },
    async () => {
      const byKind = new Map<string, Finding & { count: number }>();
      let requests = 0;
      const slow: string[] = [];
      const statuses = new Map<string, number>();
      for (const [runConfig, steps] of fc.sample(fc.tuple(config, sequences), { seed, numRuns: runs })) {
        const result = await runSteps(runConfig, steps, settle, { stopEarly: false, only });
        requests += result.requests;
        for (const [key, n] of result.statuses) statuses.set(key, (statuses.get(key) ?? 0) + n);
        if (result.slowest) slow.push(`${result.slowest.ms.toFixed(0).padStart(6)} ms ${result.slowest.request}`);
        for (const finding of result.findings) {
          const kind = `${finding.problem.split(":")[0]} @ ${finding.operation}`;
          const known = byKind.get(kind);
          if (!known || finding.trace.length < known.trace.length) byKind.set(kind, { ...finding, count: (known?.count ?? 0) + 1 });
          else known.count++;
        }
      }
      const report = [...byKind.entries()].map(([kind, f]) => `## ${kind} (${f.count}×)\n${describeFinding({ ...f, trace: f.trace.slice(-8) })}`);
      console.log(`${requests} requests, ${byKind.size} kinds of problem\n\n${report.join("\n\n")}`);
      console.log(
        `Answers by operation, method and status:\n${[...statuses]
          .sort()
          .map(([key, n]) => `${String(n).padStart(6)} ${key}`)
          .join("\n")}`,
      );
      console.log(`The slowest request of each run:\n${slow.sort().reverse().slice(0, 10).join("\n")}`);
    },
  );
});
