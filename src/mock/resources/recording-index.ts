// A project's recordings by id, for what looks many up at once: a playlist's recordings_counts
// and its recordings. A scan of the recordings per member would cost members × recordings (100
// playlists of 1,000 members among 10,000 recordings: a billion comparisons per listing).
import type { ProjectState, Recording } from "../state/state.js";

const indexes = new WeakMap<Recording[], Map<string, Recording>>();

/**
 * The recordings of `project` by id. A recording is changed in place and only ever removed
 * (ids are unique, and a restore makes new lists), so an index as large as the list is current.
 */
export function recordingsById(project: ProjectState): Map<string, Recording> {
  let index = indexes.get(project.recordings);
  if (!index || index.size !== project.recordings.length) {
    index = new Map(project.recordings.map((recording) => [recording.id, recording]));
    indexes.set(project.recordings, index);
  }
  return index;
}
