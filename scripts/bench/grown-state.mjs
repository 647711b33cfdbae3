// A mock state grown past the seed's size, for the benches that measure how the mock's costs
// follow the state's: playlists and recordings added to project 28417 of a seeded snapshot,
// each playlist a collection holding `members` recordings.

/**
 * A UUID of version 7's shape from a counter, so the ids are unique and valid.
 * @param {number} n
 */
const uuidOf = (n) => `00000000-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;

/**
 * @param {any} snapshot a snapshot of the seed state (mock.snapshot()), changed in place
 * @param {{ playlists?: number, recordings?: number, members?: number }} sizes how many to add, and how many recordings each added playlist holds
 */
export function grownState(snapshot, { playlists = 0, recordings = 0, members = 0 }) {
  const project = snapshot.projects["28417"];
  const [recording] = project.recordings;
  for (let n = 0; n < recordings; n++) project.recordings.push({ ...recording, id: uuidOf(n), viewed: n % 3 === 0 });
  const [playlist] = project.playlists;
  // Modified last, so the listing's default order (newest modified first) shows them first.
  const modified = new Date().toISOString();
  for (let n = 0; n < playlists; n++) {
    const shortId = `grown${n}`;
    project.playlists.push({
      ...playlist,
      id: snapshot.nextId.playlist++,
      short_id: shortId,
      name: `Grown ${n}`,
      type: "collection",
      filters: {},
      pinned: false,
      last_modified_at: modified,
    });
    // Each playlist its own run of the recordings, so the counts differ.
    project.members[shortId] = Array.from(
      { length: Math.min(members, project.recordings.length) },
      (_, i) => project.recordings[(n * 97 + i) % project.recordings.length].id,
    );
  }
  return snapshot;
}
