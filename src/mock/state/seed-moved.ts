// The seeded state of another instant, from one built earlier: exactly what seed.ts would build
// at `to` (a test holds it), at a fraction of the cost. Building the seed draws the same random
// numbers whatever the instant; only what it derives from the instant differs: the generated
// records' times, the times in their UUIDs (version 7) and so the keys by recording id, the
// recordings' order where a story recording's fixed time falls among them, the members drawn by
// that order, and each generated subscription's schedule, which follows its start day. The
// story's records keep their own times. Unchanged records are shared with the base.
import { day } from "../day.js";
import { serverTime } from "../server-time.js";
import { nextDelivery } from "./schedule.js";
import { storyKeys, storyProjectId } from "./seed.js";
import type { Delivery, MockState, Playlist, ProjectState, Recording, Subscription } from "./state.js";

/**
 * Freezes an object the move made: what it holds beside its moved fields is the base's, frozen
 * already, so the state moved is frozen whole (working-state.ts) without walking it again.
 */
const made = <T>(value: T): T => Object.freeze(value);

/** A UUID of version 7 whose time is moved by `delta` ms (uuid7 in random.ts writes the time as its first 12 hex digits). */
function uuidMoved(uuid: string, delta: number): string {
  const time = (Number.parseInt(uuid.slice(0, 8) + uuid.slice(9, 13), 16) + delta).toString(16).padStart(12, "0").slice(-12);
  return `${time.slice(0, 8)}-${time.slice(8)}${uuid.slice(13)}`;
}

/** Whether one recording's start sorts before another's: newer first, and a story recording before a generated one at the same instant, as it was listed before them. */
function before(a: { time: string; story: boolean }, b: { time: string; story: boolean }): boolean {
  return a.time > b.time || (a.time === b.time && a.story && !b.story);
}

