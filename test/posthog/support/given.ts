// A case's `given` as the mock's state: the two teams empty but for the records the case names
// (insights, dashboards and deliveries among them),
// each record completed as a create would complete it (the live description's defaults of the
// writable fields), then with the read-only fields below (what the service's model fills in). The
// mock checks the result as it checks any snapshot, so a given record it cannot hold is an error,
// not a silently different setup.
import { liveProfile } from "../../../src/mock/profiles/live.js";
import { nextDelivery, summarize } from "../../../src/mock/state/schedule.js";
import type { Dashboard, Delivery, Insight, MockState, Playlist, ProjectState, Recording, Subscription, User } from "../../../src/mock/state/state.js";
import type { Given } from "./cases.js";

/** The test's second user (`{other_user}`); the first is the mock's own user, whoever the state says. */
export const otherUser: User = {
  id: 7613,
  uuid: "0190a6f2-3c5d-7e21-8b4f-9d2e6a1c5f31",
  distinct_id: "other-user-distinct-id",
  first_name: "Other",
  last_name: "User",
  email: "other.user@example.com",
  is_email_verified: true,
  hedgehog_config: null as unknown as User["hedgehog_config"],
  role_at_organization: null as unknown as User["role_at_organization"],
};

type Fields = Record<string, unknown>;

/** The defaults the live description gives a create's body fields. */
const createDefaults = (operationId: string): Fields => {
  const operation = liveProfile.table.operations.find((o) => o.id === operationId);
  if (!operation?.body) throw new Error(`the live description has no ${operationId} with a body`);
  return structuredClone(operation.body.defaults);
};

function playlist(raw: Fields, index: number, user: User, now: string): Playlist {
  const filters = raw.filters ?? {};
  const created = (raw.created_at as string | undefined) ?? now;
  const creator = (raw.created_by as User | null | undefined) ?? user;
  return {
    ...createDefaults("createPlaylist"),
    id: 1000 + index,
    short_id: `given${index}`,
    created_at: created,
    created_by: creator,
    filters,
    last_modified_at: created,
    last_modified_by: creator,
    recordings_counts: {},
    type: typeof filters === "object" && filters !== null && Object.keys(filters).length > 0 ? "filters" : "collection",
    ...raw,
  } as unknown as Playlist;
}

function recording(raw: Fields, index: number, now: Date): Recording {
  const start = (raw.start_time as string | undefined) ?? new Date(now.getTime() - 3_600_000).toISOString();
  const end = (raw.end_time as string | undefined) ?? new Date(Date.parse(start) + 60_000).toISOString();
  const duration = Math.round((Date.parse(end) - Date.parse(start)) / 1000);
  const active = (raw.active_seconds as number | undefined) ?? duration;
  const distinctId = (raw.distinct_id as string | undefined) ?? "user";
  const person = raw.person === null ? null : personOf((raw.person as Fields | undefined) ?? {}, index, distinctId, start);
  return {
    distinct_id: distinctId,
    viewed: false,
    viewers: [],
    recording_duration: duration,
    active_seconds: active,
    inactive_seconds: Math.max(0, duration - active),
    start_time: start,
    end_time: end,
    click_count: 0,
    keypress_count: 0,
    mouse_activity_count: 0,
    console_log_count: 0,
    console_warn_count: 0,
    console_error_count: 0,
    start_url: null,
    storage: "object_storage",
    snapshot_source: "web",
    ongoing: false,
    activity_score: null,
    ...raw,
    person,
  } as unknown as Recording;
}

/** The state holds a person's distinct ids as one string, as the seed describes it: the first of a list. */
function personOf(raw: Fields, index: number, distinctId: string, at: string): Recording["person"] {
  const ids = raw.distinct_ids;
  return {
    id: 5_000_000 + index,
    name: distinctId,
    created_at: at,
    uuid: `0190a6f2-0000-7000-8000-${String(index).padStart(12, "0")}`,
    properties: {},
    ...raw,
    distinct_ids: Array.isArray(ids) ? String(ids[0]) : ((ids as string | undefined) ?? distinctId),
  } as Recording["person"];
}

