// One recording, start to end, in memory: read through the client's live profile, anonymise,
// check the state as the mock will (the live profile's snapshot check), scan it for personal
// data, and only then hand back what may be written. Nothing of the raw account leaves this
// function but counts.
import { createHash, randomBytes } from "node:crypto";
import { type Clock, Pacer, realClock } from "../conformance/pacing.js";
import { createClient, type FetchFunction } from "../live.js";
import { liveProfile } from "../mock/profiles/live.js";
import { checkSnapshot } from "../mock/state/snapshot.js";
import type { MockState } from "../mock/state/state.js";
import { anonymise } from "./anonymise.js";
import { defaultBounds, type RunBounds, RunBudget } from "./bounds.js";
import { defaultK } from "./census.js";
import { readAccount } from "./read-account.js";
import { readOnlyFetch } from "./read-only-fetch.js";
import type { RecordReport } from "./report.js";
import { findPersonalData, type Leak } from "./scan.js";

export interface RecordOptions {
  /** The service's address, such as https://us.posthog.com. */
  baseUrl: string;
  /** A personal API key with the `:read` scopes (requiredScopes). Never written. */
  apiKey: string;
  project: string;
  /** Recordings of the window read at most. Default 300. */
  maxRecordings?: number | undefined;
  /** The window's start, as the API takes it (`-30d` or a date). Default -30d. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  /** A secret that makes the pseudonyms repeatable across runs; default a random key per run. Never written. */
  salt?: string | undefined;
  /** A value tied to persons is written as read when at least this many persons hold it (census.ts). Default 5. */
  minPersons?: number | undefined;
  /** Fields written as read (anonymise.ts keepable), and skipped by the scan. */
  keep?: readonly string[] | undefined;
  keepTimes?: boolean | undefined;
  /** The project's id in the snapshot and the sidecar, instead of the real one. */
  projectIdOut?: string | undefined;
  signal?: AbortSignal | undefined;
  progress?: ((line: string) => void) | undefined;
  /** Between requests, and between pages of the recordings listing (rate limits: 240 and 12 a minute). */
  paceMs?: number | undefined;
  recordingsPaceMs?: number | undefined;
  /** Retries of a throttled or failed read (429 waits as Retry-After says). Default 4. */
  maxRetries?: number | undefined;
  timeoutMs?: number | undefined;
  /** What the run may read (bounds.ts): each bound left out takes its default. */
  bounds?: Partial<RunBounds> | undefined;
  /** Replaces the platform's fetch (tests); the read-only guard and the pacing still wrap it. */
  fetch?: FetchFunction | undefined;
  clock?: Clock | undefined;
  now?: Date | undefined;
}

/** The personal API key's scopes the recorder needs: reads only. */
export const requiredScopes = ["project:read", "session_recording:read", "session_recording_playlist:read", "subscription:read"] as const;

export interface Sidecar {
  recorder: "session-recordings-api-mock record";
  recordedAt: string;
  host: string;
  project: string;
  options: {
    maxRecordings: number;
    dateFrom: string;
    dateTo: string | null;
    minPersons: number;
    keep: string[];
    keepTimes: boolean;
    salted: boolean;
    bounds: RunBounds;
  };
  counts: RecordReport["counts"];
  report: Omit<RecordReport, "counts">;
}

export interface Recording {
  /** The mock's snapshot, anonymised and checked: what `--persist`, PUT /__mock/state, `restore()` and `createMock({ snapshot })` take. */
  snapshot: MockState;
  /** When, from where, how and how much: for a file beside the snapshot, never inside it. */
  sidecar: Sidecar;
  report: RecordReport;
}

/** The output holds personal data: nothing may be written. Names each field's path and kind, never the value. */
export class PersonalDataError extends Error {
  override name = "PersonalDataError";
  constructor(readonly leaks: Leak[]) {
    const shown = leaks.slice(0, 5).map((leak) => `${leak.path} (${leak.kind})`);
    super(
      `personal data would be written, so nothing was: ${shown.join("; ")}${leaks.length > 5 ? `; and ${leaks.length - 5} more` : ""}. A field kept with --keep is written as read: leave it out if it may hold someone's data.`,
    );
  }
}

