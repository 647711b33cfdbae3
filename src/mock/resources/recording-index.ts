// A project's recordings by id, for what looks many up at once: a playlist's recordings_counts
// and its recordings. A scan of the recordings per member would cost members × recordings (100
// playlists of 1,000 members among 10,000 recordings: a billion comparisons per listing).
import { positionOf } from "../state/list-positions.js";
import type { ProjectState, Recording } from "../state/state.js";

/** A lookup of the recordings of `project` by id. */
export function recordingsById(project: ProjectState): (id: string) => Recording | undefined {
  const list = project.recordings;
  return (id) => {
    const at = positionOf(list, "recordings", id);
    return at < 0 ? undefined : list[at];
  };
}
