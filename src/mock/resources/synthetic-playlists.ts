// The live service's synthetic playlists (`x-synthetic-playlists` on the listing): made up per
// request, never stored, listed beside the stored ones and found by their `short_id`. Which of
// them a listing shows, and where, follows the live source's `_filter_synthetic_playlists` and
// its order, in which a synthetic playlist's missing dates sort as the latest.
import type { SpecTable, SyntheticPlaylist } from "../spec/operations.js";
import type { Playlist, ProjectState } from "../state/state.js";
import { ordering, searching, sortBy, textKey } from "./filtering.js";
import { recordingsById } from "./recording-index.js";

const noCounts = { count: null, has_more: null, watched_count: null, increased: null, last_refreshed_at: null };

/** The recording ids a synthetic playlist counts in `project`: the records of its `counts` part holding its values. */
function counted(project: ProjectState, counts: NonNullable<SyntheticPlaylist["counts"]>): string[] {
  const holds = (record: object) => Object.entries(counts.where).every(([field, value]) => (record as Record<string, unknown>)[field] === value);
  if (counts.part === "recordings") return project.recordings.filter(holds).map((r) => r.id);
  if (counts.part === "sharing")
    return Object.entries(project.sharing)
      .filter(([, sharing]) => holds(sharing))
      .map(([id]) => id);
  throw new Error(`x-synthetic-playlists counts the state's ${counts.part}, which the mock does not hold`);
}

/** Its `collection` counts as the live service gives them: null rather than 0, and the viewed ones among them. */
function collectionCounts(project: ProjectState, definition: SyntheticPlaylist) {
  const ids = definition.counts ? counted(project, definition.counts) : [];
  const byId = recordingsById(project);
  const watched = ids.filter((id) => byId(id)?.viewed).length;
  return { ...noCounts, count: ids.length > 0 ? ids.length : null, has_more: false, watched_count: watched };
}

/** A synthetic playlist as the live service answers it, counted in `project`. */
function present(project: ProjectState, definition: SyntheticPlaylist): Playlist {
  const { counts: _counts, ...fields } = definition;
  return {
    ...fields,
    derived_name: null,
    pinned: false,
    created_at: null,
    created_by: null,
    deleted: false,
    filters: {},
    last_modified_at: null,
    last_modified_by: null,
    type: "collection",
    is_synthetic: true,
    recordings_counts: { saved_filters: noCounts, collection: collectionCounts(project, definition) },
  } as unknown as Playlist;
}

/** The profile's synthetic playlist with this `short_id`, if any, counted in `project`. */
export function syntheticPlaylist(table: SpecTable, project: ProjectState, shortId: unknown): Playlist | undefined {
  const found = table.syntheticPlaylists.find((p) => p.short_id === shortId);
  return found && present(project, found);
}

/** The synthetic playlists the listing's query keeps: any creator, pinned or `filters` filter leaves none. */
function listedSynthetic(table: SpecTable, project: ProjectState, query: Record<string, unknown>): Playlist[] {
  if (query.user !== undefined || query.created_by !== undefined || query.pinned !== undefined || query.deleted === true) return [];
  if (query.type === "filters" || query.collection_type === "custom") return [];
  const matches = searching(query.search);
  return table.syntheticPlaylists.filter((p) => matches(p.name, p.description)).map((p) => present(project, p));
}

/** `stored` (filtered and ordered) with the synthetic playlists the query keeps, in the listing's order. */
export function withSynthetic(table: SpecTable, project: ProjectState, stored: Playlist[], query: Record<string, unknown>): Playlist[] {
  const synthetic = listedSynthetic(table, project, query);
  if (!synthetic.length) return query.collection_type === "synthetic" ? [] : stored;
  const kept = query.collection_type === "synthetic" ? [] : stored;
  const { field, descending } = ordering(query.order);
  if (field === "name") return sortBy([...kept, ...synthetic], (p) => textKey(p.name ?? p.derived_name ?? ""), descending);
  return descending ? [...synthetic, ...kept] : [...kept, ...synthetic];
}
