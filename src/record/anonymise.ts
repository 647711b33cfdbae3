// The account as read (read-account.ts) made into the mock's state, anonymised: every field of
// the state written by a rule of its own (kept, replaced, dropped), any field the recorder
// does not know dropped, and the ledger (report.ts) noting what was done and every personal
// value read, for the final scan. The times are rebased so the newest recording starts at the
// moment of recording, with an anchor that moves them to "now" whenever the state is loaded
// (src/mock/state/rebase.ts), unless the real times are kept.

import { rebaseTimes } from "../mock/state/rebase.js";
import type { MockState, Playlist, Project, Recording, Subscription, User } from "../mock/state/state.js";
import { isObject } from "../shared/is-object.js";
import { Census, defaultK } from "./census.js";
import { anonymiseFilters } from "./filters.js";
import { People } from "./people.js";
import { Pseudonyms } from "./pseudonyms.js";
import { idRange, plausibleTime, recordingRanges, scheduleRanges, withinRange } from "./ranges.js";
import type { LivePlaylist, LiveProject, LiveRecording, LiveSubscription, RawAccount } from "./read-account.js";
import { RecordingIds } from "./recording-ids.js";
import { Ledger, type RecordReport } from "./report.js";
import { recordedResources } from "./resources.js";
import { syntheticText } from "./synthetic.js";
import { onboardingProducts, timeZones } from "./vocabulary.js";

/** The free-text fields `--keep` can name: synthetic unless kept, and a warning when they are. */
export const freeTextFields = ["project.name", "playlist.name", "playlist.description", "subscription.title"] as const;

/** The fields `--keep` can name: each written as read, and not scanned. */
export const keepable = [
  "person.properties.<name>",
  "recording.start_url",
  "project.name",
  "playlist.name",
  "playlist.description",
  "subscription.title",
  "subscription.target_value",
] as const;

/** Whether `field` is one `--keep` can name. */
export const isKeepable = (field: string) => keepable.includes(field as (typeof keepable)[number]) || /^person\.properties\.[^.\s]+$/.test(field);

export interface AnonymiseOptions {
  /** The pseudonyms' key: random per run, or derived from --salt. Never written. */
  key: Uint8Array;
  /** A value tied to persons is written as read when at least k persons hold it (census.ts). Default 5. */
  k?: number | undefined;
  /** Fields written as read (isKeepable). */
  keep?: readonly string[] | undefined;
  /** Keep the real times (no anchor): the recording ages like any snapshot. */
  keepTimes?: boolean | undefined;
  /** The project's id in the output; default the id read. */
  projectIdOut?: string | undefined;
  /** The moment of recording: the newest recording starts then. Default now. */
  now?: Date | undefined;
}

export interface Anonymised {
  state: MockState;
  report: RecordReport;
  /** What the scan needs: the personal values read, and the paths kept on request. Never written. */
  personal: Set<string>;
  keptPaths: Set<string>;
  madePaths: Set<string>;
}

/** The target types the mock's state holds (SubscriptionTargetType). */
const heldTargets: readonly string[] = ["email", "slack", "webhook"] satisfies Subscription["target_type"][];

// The recording's counters, each within its range (ranges.ts); beside the description's fields, retention_period_days,
// total_size and event_count, which the live mock answers (expiry_time and recording_ttl from the first).
const recordingCounters = Object.keys(recordingRanges);
const recordingFlags = ["viewed", "ongoing"] as const;
const recordingFields = new Set<string>([
  ...recordingCounters,
  ...recordingFlags,
  "id",
  "distinct_id",
  "viewers",
  "start_time",
  "end_time",
  "start_url",
  "person",
  "snapshot_source",
]);
const snapshotSources = new Set(["web", "mobile", "unknown"]);

/**
 * Counts the fields of `record` that no rule writes: dropped, as every field the recorder does
 * not know, by number only, since a source's field name can carry anything.
 */
function dropUnknown(ledger: Ledger, kind: string, record: object, known: ReadonlySet<string>) {
  for (const field of Object.keys(record)) if (!known.has(field)) ledger.count("dropped", `${kind} (fields the recorder does not know)`);
}

