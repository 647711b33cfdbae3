// A project's recordings by id, for what looks many up at once: a playlist's recordings_counts
// and its recordings. A scan of the recordings per member would cost members × recordings (100
// playlists of 1,000 members among 10,000 recordings: a billion comparisons per listing).
import type { ProjectState, Recording } from "../state/state.js";

const indexes = new WeakMap<Recording[], Map<string, number>>();

/**
 * A lookup of the recordings of `project` by id. A list of recordings only ever loses one, or
 * has one replaced where it is (a write puts a new record), and ids are unique: so an index of
 * positions as large as the list is current.
 */
export function recordingsById(project: ProjectState): (id: string) => Recording | undefined {
  const list = project.recordings;
  let index = indexes.get(list);
  if (!index || index.size !== list.length) {
    index = new Map(list.map((recording, at) => [recording.id, at]));
    indexes.set(list, index);
  }
  const positions = index;
  return (id) => {
    const at = positions.get(id);
    return at === undefined ? undefined : list[at];
  };
}