/** The pseudonyms' key: from the salt, for a repeatable recording, or random for this run only. */
export const keyOf = (salt: string | undefined): Uint8Array =>
  salt === undefined ? randomBytes(32) : createHash("sha256").update(`session-recordings-api-mock record\0${salt}`).digest();

/**
 * The snapshot's numbers judged by their field: the anonymiser writes a number outside a
 * person's properties and a playlist's filters only from a field the state types (a count, a
 * duration, an id, a schedule), which the snapshot check holds it to. Under those two free
 * keys a number is read like text.
 */
const isTypedNumber = (path: string) => !/\.person\.properties[.[]|\.filters[.[]/.test(path);

export async function recordAccount(options: RecordOptions): Promise<Recording> {
  const maxRecordings = options.maxRecordings ?? 300;
  const dateFrom = options.dateFrom ?? "-30d";
  const recordingsPaceMs = options.recordingsPaceMs ?? 5_000;
  const pacer = new Pacer(options.clock ?? realClock, { paceMs: options.paceMs ?? 250, recordingsPaceMs });
  const bounds = { ...defaultBounds, ...options.bounds };
  // The reads stop on the caller's signal, or on a bound reached.
  const reads = new AbortController();
  const onAbort = () => reads.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  const budget = new RunBudget(bounds, (error) => reads.abort(error));
  const api = createClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    fetch: readOnlyFetch(pacer, options.fetch, budget),
    maxRetries: options.maxRetries ?? 4,
    timeoutMs: options.timeoutMs ?? 60_000,
    maxResponseBytes: bounds.maxBytes,
  });
  budget.start();
  let raw: Awaited<ReturnType<typeof readAccount>>;
  try {
    raw = await readAccount(api, {
      project: options.project,
      maxRecordings,
      dateFrom,
      dateTo: options.dateTo,
      signal: reads.signal,
      progress: options.progress,
      recordingsPaceMs,
      item: (resource) => budget.item(resource),
    });
  } catch (error) {
    // A bound reached surfaces through the client as an aborted read: the bound is what happened.
    throw budget.reached ?? error;
  } finally {
    budget.end();
    options.signal?.removeEventListener("abort", onAbort);
  }
  options.progress?.("anonymising and checking");
  const now = options.now ?? new Date();
  const { state, report, personal, keptPaths, madePaths } = anonymise(raw, {
    key: keyOf(options.salt),
    k: options.minPersons,
    keep: options.keep,
    keepTimes: options.keepTimes,
    projectIdOut: options.projectIdOut,
    now,
  });
  // The mock's own check, as the live profile loads it: a recording that would not load is not written.
  checkSnapshot(JSON.parse(JSON.stringify(state)), liveProfile.stateValidators);
  const { counts, ...rest } = report;
  const sidecar: Sidecar = {
    recorder: "session-recordings-api-mock record",
    recordedAt: now.toISOString(),
    host: new URL(options.baseUrl).host,
    project: options.projectIdOut ?? options.project,
    options: {
      maxRecordings,
      dateFrom,
      dateTo: options.dateTo ?? null,
      minPersons: options.minPersons ?? defaultK,
      keep: [...(options.keep ?? [])],
      keepTimes: options.keepTimes ?? false,
      salted: options.salt !== undefined,
      bounds,
    },
    counts,
    report: rest,
  };
  // The sidecar names fields (never values), and is scanned as the snapshot is (but for the service's host): a field named by personal data stops the run too.
  // The key is searched for too: an account can hold it (pasted into a playlist's name, say).
  const searched = [...personal, options.apiKey];
  const leaks = [
    ...findPersonalData(state, { personal: searched, kept: keptPaths, made: madePaths, typedNumber: isTypedNumber }),
    ...findPersonalData(sidecar, { personal: searched, kept: new Set(["snapshot.host"]), typedNumber: () => true }).map((leak) => ({
      ...leak,
      path: leak.path.replace(/^snapshot/, "sidecar"),
    })),
  ];
  if (leaks.length > 0) throw new PersonalDataError(leaks);
  return { snapshot: state, sidecar, report };
}
