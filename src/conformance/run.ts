// One run of the command: the reads, then (with --write) the write cycle, every answer
// checked against the profiles asked for, and the report.
import { type Options, UsageError } from "./args.js";
import { createSender, type Send } from "./exchange.js";
import { type Clock, Pacer } from "./pacing.js";
import { profiles as allProfiles, type Profile } from "./plan.js";
import { runReads } from "./read-plan.js";
import { type Report, reportOf } from "./report.js";
import type { Row } from "./rows.js";
import { runWriteCycle } from "./write-cycle.js";

export interface RunIo {
  clock: Clock;
  /** Hears each row as soon as it is made. */
  onRow: (row: Row) => void;
  warn: (text: string) => void;
}

/** The descriptions `profile` checks answers against. */
export const profilesOf = (profile: Options["profile"]): readonly Profile[] => (profile === "auto" ? allProfiles : [profile]);

/**
 * Runs the check. A first call that reaches no server, or whose key the server refuses,
 * measures nothing: it is bad input (UsageError), not a verdict.
 */
export async function runConformance(options: Options, io: RunIo): Promise<Report> {
  const profiles = profilesOf(options.profile);
  const sender = createSender(options, new Pacer(io.clock, options));
  let first = true;
  const send: Send = async (call) => {
    const outcome = await sender(call);
    if (first) {
      first = false;
      const origin = new URL(options.baseUrl).origin;
      if ("failure" in outcome && outcome.unreachable) throw new UsageError(`--base-url: ${origin} did not answer (${outcome.failure})`);
      if ("answer" in outcome && outcome.answer.status === 401) throw new UsageError(`--api-key: ${origin} refused the key (401)`);
    }
    return outcome;
  };
  const rows = await runReads(send, options, profiles, io.onRow);
  if (options.write) rows.push(...(await runWriteCycle(send, options.project, new Date(io.clock.now()), profiles, io.onRow, io.warn)));
  return reportOf(rows, { baseUrl: options.baseUrl, project: options.project, profile: options.profile }, profiles);
}