class Anonymiser {
  readonly ledger = new Ledger();
  readonly pseudonyms: Pseudonyms;
  readonly people: People;
  readonly keep: ReadonlySet<string>;
  readonly ids: RecordingIds;

  constructor(
    readonly options: AnonymiseOptions,
    census: Census,
  ) {
    this.pseudonyms = new Pseudonyms(options.key);
    this.keep = new Set(options.keep ?? []);
    this.people = new People(this.pseudonyms, this.ledger, this.keep, census, this.now());
    this.ids = new RecordingIds(this.pseudonyms);
    this.ledger.report.keptOnRequest = [...this.keep];
  }

  /** Free text with no person attached: synthetic text of about its length, unless kept on request. */
  text(field: string, value: unknown, path: string): string | null | undefined {
    if (value === null || value === undefined || value === "") return value as null | undefined | "";
    if (typeof value !== "string") {
      this.ledger.count("dropped", `${field} (not text)`);
      return null;
    }
    if (this.keep.has(field)) {
      this.ledger.keptPaths.add(path);
      this.ledger.count("kept", field);
      return value;
    }
    this.ledger.read(value);
    this.ledger.count("replaced", `${field} (synthetic text)`);
    this.ledger.madePaths.add(path);
    return syntheticText(value, this.pseudonyms);
  }

  /** A time as written: the value when it is one within range, else the moment of recording (or null where the field allows it). */
  time(field: string, value: unknown, fallback: string | null): string | null {
    if (value === null || value === undefined) return fallback;
    const written = plausibleTime(value, this.now());
    if (written !== undefined) return written;
    this.ledger.count("replaced", `${field} (not a time in range)`);
    return fallback;
  }

  /** A number within `range`, or null; counted when it had to move. */
  number(field: string, value: unknown, range: readonly [number, number]): number | null {
    const written = withinRange(value, range);
    if (written === undefined) {
      if (value !== null && value !== undefined) this.ledger.count("dropped", `${field} (not a number)`);
      return null;
    }
    if (written.clamped) this.ledger.count("replaced", `${field} (out of range)`);
    return written.value;
  }

  recording(raw: LiveRecording, path: string): Recording {
    const { ledger, people } = this;
    dropUnknown(ledger, "recording", raw, recordingFields);
    const out: Record<string, unknown> = { id: raw.id };
    const read = raw as Record<string, unknown>;
    for (const field of recordingCounters) if (field in raw) out[field] = this.number(`recording.${field}`, read[field], recordingRanges[field]!);
    for (const field of recordingFlags) if (field in raw) out[field] = read[field] === true;
    ledger.count("kept", "recording counters, durations and flags");
    ledger.read(raw.id);
    out.distinct_id = typeof raw.distinct_id === "string" ? people.distinctId(raw.distinct_id) : null;
    out.viewers = (raw.viewers ?? []).map((email) => people.email(email));
    ledger.count("replaced", "recording.distinct_id, recording.viewers");
    out.start_time = this.time("recording.start_time", raw.start_time, null);
    out.end_time = this.time("recording.end_time", raw.end_time, null);
    if (typeof raw.start_url === "string" && this.keep.has("recording.start_url")) {
      ledger.keptPaths.add(`${path}.start_url`);
      ledger.count("kept", "recording.start_url");
      out.start_url = raw.start_url;
    } else {
      out.start_url = typeof raw.start_url === "string" ? people.url(raw.start_url) : null;
      ledger.count("replaced", "recording.start_url");
    }
    const person = people.person(raw.person as Record<string, unknown> | undefined, raw.distinct_id ?? null, `${path}.person`);
    if (person) out.person = person;
    // The state's `storage`, which the live answer does not carry.
    out.storage = "object_storage";
    out.snapshot_source = typeof raw.snapshot_source === "string" && snapshotSources.has(raw.snapshot_source) ? raw.snapshot_source : null;
    return out as unknown as Recording;
  }

