// What one request changed, told to `onChange` (engine.ts) so an adapter can keep the state
// elsewhere without writing it whole: the server's --persist journal (persistence/persist.ts) holds
// one change a line and replays them at start with applyChange. A record is addressed by its
// project, the part of the project's state it lies in, and its key there; a change carries the
// records' new values (null: the record is gone) and the next ids. A change the records cannot
// say (a reset, a restored snapshot, a scenario switch) is `whole`: the state is new. A change
// of a relative state (rebase.ts) names its anchor, the frame its records' times are in, so it
// applies to a state saved in another frame.
import { isObject } from "../../shared/is-object.js";
import { positionOf, removeAt } from "./list-positions.js";
import { recordInFrame } from "./rebase.js";
import { type MockState, type ProjectState, type StatePart, stateParts } from "./state.js";

export type { StatePart } from "./state.js";

export interface RecordChange {
  project: string;
  part: StatePart;
  key: string;
  /** The record's new value, or null when it is gone. */
  value: unknown;
}

export type StateChange =
  | { whole: true }
  | {
      whole: false;
      nextId: MockState["nextId"];
      records: RecordChange[];
      /** The state's anchor when it has one: the frame of the records' times. */
      anchor?: string;
    };

/** The record of `project` at `part` and `key`, or null when there is none. */
export function recordOf(project: ProjectState, part: StatePart, key: string): unknown {
  // An optional part (deliveries) a state made before it lacks holds nothing.
  const holder = (project[part] ?? []) as unknown;
  if (Array.isArray(holder)) {
    const at = positionOf(holder, part, key);
    return at < 0 ? null : holder[at];
  }
  return Object.hasOwn(holder as object, key) ? (holder as Record<string, unknown>)[key] : null;
}

/**
 * Applies a change to a state read from JSON, in place: a record is replaced where it is, added
 * at the end of its list when new, or removed; its times are moved into the state's frame when
 * both have an anchor. A change of the wrong shape throws, naming what is wrong; the state that
 * results is checked whole by the snapshot check before it is adopted.
 */
export function applyChange(state: unknown, change: unknown): void {
  if (!isObject(state) || !isObject(state.projects)) throw new Error("the state has no projects");
  if (!isObject(change) || change.whole !== false || !Array.isArray(change.records)) throw new Error("a change must hold its records");
  // A state whose own anchor is no date-time is refused by the check that follows, naming it.
  const frames =
    typeof change.anchor === "string" && !Number.isNaN(Date.parse(String(state.anchor))) ? { from: change.anchor, to: String(state.anchor) } : undefined;
  if (frames && Number.isNaN(Date.parse(frames.from))) throw new Error(`a change's anchor ${JSON.stringify(frames.from)} is not a date-time`);
  state.nextId = change.nextId;
  for (const record of change.records as unknown[]) {
    if (!isObject(record) || typeof record.key !== "string" || !stateParts.includes(record.part as StatePart)) throw new Error("a changed record is malformed");
    const project: unknown = state.projects[String(record.project)];
    if (!isObject(project)) throw new Error(`a change is for project ${String(record.project)}, which the state does not hold`);
    // An optional list part (deliveries) starts empty in a state made before it.
    if (record.part === "deliveries" && project.deliveries === undefined) project.deliveries = [];
    const holder: unknown = project[record.part as StatePart];
    const { key, value } = record;
    if (frames) recordInFrame(record.part as StatePart, value, frames.from, frames.to);
    // Such a key would reach Object.prototype (`__proto__` sets the prototype); the mock never makes one.
    if (key in Object.prototype) throw new Error(`a changed record's key ${key} is a name the store cannot key by`);
    if (Array.isArray(holder)) {
      const at = positionOf(holder, record.part as string, key);
      if (value === null) {
        if (at >= 0) removeAt(holder, at);
      } else if (at >= 0) holder[at] = value;
      else holder.push(value);
    } else if (isObject(holder)) {
      if (value === null) delete holder[key];
      else holder[key] = value;
    } else throw new Error(`project ${String(record.project)} has no ${String(record.part)}`);
  }
}
