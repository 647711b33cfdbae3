// The report: per profile, how many answers differ; which profile the server matches; and
// the rows, as a table for people or as JSON (--json).
import type { ProfileOption } from "./args.js";
import { profiles as allProfiles, type Profile } from "./plan.js";
import type { Row } from "./rows.js";
import type { Verdict } from "./validate.js";

export interface Tally {
  checked: number;
  differ: number;
}

/** What `auto` names: the description every answer holds to, both, or neither. */
export type Match = Profile | "both" | "neither";

export interface Report {
  baseUrl: string;
  project: string;
  profile: ProfileOption;
  /** Every answer conforms to the profile named (for auto: to at least one description). */
  conforms: boolean;
  /** For auto: the description the server matches. */
  matches?: Match;
  tally: Partial<Record<Profile, Tally>>;
  rows: Row[];
}

/** The report of `rows`, checked against `profiles` for `profile`. */
export function reportOf(rows: Row[], run: { baseUrl: string; project: string; profile: ProfileOption }, profiles: readonly Profile[]): Report {
  const tally = Object.fromEntries(
    profiles.map((p) => {
      const checked = rows.filter((row) => row.checks[p]);
      return [p, { checked: checked.length, differ: checked.filter((row) => !row.checks[p]!.ok).length }];
    }),
  ) as Partial<Record<Profile, Tally>>;
  const holds = (p: Profile) => tally[p] !== undefined && tally[p].checked > 0 && tally[p].differ === 0;
  if (run.profile !== "auto") return { ...run, conforms: holds(run.profile), tally, rows };
  const matching = allProfiles.filter(holds);
  const matches: Match = matching.length === 2 ? "both" : (matching[0] ?? "neither");
  return { ...run, conforms: matching.length > 0, matches, tally, rows };
}

/** A difference in words: where, what was expected, what was found. */
function differenceText(verdict: Verdict): string {
  if (verdict.ok) return "";
  return `${verdict.pointer === "" ? "" : `${verdict.pointer}: `}expected ${verdict.expected}, found ${verdict.found}`;
}

function firstDifferenceColumn(row: Row, profiles: readonly Profile[]): string {
  if (row.skipped) return `skipped: ${row.note}`;
  const failing = profiles.filter((p) => row.checks[p] && !row.checks[p].ok);
  const texts = failing.map((p) => differenceText(row.checks[p]!));
  if (texts.length === 0) return row.note ? `(${row.note})` : "";
  if (profiles.length === 1) return texts[0]!;
  if (texts.length === 2 && texts[0] === texts[1]) return `both: ${texts[0]}`;
  return failing.map((p, i) => `${p}: ${texts[i]}`).join("; ");
}

const mark = (row: Row, p: Profile) => (row.skipped ? "skip" : row.checks[p] === undefined ? "-" : row.checks[p].ok ? "✓" : "✗");

const columnWidths = [44, 6, 4, 4];
const line = (cells: string[]) =>
  cells
    .map((cell, i) => cell.padEnd(columnWidths[i] ?? 0))
    .join("  ")
    .trimEnd();

export const tableHeader = line(["operation", "status", "seed", "live", "first difference"]);

/** One line of the table for `row`. */
export const tableLine = (row: Row, profiles: readonly Profile[]): string =>
  line([row.label, row.status === null ? "—" : String(row.status), mark(row, "seed"), mark(row, "live"), firstDifferenceColumn(row, profiles)]);

/** The closing lines: the tally per description, and the verdict. */
export function summaryText(report: Report): string {
  const lines = Object.entries(report.tally).map(([p, t]) => `${p}: ${t.checked - t.differ} of ${t.checked} answers conform`);
  if (report.profile === "auto") {
    const named =
      report.matches === "both"
        ? "both seed and live (these answers do not tell them apart)"
        : report.matches === "neither"
          ? "neither seed nor live"
          : report.matches;
    lines.push(`The server at ${report.baseUrl} matches: ${named}.`);
  } else lines.push(`The server at ${report.baseUrl} ${report.conforms ? "conforms" : "does not conform"} to the ${report.profile} description.`);
  return lines.join("\n");
}

/** The report as JSON: the same rows and verdicts. */
export function jsonText(report: Report): string {
  return JSON.stringify(report, null, 2);
}
