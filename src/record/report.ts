// What the anonymiser did, by field and by count (never a value), and what it could not keep
// true: the filters the recorded mock cannot answer as the service did.

export interface RecordReport {
  /** Fields written as read, by field name: how many values. */
  kept: Record<string, number>;
  /** Fields written as a pseudonym, a template or a placeholder. */
  replaced: Record<string, number>;
  /** Fields left out (for person properties, the property's name: a count, never a value). */
  dropped: Record<string, number>;
  /** The fields `--keep` named, written as read and left out of the scan. */
  keptOnRequest: string[];
  /** Filters the recorded mock cannot reproduce, each saying why. */
  notReproducible: string[];
  counts: { playlists: number; recordings: number; members: number; persons: number; subscriptions: number; membersOutsideWindow: number };
}

/** The ledger the anonymiser writes to as it goes. */
export class Ledger {
  readonly report: RecordReport = {
    kept: {},
    replaced: {},
    dropped: {},
    keptOnRequest: [],
    notReproducible: [],
    counts: { playlists: 0, recordings: 0, members: 0, persons: 0, subscriptions: 0, membersOutsideWindow: 0 },
  };
  /** Every personal value read: what the final scan looks for. Never written. */
  readonly personal = new Set<string>();
  /** Values written as read on purpose (allowlisted properties, `--keep`): not searched for by the scan. */
  readonly keptValues = new Set<string>();
  /** Output paths written as read on request (`--keep`): the scan skips exactly these. */
  readonly keptPaths = new Set<string>();
  /**
   * Output paths of synthetic text, made by the recorder from its closed list of words: the scan
   * still reads their shapes, but does not search them for values read, since a word of the list
   * may rightly be a value some person held (`mobile`).
   */
  readonly madePaths = new Set<string>();

  count(kind: "kept" | "replaced" | "dropped", field: string, n = 1): void {
    const table = this.report[kind];
    table[field] = (table[field] ?? 0) + n;
  }

  /** Notes `value` as personal: the scan fails the run if it appears anywhere in the output. */
  read(value: unknown): void {
    if (typeof value === "string" && value.trim() !== "") this.personal.add(value.trim());
  }

  /**
   * Notes a name or an address as personal in the spellings it may be met in: whole, each word of
   * four letters or more alone (a first name, `Janet's`, a street), and its words in reverse order
   * (`Roe, Janet`).
   */
  readWords(value: unknown): void {
    if (typeof value !== "string") return;
    this.read(value);
    // Words as written between spaces and commas: a token such as `zq0name` is one word, not `name`.
    const words = value.split(/[\s,;]+/).filter((word) => /\p{L}/u.test(word));
    for (const word of words) if (word.length >= 4) this.read(word.replace(/['’]s$/, ""));
    if (words.length > 1) {
      this.read([...words].reverse().join(", "));
      this.read([...words].reverse().join(" "));
    }
  }

  /** Notes `value` as written as read on purpose: the scan does not search for it, though it may be read elsewhere too. */
  keptOnPurpose(value: string): void {
    if (value.trim() !== "") this.keptValues.add(value.trim());
  }

  notReproducible(line: string): void {
    if (!this.report.notReproducible.includes(line)) this.report.notReproducible.push(line);
  }
}

const table = (title: string, entries: Record<string, number>) => {
  const rows = Object.entries(entries).sort(([a], [b]) => a.localeCompare(b));
  return rows.length === 0 ? [`${title}: none`] : [`${title}:`, ...rows.map(([field, n]) => `  ${field}: ${n}`)];
};

/** The report as lines for a person: counts, then what to review. */
export function reportLines(report: RecordReport): string[] {
  const { counts } = report;
  return [
    `recorded ${counts.recordings} recordings (${counts.membersOutsideWindow} of them only as playlist members), ${counts.persons} persons, ${counts.playlists} playlists holding ${counts.members} recordings, ${counts.subscriptions} subscriptions`,
    ...table("kept as read", report.kept),
    ...table("replaced", report.replaced),
    ...table("dropped", report.dropped),
    report.keptOnRequest.length ? `kept on request (--keep), not scanned: ${report.keptOnRequest.join(", ")}` : "kept on request (--keep): none",
    ...(report.notReproducible.length
      ? ["not reproducible by the recorded mock:", ...report.notReproducible.map((line) => `  ${line}`)]
      : ["not reproducible by the recorded mock: none"]),
  ];
}
