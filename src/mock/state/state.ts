// The mock's whole state: plain JSON, so a snapshot is a deep copy and can be persisted.
import type { components as LiveComponents } from "../../../generated/live/openapi.js";
import type { components } from "../../../generated/openapi.js";

type Schemas = components["schemas"];
/** The mock sets the fields the API marks read-only. */
type Writable<T> = { -readonly [K in keyof T]: T[K] };
export type Playlist = Writable<Schemas["Playlist"]>;
export type Recording = Writable<Schemas["SessionRecording"]>;
export type Subscription = Writable<Schemas["Subscription"]>;
export type Project = Schemas["Project"];
export type User = NonNullable<Playlist["created_by"]>;
export type Sharing = Schemas["SharingConfiguration"];
/**
 * A subscription's delivery: only the live service's description has them (its test delivery and
 * deliveries routes). `ai_report_charts` may be missing from one a snapshot kept from before it
 * existed, which is answered as null (resources/deliveries.ts).
 */
type AnsweredDelivery = Writable<LiveComponents["schemas"]["SubscriptionDelivery"]>;
export type Delivery = Omit<AnsweredDelivery, "ai_report_charts"> & Partial<Pick<AnsweredDelivery, "ai_report_charts">>;

/** What happened in a recording, which the spec's recording does not carry but its filters need. */
export interface RecordingActivity {
  events: string[];
  actions: number[];
}

/**
 * An insight a subscription delivers, as little of it as the subscription answers need: no
 * description has insights, so the state keeps the service's own fields (its model's `name`,
 * `derived_name` and `short_id`).
 */
export interface Insight {
  id: number;
  short_id: string;
  name: string | null;
  derived_name?: string | null;
}

/** A dashboard a subscription delivers: its `name`, and the insights on its tiles (their ids). */
export interface Dashboard {
  id: number;
  name: string | null;
  tiles: number[];
}

/** The parts of a project's state a record lies in (state/changes.ts addresses a record by its part and key). */
export const stateParts = ["playlists", "members", "recordings", "activity", "subscriptions", "sharing", "deliveries"] as const;
export type StatePart = (typeof stateParts)[number];

export interface ProjectState {
  project: Project;
  /** Every playlist, soft-deleted ones included. */
  playlists: Playlist[];
  /** Recording ids in each playlist, by `short_id`, the newest added first. */
  members: Record<string, string[]>;
  recordings: Recording[];
  activity: Record<string, RecordingActivity>;
  /** Every subscription, soft-deleted ones included. */
  subscriptions: Subscription[];
  sharing: Record<string, Sharing>;
  /** The insights and dashboards its subscriptions name; optional, so a snapshot made before them loads. */
  insights?: Insight[];
  dashboards?: Dashboard[];
  /** Its subscriptions' deliveries, oldest first; optional, so a snapshot made before them loads. */
  deliveries?: Delivery[];
}

export interface MockState {
  version: 1;
  /**
   * Optional: the moment that stands for "now" in a state whose times are relative (a
   * recording's, rebase.ts). Adopting the state moves every time by (now − anchor); without
   * it, times are kept as written.
   */
  anchor?: string;
  /** The user every key acts as: `created_by` of what the mock creates. */
  user: User;
  nextId: { playlist: number; subscription: number };
  projects: Record<string, ProjectState>;
}

export const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
