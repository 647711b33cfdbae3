// Checks a snapshot whole before the mock adopts it: every record against the description's
// schema (the compiled validators), then the store's own invariants (invariants.ts). A corrupt
// one is refused with the first bad field named, and nothing is adopted.
import { isObject } from "../../shared/is-object.js";
import { maxJsonDepth, unrepresentable } from "../spec/json-limits.js";
import type { MockValidator } from "../spec/validators.js";
import { checkInvariants } from "./invariants.js";
import type { MockState } from "./state.js";

export class MockStateError extends Error {
  override name = "MockStateError";
}

/** The check that throws naming `where` and the first field of a value the description's schema refuses. */
function conformsTo(validators: Record<string, MockValidator>) {
  return (value: unknown, where: string, schema: string) => {
    const validate = validators[`schema_${schema}`]!;
    if (validate(value)) return;
    const first = validate.errors?.[0];
    const field = first?.keyword === "required" ? `.${String(first.params.missingProperty)}` : "";
    throw new MockStateError(`${where}${first?.instancePath.replace(/\//g, ".") ?? ""}${field} ${first?.message ?? "is invalid"}`);
  };
}

/** A map of `check`ed values, keyed by strings. */
function record(value: unknown, where: string, check: (item: unknown, where: string) => void) {
  if (!isObject(value)) throw new MockStateError(`${where} must be an object`);
  for (const [key, item] of Object.entries(value)) check(item, `${where}.${key}`);
}

const stringList = (value: unknown, where: string) => {
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) throw new MockStateError(`${where} must be a list of strings`);
};

/** What happened in a recording: the filters' events and actions (state.ts RecordingActivity). */
const activity = (value: unknown, where: string) => {
  if (!isObject(value)) throw new MockStateError(`${where} must be an object`);
  stringList(value.events, `${where}.events`);
  if (!Array.isArray(value.actions) || !value.actions.every((a) => Number.isInteger(a)))
    throw new MockStateError(`${where}.actions must be a list of integers`);
  const extra = Object.keys(value).find((key) => key !== "events" && key !== "actions");
  if (extra !== undefined) throw new MockStateError(`${where}.${extra} is not a field of a recording's activity`);
};

/** A list of `check`ed records, or nothing (an optional part). */
function optionalList(value: unknown, where: string, check: (item: Record<string, unknown>, where: string) => void) {
  if (value === undefined) return;
  if (!Array.isArray(value)) throw new MockStateError(`${where} must be an array`);
  for (const [index, item] of value.entries()) {
    if (!isObject(item)) throw new MockStateError(`${where}[${index}] must be an object`);
    check(item, `${where}[${index}]`);
  }
}

const whole = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 1;
const text = (value: unknown) => value === null || typeof value === "string";

