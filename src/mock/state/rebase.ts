// A snapshot whose times are relative: its `anchor` names the moment that stands for "now".
// When such a state is adopted, every time it holds moves by (now − anchor), so gaps are kept
// and a listing's date window finds the same records a week later, and the anchor becomes now,
// so the state the mock saves (GET /__mock/state, --persist) stays relative. A state without an
// anchor keeps its times as written.
import type { MockState } from "./state.js";

/** The state's time fields, by part: what moves when the state is rebased. */
const timeFields = {
  recordings: ["start_time", "end_time"],
  playlists: ["created_at", "last_modified_at"],
  subscriptions: ["created_at", "start_date", "until_date", "next_delivery_date"],
  deliveries: ["created_at", "last_updated_at", "finished_at", "scheduled_at"],
} as const;

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** `value` moved by `delta` ms when it is an ISO date or date-time, in the form it came in; anything else as it is. */
function moved(value: unknown, delta: number): unknown {
  if (typeof value !== "string") return value;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return value;
  const shifted = new Date(at + delta).toISOString();
  return dateOnly.test(value) ? shifted.slice(0, 10) : shifted;
}

function move(record: Record<string, unknown>, fields: readonly string[], delta: number) {
  for (const field of fields) if (field in record) record[field] = moved(record[field], delta);
}

/** Moves `state`'s times (in place) so its anchor falls on `now`, and sets the anchor to `now`; a state without an anchor is left as it is. */
export function rebaseTimes(state: MockState, now: Date): void {
  if (state.anchor === undefined) return;
  const delta = now.getTime() - Date.parse(state.anchor);
  state.anchor = now.toISOString();
  for (const project of Object.values(state.projects)) {
    for (const recording of project.recordings) {
      move(recording as unknown as Record<string, unknown>, timeFields.recordings, delta);
      if (recording.person) move(recording.person as unknown as Record<string, unknown>, ["created_at"], delta);
    }
    for (const playlist of project.playlists) {
      move(playlist as unknown as Record<string, unknown>, timeFields.playlists, delta);
      // A playlist's own window, when it names dates rather than a relative one (`-7d`).
      const filters = playlist.filters as Record<string, unknown> | null | undefined;
      if (filters && typeof filters === "object") move(filters, ["date_from", "date_to"], delta);
    }
    for (const subscription of project.subscriptions) move(subscription as unknown as Record<string, unknown>, timeFields.subscriptions, delta);
    for (const delivery of project.deliveries ?? []) move(delivery as unknown as Record<string, unknown>, timeFields.deliveries, delta);
    for (const sharing of Object.values(project.sharing)) move(sharing as unknown as Record<string, unknown>, ["created_at"], delta);
  }
}
