// The form a snapshot file is written in, by `record` (src/record/write-files.ts) and by the
// server's --persist (persistence/persist.ts): JSON indented by two spaces, keys in the state's own
// order (the order they were read or made in), a final newline, and, for a relative state, times
// in the frame of the file's own anchor (rebase.ts). So a file reads well, a start that changes
// nothing leaves it as it was, and a change shows in a diff as the lines of the records it touched.
import { timesInFrame } from "./rebase.js";
import type { MockState } from "./state.js";

/** `value` as a file's JSON: readable, with a final newline. */
export const readableJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** `state` as the text of a snapshot file whose anchor is `anchor` (none: the state's own frame). */
export const snapshotFileText = (state: MockState, anchor?: string): string => readableJson(timesInFrame(state, anchor));