/** What no description shapes, checked here: an insight or a dashboard a subscription names (state.ts). */
const insight = (value: Record<string, unknown>, where: string) => {
  onlyKnown(value, where, ["id", "short_id", "name", "derived_name"]);
  if (!whole(value.id)) throw new MockStateError(`${where}.id must be a whole number ≥ 1`);
  if (typeof value.short_id !== "string" || value.short_id === "") throw new MockStateError(`${where}.short_id must be a non-empty string`);
  if (!text(value.name)) throw new MockStateError(`${where}.name must be a string or null`);
  if (value.derived_name !== undefined && !text(value.derived_name)) throw new MockStateError(`${where}.derived_name must be a string or null`);
};
const dashboard = (value: Record<string, unknown>, where: string) => {
  onlyKnown(value, where, ["id", "name", "tiles"]);
  if (!whole(value.id)) throw new MockStateError(`${where}.id must be a whole number ≥ 1`);
  if (!text(value.name)) throw new MockStateError(`${where}.name must be a string or null`);
  if (!Array.isArray(value.tiles) || !value.tiles.every(whole)) throw new MockStateError(`${where}.tiles must be a list of insight ids`);
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const deliveryStatuses = ["starting", "completed", "failed", "skipped"];

/** A delivery (state.ts): the fields the mock finds, orders and filters it by; the rest is answered as kept. */
const delivery = (value: Record<string, unknown>, where: string) => {
  if (typeof value.id !== "string" || !uuid.test(value.id)) throw new MockStateError(`${where}.id must be a UUID`);
  if (!whole(value.subscription)) throw new MockStateError(`${where}.subscription must be a subscription id`);
  if (!deliveryStatuses.includes(value.status as string)) throw new MockStateError(`${where}.status must be one of ${deliveryStatuses.join(", ")}`);
  if (typeof value.created_at !== "string" || !isoDateTime.test(value.created_at))
    throw new MockStateError(`${where}.created_at must be an ISO 8601 date-time in UTC`);
};

/** Refuses a key `value` holds beyond `known`, naming it: a snapshot's parts are the state's own, and one the state has not would be lost at the next save. */
function onlyKnown(value: Record<string, unknown>, where: string, known: readonly string[]) {
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new MockStateError(`${where}.${unknown} is not a part of the mock's state (its parts: ${known.join(", ")})`);
}

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The shape of every part, by the description's schemas where it has one. */
function checkShape(snapshot: Record<string, unknown>, validators: Record<string, MockValidator>) {
  const conforms = conformsTo(validators);
  const list = (value: unknown, where: string, schema: string) => {
    if (!Array.isArray(value)) throw new MockStateError(`${where} must be an array`);
    for (const [index, item] of value.entries()) conforms(item, `${where}[${index}]`, schema);
  };
  onlyKnown(snapshot, "snapshot", ["version", "anchor", "user", "nextId", "projects"]);
  if (snapshot.version !== 1) throw new MockStateError(`snapshot.version must be 1, got ${JSON.stringify(snapshot.version)}`);
  const anchor = snapshot.anchor;
  if (anchor !== undefined && !(typeof anchor === "string" && isoDateTime.test(anchor) && !Number.isNaN(Date.parse(anchor))))
    throw new MockStateError(`snapshot.anchor must be an ISO 8601 date-time in UTC such as 2026-11-20T10:00:00.000Z, got ${JSON.stringify(anchor)}`);
  conforms(snapshot.user, "snapshot.user", "User");
  const nextId = snapshot.nextId;
  if (!isObject(nextId)) throw new MockStateError("snapshot.nextId must be an object");
  onlyKnown(nextId, "snapshot.nextId", ["playlist", "subscription"]);
  for (const kind of ["playlist", "subscription"]) {
    const next = nextId[kind];
    if (!Number.isSafeInteger(next) || (next as number) < 1) throw new MockStateError(`snapshot.nextId.${kind} must be a whole number ≥ 1`);
  }
  record(snapshot.projects, "snapshot.projects", (project, where) => {
    if (!isObject(project)) throw new MockStateError(`${where} must be an object`);
    onlyKnown(project, where, [
      "project",
      "playlists",
      "members",
      "recordings",
      "activity",
      "subscriptions",
      "sharing",
      "insights",
      "dashboards",
      "deliveries",
    ]);
    conforms(project.project, `${where}.project`, "Project");
    list(project.playlists, `${where}.playlists`, "Playlist");
    list(project.recordings, `${where}.recordings`, "SessionRecording");
    list(project.subscriptions, `${where}.subscriptions`, "Subscription");
    record(project.members, `${where}.members`, stringList);
    record(project.activity, `${where}.activity`, activity);
    record(project.sharing, `${where}.sharing`, (sharing, at) => conforms(sharing, at, "SharingConfiguration"));
    optionalList(project.insights, `${where}.insights`, insight);
    optionalList(project.dashboards, `${where}.dashboards`, dashboard);
    optionalList(project.deliveries, `${where}.deliveries`, delivery);
  });
}

// A record lies four levels into the state (projects, its id, its list, its index), and what a
// request writes into it may nest as deep as a request body may.
const maxSnapshotDepth = maxJsonDepth + 4;

/**
 * The snapshot, if it can be adopted as it is; throws MockStateError naming the first bad field
 * otherwise. `validators` hold the state's records' schemas (`schema_Playlist`, …).
 */
export function checkSnapshot(snapshot: unknown, validators: Record<string, MockValidator>): MockState {
  if (!isObject(snapshot)) throw new MockStateError("the snapshot must be an object");
  // First, and without recursion: what the store could not keep or copy (too deep, or a number JSON cannot carry).
  const unkept = unrepresentable(snapshot, maxSnapshotDepth);
  if (unkept) {
    const where = ["snapshot", ...unkept.path.slice(0, unkept.problem === "depth" ? 6 : undefined)].join(".");
    throw new MockStateError(
      unkept.problem === "depth" ? `${where} is nested more than ${maxSnapshotDepth} levels deep` : `${where} is not a number JSON can carry`,
    );
  }
  checkShape(snapshot, validators);
  const state = snapshot as unknown as MockState;
  const broken = checkInvariants(state);
  if (broken) throw new MockStateError(broken);
  return state;
}
