// A mock's state over a shared base: the base (a seed, or an adopted snapshot) is frozen whole
// and shared by every mock that starts from it; a mock's own state holds its own top, projects
// and next ids, and takes a part's list or map as its own only when it first writes to it. A
// record is never changed in place: a write puts a new, frozen value, so a handler that changes
// a record or a shared part in place throws instead of leaking its change to another mock. So
// every change goes through `write`, which is how `reset` undoes it in proportion to what was
// written (the projects touched), not to the state's size.
import { positionOf, removeAt } from "./list-positions.js";
import type { MockState, ProjectState, StatePart } from "./state.js";

/** Freezes `value` and everything it holds that is not frozen already (a frozen object's parts were frozen with it). */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/** A state mocks start from, frozen whole and shared, and the length of its JSON (the size guard's measure). */
export interface SharedState {
  state: MockState;
  length: number;
}

/** What a record of `part` is: an item of a list part, or a value of a map part. */
export type PartRecord<P extends StatePart> =
  NonNullable<ProjectState[P]> extends readonly (infer T)[] ? T : NonNullable<ProjectState[P]> extends Record<string, infer V> ? V : never;

export interface WorkingState {
  /** The state as it is now: what handlers read, `snapshot()` copies and `--persist` writes. */
  readonly state: MockState;
  /** The frozen state it started from. */
  readonly base: MockState;
  /**
   * Puts `value` as the record of project `projectId` at `part` and `key` (null removes it): in
   * place of the record with that key, or at the end of a list part when new. The value is frozen.
   */
  write<P extends StatePart>(projectId: string, part: P, key: string, value: PartRecord<P> | null): void;
  /** Back to the base: the projects written to since get the base's parts again, and the next ids the base's. */
  undo(): void;
}

const own = (base: MockState): MockState => {
  const projects: Record<string, ProjectState> = {};
  for (const id in base.projects) projects[id] = { ...base.projects[id]! };
  return { ...base, nextId: { ...base.nextId }, projects };
};

/** A state of its own over `base`, which must be frozen whole (deepFreeze). */
export function workingState(base: MockState): WorkingState {
  const state = own(base);
  const touched = new Set<string>();
  return {
    state,
    base,
    write(projectId, part, key, value) {
      const project = state.projects[projectId]!;
      touched.add(projectId);
      const stored = value === null ? null : deepFreeze(value);
      const holder = project[part] as unknown;
      if (holder === undefined || Array.isArray(holder)) {
        // A list part: its own copy before the first write (an optional part a snapshot lacks starts empty).
        const list = (holder === undefined ? [] : Object.isFrozen(holder) ? [...(holder as unknown[])] : holder) as Record<string, unknown>[];
        (project as unknown as Record<string, unknown>)[part] = list;
        const at = positionOf(list, part, key);
        if (stored === null) {
          if (at >= 0) removeAt(list, at);
        } else if (at >= 0) list[at] = stored as Record<string, unknown>;
        else list.push(stored as Record<string, unknown>);
        return;
      }
      // `__proto__` would set the map's prototype; the mock never keys a record by it (invariants.ts).
      if (key === "__proto__") throw new Error(`a record of ${part} cannot be keyed ${key}`);
      const map = (Object.isFrozen(holder) ? { ...(holder as object) } : holder) as Record<string, unknown>;
      (project as unknown as Record<string, unknown>)[part] = map;
      if (stored === null) delete map[key];
      else map[key] = stored;
    },
    undo() {
      for (const id of touched) state.projects[id] = { ...base.projects[id]! };
      touched.clear();
      state.nextId = { ...base.nextId };
    },
  };
}