  playlist(raw: LivePlaylist, path: string): Playlist {
    const { ledger, people } = this;
    dropUnknown(
      ledger,
      "playlist",
      raw,
      new Set([
        "id",
        "short_id",
        "name",
        "derived_name",
        "description",
        "pinned",
        "deleted",
        "type",
        "created_at",
        "created_by",
        "last_modified_at",
        "last_modified_by",
        "filters",
        "recordings_counts",
        "is_synthetic",
      ]),
    );
    ledger.count("kept", "playlist ids, flags and dates");
    return {
      id: raw.id,
      short_id: raw.short_id,
      name: this.text("playlist.name", raw.name, `${path}.name`) ?? null,
      derived_name: this.text("playlist.derived_name", raw.derived_name, `${path}.derived_name`) ?? null,
      description: this.text("playlist.description", raw.description, `${path}.description`) ?? "",
      pinned: raw.pinned === true,
      deleted: false,
      type: raw.type === "collection" || raw.type === "filters" ? raw.type : null,
      created_at: this.time("playlist.created_at", raw.created_at, this.now().toISOString()),
      created_by: people.user(raw.created_by as User | null),
      last_modified_at: this.time("playlist.last_modified_at", raw.last_modified_at ?? raw.created_at, this.now().toISOString()),
      last_modified_by: people.user(raw.last_modified_by as User | null),
      filters: anonymiseFilters(raw.filters, { people, ledger, recordingIds: this.ids.byOld, playlist: raw.short_id }),
      // The mock counts a playlist's recordings itself.
      recordings_counts: {},
    } as unknown as Playlist;
  }

  /** A subscription's target, replaced by its kind: recipients' emails through the email map, a Slack channel by a placeholder. */
  target(raw: LiveSubscription, path: string): string {
    const value = raw.target_value ?? "";
    if (this.keep.has("subscription.target_value")) {
      this.ledger.keptPaths.add(`${path}.target_value`);
      this.ledger.count("kept", "subscription.target_value");
      return value;
    }
    this.ledger.count("replaced", "subscription.target_value");
    this.ledger.read(value);
    const parts = value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    for (const part of parts) this.ledger.read(part);
    if (raw.target_type === "email") return parts.map((part) => this.people.email(part)).join(",");
    if (raw.target_type === "webhook") return `https://${this.pseudonyms.of("host", value)}/hook`;
    return this.pseudonyms.of("channel", value);
  }

