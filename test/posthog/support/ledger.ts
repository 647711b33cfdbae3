// The committed ledger of cases that fail today (test/posthog/ledger.yaml): the suite fails on a
// failure it does not list and on an entry that now passes, so it only shrinks.
import { readFileSync } from "node:fs";
import { parse, stringify } from "yaml";
import type { Failure } from "./replay.js";

export interface LedgerEntry extends Failure {
  case: string;
  area: string;
}

export function readLedger(file: URL): Map<string, LedgerEntry> {
  const entries = (parse(readFileSync(file, "utf8")) as { failing?: LedgerEntry[] } | null)?.failing ?? [];
  const ledger = new Map<string, LedgerEntry>();
  for (const [index, entry] of entries.entries()) {
    for (const field of ["case", "area", "step", "service", "mock"] as const) {
      if (typeof entry[field] !== "string") throw new Error(`ledger.yaml failing[${index}].${field}: expected a string`);
    }
    if (ledger.has(entry.case)) throw new Error(`ledger.yaml: ${entry.case} appears twice`);
    ledger.set(entry.case, entry);
  }
  return ledger;
}

/** An entry as ledger.yaml writes it, for the message of a failure the ledger does not list. */
export const ledgerText = (entry: LedgerEntry): string => stringify([entry], { lineWidth: 0 });
