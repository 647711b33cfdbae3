// PostHog's own API tests, replayed against the in-process live mock (test/posthog/README.md).
// Each case runs with the trailing slash and without it, and both forms must agree. A failure must
// be in ledger.yaml, with the step and the assertion that fail; an entry that passes must leave it.
// POSTHOG_CASES=playlists.yaml runs one cases file; POSTHOG_LEDGER_OUT=FILE writes every failure
// there as ledger entries, for a reviewer to compare with ledger.yaml.
import { appendFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { type Case, readCases } from "./support/cases.js";
import { ledgerText, readLedger } from "./support/ledger.js";
import { replay } from "./support/replay.js";

const files = readCases(new URL("cases/", import.meta.url)).filter((f) => !process.env.POSTHOG_CASES || f.file === process.env.POSTHOG_CASES);
const ledger = readLedger(new URL("ledger.yaml", import.meta.url));
const allCases = files.flatMap((f) => f.cases);
const counts = { pass: 0, fail: 0, skip: {} as Record<string, number>, older: 0 };

afterAll(() => {
  const skips = Object.entries(counts.skip)
    .map(([reason, n]) => `${reason} ${n}`)
    .join(", ");
  const total = Object.values(counts.skip).reduce((a, b) => a + b, 0);
  console.log(
    `PostHog's tests against the live mock: ${counts.pass} pass, ${counts.fail} fail (in the ledger), ${total} skipped (${skips || "none"}), ${counts.older} test older than source`,
  );
});

const title = (c: Case) =>
  c.kind === "skip" ? `${c.name} (skip: ${c.reason}, ${c.why})` : c.kind === "older" ? `${c.name} (test older than source: ${c.why})` : c.name;

describe.each(files)("$file", ({ cases }) => {
  it.each(cases.map((c) => [title(c), c] as const))("%s", async (_, c) => {
    if (c.kind === "skip") {
      counts.skip[c.reason] = (counts.skip[c.reason] ?? 0) + 1;
      return;
    }
    if (c.kind === "older") {
      counts.older++;
      return;
    }
    const slash = await replay(c, "slash");
    const bare = await replay(c, "bare");
    expect(bare, "the same verdict without the trailing slash").toEqual(slash);
    const listed = ledger.get(c.id);
    if (slash === undefined) {
      expect(listed, `${c.id} passes now: remove it from ledger.yaml`).toBeUndefined();
      counts.pass++;
      return;
    }
    const entry = { case: c.id, area: c.area, ...slash };
    if (process.env.POSTHOG_LEDGER_OUT) appendFileSync(process.env.POSTHOG_LEDGER_OUT, ledgerText(entry));
    expect(listed, `${c.id} fails and ledger.yaml does not list it:\n${ledgerText(entry)}`).toBeDefined();
    expect({ step: listed!.step, service: listed!.service }, `${c.id} fails elsewhere than ledger.yaml says`).toEqual({
      step: slash.step,
      service: slash.service,
    });
    counts.fail++;
  });
});

it("the ledger names only cases the suite has", () => {
  const ids = new Set(allCases.map((c) => c.id));
  const unknown = process.env.POSTHOG_CASES ? [] : [...ledger.keys()].filter((id) => !ids.has(id));
  expect(unknown).toEqual([]);
});
