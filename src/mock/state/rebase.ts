// A snapshot whose times are relative: its `anchor` names the moment that stands for "now".
// When such a state is adopted, every time it holds moves by (now − anchor), in whole seconds,
// so gaps are kept and a listing's date window finds the same records a week later, and the
// anchor becomes now, so the state the mock saves (GET /__mock/state, --persist) stays relative.
// A state without an anchor keeps its times as written. A time keeps its form as it moves (its
// fraction of a second as written, its offset or none): the service's `…:00Z` and `.123456Z`,
// the mock's own, a client's. So a --persist file is written back in its own frame
// (timesInFrame, the exact inverse of the move) and a record the server did not change is
// written as it was read. Every time stays within the service's range (../date-range.ts): one
// at either end stays there, and one a move would carry past an end stops at it, the one case
// where the inverse is not exact.
import { firstSecondMs, lastDateMs, readDateTime, wallBounds, wallText } from "../date-range.js";
import { day } from "../day.js";
import type { MockState, StatePart } from "./state.js";

/** How far times move: a date-time by `ms`, a date (`2026-11-20`) by whole `days`. */
interface Shift {
  ms: number;
  days: number;
}

/**
 * The move that takes times anchored at `from` to `to`, in whole seconds, so a time moves with its
 * fraction of a second unchanged; a date moves by the days a midnight moves, so it lands on the
 * date the moved midnight falls on.
 */
function shiftBetween(from: string, to: string): Shift {
  const delta = Math.round((Date.parse(to) - Date.parse(from)) / 1000) * 1000;
  return { ms: delta, days: Math.floor(delta / day) };
}

/** The move that undoes shiftBetween(from, to) exactly, dates included. */
const undoing = ({ ms, days }: Shift): Shift => ({ ms: -ms, days: -days });

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `ms` moved by `by`, within [lowest, highest]: a time at either end stays there, and one the
 * move would carry past an end stops at it (openapi/DECISIONS.md, "Dates the service can hold").
 * So every time the service can hold stays one across any number of moves, and the ends
 * (`9999-12-31T23:59:59Z`, "never") are fixed points, written back as they were read.
 */
function within(ms: number, by: number, lowest: number, highest: number): number {
  if (ms === lowest || ms === highest) return ms;
  return Math.min(highest, Math.max(lowest, ms + by));
}

/** `value` moved when it is an ISO date or date-time, in the form it came in; anything else as it is. */
function moved(value: unknown, { ms, days }: Shift): unknown {
  if (typeof value !== "string") return value;
  if (dateOnly.test(value)) {
    const date = Date.parse(value);
    if (Number.isNaN(date)) return value;
    return new Date(within(date, days * day, firstSecondMs, lastDateMs)).toISOString().slice(0, 10);
  }
  const read = readDateTime(value);
  // Not a time (a second 60 is none): as it is.
  if (!read || Number.isNaN(read.wallMs)) return value;
  // The wall time moves by whole seconds in its own offset, so its fraction and offset stay as written.
  const [date, time] = wallText(within(read.wallMs, ms, ...wallBounds(read.offsetMs)));
  return `${date}${read.separator}${time}${read.fraction}${read.offset}`;
}

type Fields = Record<string, unknown>;

function move(record: Fields, fields: readonly string[], shift: Shift) {
  for (const field of fields) if (field in record) record[field] = moved(record[field], shift);
}

/** Each timed part's records: a copy deep enough that moving its times leaves the original alone, and the move (in place). */
const timed: Partial<Record<StatePart, { copy(record: Fields): Fields; move(record: Fields, shift: Shift): void }>> = {
  recordings: {
    copy: (recording) => ({ ...recording, ...(recording.person ? { person: { ...(recording.person as Fields) } } : {}) }),
    move(recording, shift) {
      move(recording, ["start_time", "end_time"], shift);
      if (recording.person) move(recording.person as Fields, ["created_at"], shift);
    },
  },
  playlists: {
    copy: (playlist) => ({ ...playlist, ...(isFields(playlist.filters) ? { filters: { ...playlist.filters } } : {}) }),
    move(playlist, shift) {
      move(playlist, ["created_at", "last_modified_at"], shift);
      // A playlist's own window, when it names dates rather than a relative one (`-7d`).
      if (isFields(playlist.filters)) move(playlist.filters, ["date_from", "date_to"], shift);
    },
  },
  subscriptions: {
    copy: (subscription) => ({ ...subscription }),
    move: (subscription, shift) => move(subscription, ["created_at", "start_date", "until_date", "next_delivery_date"], shift),
  },
  sharing: {
    copy: (sharing) => ({ ...sharing }),
    move: (sharing, shift) => move(sharing, ["created_at"], shift),
  },
  deliveries: {
    copy: (delivery) => ({ ...delivery }),
    move: (delivery, shift) => move(delivery, ["created_at", "last_updated_at", "finished_at", "scheduled_at"], shift),
  },
};

function isFields(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Moves `state`'s times (in place) so its anchor falls on `now`, and sets the anchor to `now`; a state without an anchor is left as it is. */
export function rebaseTimes(state: MockState, now: Date): void {
  if (state.anchor === undefined) return;
  const shift = shiftBetween(state.anchor, now.toISOString());
  state.anchor = now.toISOString();
  for (const project of Object.values(state.projects)) {
    for (const recording of project.recordings) timed.recordings!.move(recording as unknown as Fields, shift);
    for (const playlist of project.playlists) timed.playlists!.move(playlist as unknown as Fields, shift);
    for (const subscription of project.subscriptions) timed.subscriptions!.move(subscription as unknown as Fields, shift);
    for (const sharing of Object.values(project.sharing)) timed.sharing!.move(sharing as unknown as Fields, shift);
    for (const delivery of project.deliveries ?? []) timed.deliveries!.move(delivery as unknown as Fields, shift);
  }
}

/**
 * `state` as it reads in the frame of `anchor`, the anchor of the file it was loaded from: the
 * move rebaseTimes made from `anchor` to the state's own, undone exactly (every ISO date and
 * date-time keeps its form as it moves), and the anchor put back. Shares
 * what it does not move with `state`, which it leaves as it is; a state without an anchor, or
 * no `anchor`, is returned as it is.
 */
export function timesInFrame(state: MockState, anchor: string | undefined): MockState {
  if (anchor === undefined || state.anchor === undefined || state.anchor === anchor) return state;
  const shift = undoing(shiftBetween(anchor, state.anchor));
  const back = <T>(part: StatePart, record: T): T => {
    const copy = timed[part]!.copy(record as Fields);
    timed[part]!.move(copy, shift);
    return copy as T;
  };
  const projects = Object.fromEntries(
    Object.entries(state.projects).map(([id, project]) => [
      id,
      {
        ...project,
        recordings: project.recordings.map((recording) => back("recordings", recording)),
        playlists: project.playlists.map((playlist) => back("playlists", playlist)),
        subscriptions: project.subscriptions.map((subscription) => back("subscriptions", subscription)),
        sharing: Object.fromEntries(Object.entries(project.sharing).map(([key, sharing]) => [key, back("sharing", sharing)])),
        ...(project.deliveries ? { deliveries: project.deliveries.map((delivery) => back("deliveries", delivery)) } : {}),
      },
    ]),
  );
  return { ...state, anchor, projects };
}

/** Moves a record of `part` (in place) from the frame of the anchor `from` to that of `to`, as timesInFrame moves a whole state. */
export function recordInFrame(part: StatePart, record: unknown, from: string, to: string): void {
  if (from !== to && isFields(record)) timed[part]?.move(record, undoing(shiftBetween(to, from)));
}
