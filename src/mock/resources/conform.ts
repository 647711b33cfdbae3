// The state keeps the description's shapes; a profile whose description shapes a recording
// otherwise (the live one: no `storage`, `distinct_ids` a list) conforms each recording it
// answers, from the shapes compiled from that description (spec/operations.ts).
import type { Shape, SpecTable } from "../spec/operations.js";
import type { Recording } from "../state/state.js";

function conformTo(record: Record<string, unknown>, shape: Shape): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of shape.fields) {
    if (!(field in record)) continue;
    const value = record[field];
    out[field] = shape.lists.includes(field) && value !== null && !Array.isArray(value) ? [value] : value;
  }
  return out;
}

/** `recording` as the profile's description shapes it. */
export function conformRecording(table: SpecTable, recording: Recording): Recording {
  const shapes = table.conform;
  if (!shapes) return recording;
  const out = conformTo(recording as unknown as Record<string, unknown>, shapes.SessionRecording);
  if (recording.person) out.person = conformTo(recording.person as unknown as Record<string, unknown>, shapes.Person);
  return out as unknown as Recording;
}
