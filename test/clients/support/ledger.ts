// The committed ledger of client calls that fail today (test/clients/ledger.yaml): the suite fails
// on a failure it does not list and on an entry that now passes, so it only shrinks.
import { readFileSync } from "node:fs";
import { parse, stringify } from "yaml";

export interface LedgerEntry {
  call: string;
  /** What the call needs of the answer, as the verdict says it. */
  needs: string;
  /** What the mock answered. */
  mock: string;
  /** Why the mock answers so: the service's own answer, or what the mock lacks. */
  why: string;
}

export function readLedger(file: URL): Map<string, LedgerEntry> {
  const entries = (parse(readFileSync(file, "utf8")) as { failing?: LedgerEntry[] } | null)?.failing ?? [];
  const ledger = new Map<string, LedgerEntry>();
  for (const [index, entry] of entries.entries()) {
    for (const field of ["call", "needs", "mock", "why"] as const) {
      if (typeof entry[field] !== "string") throw new Error(`ledger.yaml failing[${index}].${field}: expected a string`);
    }
    if (ledger.has(entry.call)) throw new Error(`ledger.yaml: ${entry.call} appears twice`);
    ledger.set(entry.call, entry);
  }
  return ledger;
}

/** An entry as ledger.yaml writes it, for the message of a failure the ledger does not list. */
export const ledgerText = (entry: Omit<LedgerEntry, "why"> & { why?: string }): string => stringify([entry], { lineWidth: 0 });