  subscription(raw: LiveSubscription, path: string): Subscription {
    const { ledger } = this;
    // Each known field by its kind: ids and schedule numbers within range, dates in range, enums as the snapshot check holds
    // them (a value outside stops the run there, unwritten), and any field the recorder does not know dropped.
    const ids = ["id", "dashboard", "insight"] as const;
    const enums = ["target_type", "frequency", "byweekday"] as const;
    const dates = ["start_date", "until_date", "created_at", "next_delivery_date"] as const;
    const flags = ["deleted", "enabled"] as const;
    dropUnknown(
      ledger,
      "subscription",
      raw,
      new Set([
        ...ids,
        ...enums,
        ...dates,
        ...flags,
        ...Object.keys(scheduleRanges),
        "dashboard_export_insights",
        "summary",
        "title",
        "invite_message",
        "target_value",
        "created_by",
        "prompt",
      ]),
    );
    const read = raw as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const field of ids) if (field in raw) out[field] = this.number(`subscription.${field}`, read[field], idRange);
    for (const field of enums) if (field in raw) out[field] = read[field];
    for (const field of dates)
      if (field in raw)
        out[field] = this.time(`subscription.${field}`, read[field], field === "start_date" || field === "created_at" ? this.now().toISOString() : null);
    for (const field of flags) if (field in raw) out[field] = read[field] === true;
    for (const [field, range] of Object.entries(scheduleRanges)) if (field in raw) out[field] = this.number(`subscription.${field}`, read[field], range);
    if (Array.isArray(raw.dashboard_export_insights))
      out.dashboard_export_insights = raw.dashboard_export_insights.flatMap((id) => withinRange(id, idRange)?.value ?? []);
    // The service's own sentence of the schedule: made again from the schedule, so nothing read is written.
    if ("summary" in raw) {
      if (typeof raw.summary === "string") ledger.read(raw.summary);
      out.summary = typeof out.frequency === "string" ? `Sent ${out.frequency}` : "Sent on a schedule";
      ledger.count("replaced", "subscription.summary (made from the schedule)");
    }
    ledger.count("kept", "subscription schedule, ids and dates");
    out.target_value = this.target(raw, path);
    out.title = this.text("subscription.title", raw.title, `${path}.title`) ?? null;
    if (typeof raw.invite_message === "string" && raw.invite_message !== "") {
      ledger.read(raw.invite_message);
      ledger.count("dropped", "subscription.invite_message");
    }
    out.invite_message = null;
    out.created_by = this.people.user(raw.created_by as User | null);
    // An AI report's prompt is free text: a placeholder keeps the subscription one.
    if (raw.prompt) {
      ledger.read(raw.prompt);
      ledger.count("replaced", "subscription.prompt (synthetic text)");
      out.prompt = syntheticText(String(raw.prompt), this.pseudonyms);
      ledger.madePaths.add(`${path}.prompt`);
    }
    return out as unknown as Subscription;
  }

  project(raw: LiveProject, id: number, path: string): Project {
    const { ledger, pseudonyms } = this;
    dropUnknown(
      ledger,
      "project",
      raw,
      new Set([
        "id",
        "uuid",
        "organization",
        "api_token",
        "name",
        "completed_snippet_onboarding",
        "has_completed_onboarding_for",
        "ingested_event",
        "is_demo",
        "timezone",
        "access_control",
      ]),
    );
    for (const value of [raw.uuid, raw.organization, raw.api_token]) ledger.read(value);
    let name = "Recorded project";
    if (this.keep.has("project.name")) {
      ledger.keptPaths.add(`${path}.name`);
      ledger.count("kept", "project.name");
      name = raw.name;
    } else {
      ledger.read(raw.name);
      ledger.count("replaced", "project.name");
    }
    ledger.count("replaced", "project.uuid, project.organization, project.api_token (regenerated)");
    // An IANA zone name the platform knows: a city in it (Europe/Berlin) is the project's setting, not a person's whereabouts.
    const timezone = typeof raw.timezone === "string" && timeZones.has(raw.timezone) ? raw.timezone : "UTC";
    if (timezone !== raw.timezone) ledger.count("replaced", "project.timezone (not a time zone)");
    ledger.keptPaths.add(`${path}.timezone`);
    const onboarding = isObject(raw.has_completed_onboarding_for)
      ? Object.fromEntries(Object.entries(raw.has_completed_onboarding_for).filter(([key, value]) => onboardingProducts.has(key) && typeof value === "boolean"))
      : null;
    return {
      id,
      uuid: pseudonyms.of("uuid", `project:${raw.uuid}`),
      organization: pseudonyms.of("uuid", `organization:${raw.organization}`),
      api_token: pseudonyms.of("token", raw.api_token),
      name,
      completed_snippet_onboarding: raw.completed_snippet_onboarding === true,
      has_completed_onboarding_for: onboarding,
      ingested_event: raw.ingested_event === true,
      is_demo: raw.is_demo === true,
      timezone,
      access_control: raw.access_control === true,
    };
  }

  now(): Date {
    return this.options.now ?? new Date();
  }

  /** The mock's own user, "you": made up, since the API does not say who the key's owner is. */
  you(): User {
    return {
      id: 1,
      uuid: this.pseudonyms.of("uuid", "the recording's user"),
      distinct_id: this.pseudonyms.of("distinctId", "the recording's user"),
      first_name: "Recorded",
      last_name: "User",
      email: "you@example.invalid",
      is_email_verified: true,
      hedgehog_config: null,
      role_at_organization: null,
    } as User;
  }
}