/** The project's parts as seeded at `from + delta`, from those seeded at `from`. */
function projectMoved(project: ProjectState, story: boolean, from: number, delta: number, length: { change: number }): ProjectState {
  // A time the server writes has a fraction of a second or none, so moving one may change its length.
  const time = (value: string) => {
    const moved = serverTime(Date.parse(value) + delta);
    length.change += moved.length - value.length;
    return moved;
  };
  const fixed = (keys: Set<string | number>, key: string | number) => story && keys.has(key);

  // The recordings, each list still newest first: the story's and the generated ones merged again by their starts.
  const ids = new Map<string, string>();
  const storyRecordings: Recording[] = [];
  const generated: Recording[] = [];
  for (const recording of project.recordings) {
    if (fixed(storyKeys.recordings, recording.id)) {
      storyRecordings.push(recording);
      continue;
    }
    const person = recording.person;
    const distinct = recording.distinct_id == null ? recording.distinct_id : uuidMoved(recording.distinct_id, delta);
    const moved: Recording = made({
      ...recording,
      id: uuidMoved(recording.id, delta),
      distinct_id: distinct,
      start_time: recording.start_time == null ? recording.start_time : time(recording.start_time),
      end_time: recording.end_time == null ? recording.end_time : time(recording.end_time),
      ...(person
        ? {
            person: made({
              ...person,
              // The person's distinct id is the recording's (seed.ts).
              distinct_ids: (person.distinct_ids === (recording.distinct_id as unknown)
                ? distinct
                : uuidMoved(person.distinct_ids as unknown as string, delta)) as typeof person.distinct_ids,
              created_at: time(person.created_at as string),
              uuid: uuidMoved(person.uuid as string, delta),
            }),
          }
        : {}),
    });
    ids.set(recording.id, moved.id);
    generated.push(moved);
  }
  const recordings: Recording[] = [];
  for (let s = 0, g = 0; s < storyRecordings.length || g < generated.length; ) {
    const fromStory =
      g >= generated.length ||
      (s < storyRecordings.length &&
        !before({ time: generated[g]!.start_time ?? "", story: false }, { time: storyRecordings[s]!.start_time ?? "", story: true }));
    recordings.push(fromStory ? storyRecordings[s++]! : generated[g++]!);
  }

  // A generated playlist's members were drawn by their places in that order.
  const places = new Map(project.recordings.map((recording, at) => [recording.id, at]));
  const members: Record<string, string[]> = {};
  for (const [shortId, list] of Object.entries(project.members))
    members[shortId] = fixed(storyKeys.playlists, shortId) ? list : made(list.map((id) => recordings[places.get(id)!]!.id));
  const activity: ProjectState["activity"] = {};
  for (const [id, value] of Object.entries(project.activity)) activity[ids.get(id) ?? id] = value;

  const playlists = project.playlists.map(
    (playlist): Playlist =>
      fixed(storyKeys.playlists, playlist.short_id)
        ? playlist
        : made({ ...playlist, created_at: time(playlist.created_at as string), last_modified_at: time(playlist.last_modified_at as string) }),
  );

  const subscriptions = project.subscriptions.map((subscription): Subscription => {
    if (fixed(storyKeys.subscriptions, subscription.id)) return subscription;
    // Seeded as a number of days before the instant, at a whole hour: the day moves with the instant's.
    const start = Date.parse(subscription.start_date);
    const hour = new Date(start).getUTCHours();
    const moved = new Date(start - hour * 3_600_000 + (((from % day) + day) % day) + delta);
    moved.setUTCHours(hour, 0, 0, 0);
    const created = moved.getTime() - (start - Date.parse(subscription.created_at as string));
    const next = subscription.next_delivery_date;
    const record: Subscription = { ...subscription, start_date: serverTime(moved), created_at: serverTime(created) };
    // The next delivery seeded stays the first one more than the lead time after the new instant when the start did not move, the
    // instant moved on, and it is more than an hour away (the service's lead is 15 minutes); otherwise the schedule is read again.
    const kept = moved.getTime() === start && delta >= 0 && next != null && Date.parse(next) > from + delta + 3_600_000;
    record.next_delivery_date = kept ? next : nextDelivery(record, new Date(from + delta));
    length.change += (record.next_delivery_date ?? "null").length - (next ?? "null").length + record.start_date.length - subscription.start_date.length;
    length.change += (record.created_at as string).length - (subscription.created_at as string).length;
    return made(record);
  });

  const instant = (value: string | null | undefined) => (typeof value === "string" ? new Date(Date.parse(value) + delta).toISOString() : value);
  const deliveries = project.deliveries?.map(
    (delivery): Delivery =>
      made({
        ...delivery,
        scheduled_at: instant(delivery.scheduled_at) as Delivery["scheduled_at"],
        created_at: instant(delivery.created_at) as Delivery["created_at"],
        last_updated_at: instant(delivery.last_updated_at) as Delivery["last_updated_at"],
        finished_at: instant(delivery.finished_at) as Delivery["finished_at"],
      }),
  );

  return made({
    ...project,
    project: story ? project.project : made({ ...project.project, uuid: uuidMoved(project.project.uuid as string, delta) }),
    playlists: made(playlists),
    members: made(members),
    recordings: made(recordings),
    activity: made(activity),
    subscriptions: made(subscriptions),
    ...(deliveries ? { deliveries: made(deliveries) } : {}),
  });
}

/**
 * The state seed.ts builds at `to`, from `base`, which it built at `from` and left as it is, and
 * how much longer its JSON is. What it makes is frozen, and what it shares is the base's: with a
 * frozen base, the state is frozen whole.
 */
export function seedMoved(base: MockState, from: number, to: number): { state: MockState; lengthChange: number } {
  const length = { change: 0 };
  const projects: Record<string, ProjectState> = {};
  for (const [id, project] of Object.entries(base.projects)) projects[id] = projectMoved(project, id === storyProjectId, from, to - from, length);
  return { state: made({ ...base, projects: made(projects) }), lengthChange: length.change };
}
