// A snapshot as a mock adopts it: checked once, then known by its JSON text. A snapshot is
// adopted as its JSON (what `restore` always did: the text of the checked value, parsed), so a
// later one whose text is one already checked is that same state, and is adopted without a
// second check or parse: the frozen state parsed the first time is shared. The text is taken
// afresh from the value on every adoption, so a snapshot object its caller changed after
// passing it is never trusted stale: its text is another.
import type { MockValidator } from "../spec/validators.js";
import { rebaseTimes } from "./rebase.js";
import { checkSnapshot } from "./snapshot.js";
import type { MockState } from "./state.js";
import { deepFreeze, type SharedState } from "./working-state.js";

interface Checked {
  text: string;
  state: MockState;
}

/** How many checked snapshots each profile keeps, and the characters of JSON all of them hold at most: a test suite uses a few. */
const keptEach = 4;
const keptChars = 32 * 1024 * 1024;

/** By the profile's validators (a snapshot checked against one profile's schemas is not checked for another), newest last. */
const checkedBy = new WeakMap<Record<string, MockValidator>, Map<string, Checked>>();

/** Its JSON text, or undefined when it has none (a cycle, a BigInt): the check then names what is wrong. */
function textOf(snapshot: unknown): string | undefined {
  try {
    return JSON.stringify(snapshot);
  } catch {
    return undefined;
  }
}

/** `snapshot` checked (throws MockStateError naming the first bad field), as a frozen state parsed from its text. */
function checked(snapshot: unknown, validators: Record<string, MockValidator>): Checked {
  const kept = checkedBy.get(validators) ?? new Map<string, Checked>();
  checkedBy.set(validators, kept);
  const text = textOf(snapshot);
  const found = text === undefined ? undefined : kept.get(text);
  if (found) {
    // Newest last, so the oldest goes first.
    kept.delete(found.text);
    kept.set(found.text, found);
    return found;
  }
  const valid = checkSnapshot(snapshot, validators);
  const adopted = text ?? JSON.stringify(valid);
  const entry = { text: adopted, state: deepFreeze(JSON.parse(adopted) as MockState) };
  if (adopted.length <= keptChars) {
    kept.set(adopted, entry);
    let held = 0;
    for (const other of kept.values()) held += other.text.length;
    for (const [key, other] of kept) {
      if (kept.size <= keptEach && held <= keptChars) break;
      kept.delete(key);
      held -= other.text.length;
    }
  }
  return entry;
}

/**
 * The state a mock adopts for `snapshot` at `now`: the checked state itself, shared; or, for a
 * relative one (an `anchor`), its own copy with its times moved to now (rebase.ts).
 */
export function adoptedState(snapshot: unknown, validators: Record<string, MockValidator>, now: Date): SharedState {
  const { text, state } = checked(snapshot, validators);
  if (state.anchor === undefined) return { state, length: text.length };
  const moved = JSON.parse(text) as MockState;
  rebaseTimes(moved, now);
  return { state: deepFreeze(moved), length: text.length };
}