const startOf = (recording: Recording) => (recording.start_time ? Date.parse(recording.start_time) : Number.NaN);

/** `raw` as the mock's state, anonymised, with what was done. */
export function anonymise(raw: RawAccount, options: AnonymiseOptions): Anonymised {
  // The whole account first: which values enough persons share is known before anything is written.
  const a = new Anonymiser(options, new Census(raw.recordings, options.k ?? defaultK));
  const { ledger } = a;
  const projectId = options.projectIdOut ?? String(raw.project.id);
  if (options.projectIdOut !== undefined) ledger.read(String(raw.project.id));
  const where = `snapshot.projects.${projectId}`;

  const recordings = raw.recordings.map((recording, index) => a.recording(recording, `${where}.recordings[${index}]`));
  const state: MockState = {
    version: 1,
    user: a.you(),
    nextId: { playlist: 1, subscription: 1 },
    projects: {},
  };
  const project = {
    project: a.project(raw.project, Number(projectId), `${where}.project`),
    playlists: [],
    members: {},
    recordings,
    activity: {},
    subscriptions: [],
    sharing: {},
  };
  state.projects[projectId] = project;
  // The newest recording starts at the moment of recording, unless the real times are kept.
  const starts = recordings.map(startOf).filter((at) => !Number.isNaN(at));
  const newest = starts.length > 0 && !options.keepTimes ? starts.reduce((x, y) => Math.max(x, y)) : undefined;
  const delta = newest === undefined ? 0 : a.now().getTime() - newest;
  // Each new id carries its recording's start as written; the playlists' session_ids read them.
  for (const [index, recording] of recordings.entries()) {
    const at = startOf(recording);
    recording.id = a.ids.assign(raw.recordings[index]!.id, Number.isNaN(at) ? a.now().getTime() : at + delta);
  }
  ledger.count("replaced", "recording.id (UUIDv7 at the start as written)", recordings.length);

  const playlists = raw.playlists.map((playlist, index) => a.playlist(playlist, `${where}.playlists[${index}]`));
  const members: Record<string, string[]> = {};
  for (const playlist of playlists) members[playlist.short_id] = (raw.members[playlist.short_id] ?? []).flatMap((id) => a.ids.byOld.get(id) ?? []);
  // The mock's state holds the target types of SubscriptionTargetType; another kind would not load.
  const deliverable = raw.subscriptions.filter((subscription) => {
    const held = heldTargets.includes(subscription.target_type);
    if (!held) {
      ledger.read(subscription.target_value);
      ledger.count("dropped", `subscription (a ${String(subscription.target_type)} target: the mock holds ${heldTargets.join(", ")} ones)`);
    }
    return held;
  });
  const subscriptions = deliverable.map((subscription, index) => a.subscription(subscription, `${where}.subscriptions[${index}]`));
  Object.assign(project, { playlists, members, subscriptions, ...recordedResources(deliverable, a.pseudonyms, ledger) });
  // Every time moves with the newest recording's, and the anchor makes the mock move them again to its "now" (src/mock/state/rebase.ts).
  if (newest !== undefined) {
    state.anchor = new Date(newest).toISOString();
    rebaseTimes(state, a.now());
  }
  const highest = (ids: number[]) => ids.reduce((a, b) => Math.max(a, b), 0) + 1;
  state.nextId = { playlist: highest(playlists.map((p) => p.id)), subscription: highest(subscriptions.map((s) => s.id)) };

  const persons = new Set(recordings.flatMap((r) => (r.person ? [r.person.uuid] : [])));
  ledger.report.counts = {
    playlists: playlists.length,
    recordings: recordings.length,
    members: Object.values(members).reduce((n, list) => n + list.length, 0),
    persons: persons.size,
    subscriptions: subscriptions.length,
    membersOutsideWindow: raw.membersOutsideWindow,
  };
  const personal = new Set([...ledger.personal].filter((value) => !ledger.keptValues.has(value)));
  return { state, report: ledger.report, personal, keptPaths: ledger.keptPaths, madePaths: ledger.madePaths };
}
