// The calls of independent clients of the service, found in public code, replayed as each sends
// them against the in-process live mock (test/clients/README.md). A call passes when it answers 2xx
// with every field the client reads, or when it gets the refusal the live service gives. A failure
// must be in ledger.yaml; an entry that passes must leave it. CLIENTS_LEDGER_OUT=FILE writes every
// failure there as ledger entries, for a reviewer to compare with ledger.yaml.
import { appendFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mock } from "../../src/mock/live.js";
import type { MockState } from "../../src/mock/state/state.js";
import { type Call, readClients } from "./support/calls.js";
import { ledgerText, readLedger } from "./support/ledger.js";
import { replay, suiteMock, suiteState } from "./support/replay.js";

const clients = readClients(new URL("clients/", import.meta.url));
const ledger = readLedger(new URL("ledger.yaml", import.meta.url));
const counts = { pass: 0, refused: 0, fail: 0 };
let suite: { state: MockState; placeholders: Record<string, string>; mock: Mock };

beforeAll(async () => {
  const { state, placeholders } = await suiteState();
  suite = { state, placeholders, mock: suiteMock(state) };
});

afterAll(() => {
  const calls = clients.reduce((n, c) => n + c.calls.length, 0);
  console.log(
    `Clients' calls against the live mock: ${clients.length} clients, ${calls} calls: ${counts.pass} pass with every field read, ${counts.refused} get the service's own refusal, ${counts.fail} fail (the ledger)`,
  );
});

describe.each(clients)("$name ($repo, $path)", ({ calls }) => {
  it.each(calls.map((c) => [`${c.method} ${c.path} (${c.name})`, c] as const))("%s", async (_, call: Call) => {
    const { failure, mock } = await replay(suite.mock, call, suite.state, suite.placeholders);
    const listed = ledger.get(call.id);
    if (failure === undefined) {
      expect(listed, `${call.id} passes now: remove it from ledger.yaml`).toBeUndefined();
      if (call.refusal) counts.refused++;
      else counts.pass++;
      return;
    }
    const entry = { call: call.id, needs: failure, mock };
    if (process.env.CLIENTS_LEDGER_OUT) appendFileSync(process.env.CLIENTS_LEDGER_OUT, ledgerText(entry));
    expect(listed, `${call.id} fails and ledger.yaml does not list it:\n${ledgerText(entry)}`).toBeDefined();
    expect(listed!.needs, `${call.id} fails otherwise than ledger.yaml says`).toBe(failure);
    counts.fail++;
  });
});

it("the ledger names only calls the suite has", () => {
  const ids = new Set(clients.flatMap((c) => c.calls.map((call) => call.id)));
  expect([...ledger.keys()].filter((id) => !ids.has(id))).toEqual([]);
});