function subscription(raw: Fields, index: number, user: User, now: Date): Subscription {
  const record = {
    ...createDefaults("createSubscription"),
    id: 100 + index,
    target_type: "email",
    target_value: "",
    frequency: "daily",
    interval: 1,
    start_date: now.toISOString(),
    created_at: now.toISOString(),
    created_by: user,
    summary: "",
    next_delivery_date: null,
    ...raw,
  } as unknown as Subscription;
  if (!("summary" in raw)) record.summary = summarize(record);
  if (!("next_delivery_date" in raw)) record.next_delivery_date = record.deleted ? null : nextDelivery(record, now);
  return record;
}

/** An insight as the test's setup made it: a name only when the test gives one, as the model's is nullable. */
const insight = (raw: Fields): Insight => ({ name: null, ...raw }) as unknown as Insight;
const dashboard = (raw: Fields): Dashboard => ({ name: null, tiles: [], ...raw }) as unknown as Dashboard;

/** A delivery as the model makes one: its defaults, then the test's fields; made at `now`, one a second apart, in the order given. */
function delivery(raw: Fields, index: number, now: Date): Delivery {
  const at = new Date(now.getTime() - 60_000 + index * 1000).toISOString();
  const key = (raw.idempotency_key as string | undefined) ?? `default-key-${index}`;
  return {
    temporal_workflow_id: `wf-${key}`,
    idempotency_key: key,
    trigger_type: "scheduled",
    scheduled_at: null,
    target_type: "email",
    target_value: "",
    exported_asset_ids: [],
    content_snapshot: {},
    recipient_results: [],
    status: "starting",
    error: null,
    created_at: at,
    last_updated_at: at,
    finished_at: null,
    change_summary: null,
    ai_report: null,
    ai_report_diagnostics: null,
    ai_report_prompt: null,
    ...raw,
  } as unknown as Delivery;
}

const list = (given: Given, key: string) => (given[key] as Fields[] | undefined) ?? [];

function projectState(project: ProjectState["project"], given: Given, user: User, now: Date): ProjectState {
  const at = now.toISOString();
  const recordings = list(given, "recordings").map((raw, index) => recording(raw, index, now));
  const activity = (given.activity as ProjectState["activity"] | undefined) ?? {};
  return {
    project,
    playlists: list(given, "playlists").map((raw, index) => playlist(raw, index, user, at)),
    members: (given.members as ProjectState["members"] | undefined) ?? {},
    recordings,
    activity: Object.fromEntries(recordings.map((r) => [r.id, activity[r.id] ?? { events: [], actions: [] }])),
    subscriptions: list(given, "subscriptions").map((raw, index) => subscription(raw, index, user, now)),
    sharing: (given.sharing as ProjectState["sharing"] | undefined) ?? {},
    insights: list(given, "insights").map(insight),
    dashboards: list(given, "dashboards").map(dashboard),
    deliveries: list(given, "deliveries").map((raw, index) => delivery(raw, index, now)),
  };
}

/**
 * The state for one case: `template` gives the user and the project's own fields (the live mock's
 * seeded state); `given` and `givenOtherTeam` are already expanded.
 */
export function stateOf(template: MockState, teams: { team: string; otherTeam: string }, given: Given, givenOtherTeam: Given, now: Date): MockState {
  const projectOf = (id: string) => ({ ...Object.values(template.projects)[0]!.project, id: Number(id), name: `Team ${id}` });
  const projects = {
    [teams.team]: projectState(projectOf(teams.team), given, template.user, now),
    [teams.otherTeam]: projectState(projectOf(teams.otherTeam), givenOtherTeam, template.user, now),
  };
  const ids = (pick: (p: ProjectState) => { id: number }[]) => Math.max(0, ...Object.values(projects).flatMap((p) => pick(p).map((r) => r.id)));
  return {
    version: 1,
    user: template.user,
    nextId: { playlist: ids((p) => p.playlists) + 1, subscription: ids((p) => p.subscriptions) + 1 },
    projects,
  };
}
