// The live service's synthetic playlists (`x-synthetic-playlists` on the listing): made up per
// request, never stored, listed beside the stored ones and found by their `short_id`. Which of
// them a listing shows, and where, follows the live source's `_filter_synthetic_playlists` and
// its order, in which a synthetic playlist's missing dates sort as the latest.
import type { SpecTable, SyntheticPlaylist } from "../spec/operations.js";
import type { Playlist } from "../state/state.js";
import { ordering, searching, sortBy, textKey } from "./filtering.js";

const noCounts = { count: null, has_more: null, watched_count: null, increased: null, last_refreshed_at: null };

/** A synthetic playlist as the live service answers it. */
function present(definition: SyntheticPlaylist): Playlist {
  return {
    ...definition,
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
    recordings_counts: { saved_filters: noCounts, collection: { ...noCounts, has_more: false, watched_count: 0 } },
  } as unknown as Playlist;
}

/** The profile's synthetic playlist with this `short_id`, if any. */
export function syntheticPlaylist(table: SpecTable, shortId: unknown): Playlist | undefined {
  const found = table.syntheticPlaylists.find((p) => p.short_id === shortId);
  return found && present(found);
}

/** The synthetic playlists the listing's query keeps: any creator, pinned or `filters` filter leaves none. */
function listedSynthetic(table: SpecTable, query: Record<string, unknown>): Playlist[] {
  if (query.user !== undefined || query.created_by !== undefined || query.pinned !== undefined || query.deleted === true) return [];
  if (query.type === "filters" || query.collection_type === "custom") return [];
  const matches = searching(query.search);
  return table.syntheticPlaylists.filter((p) => matches(p.name, p.description)).map(present);
}

/** `stored` (filtered and ordered) with the synthetic playlists the query keeps, in the listing's order. */
export function withSynthetic(table: SpecTable, stored: Playlist[], query: Record<string, unknown>): Playlist[] {
  const synthetic = listedSynthetic(table, query);
  if (!synthetic.length) return query.collection_type === "synthetic" ? [] : stored;
  const kept = query.collection_type === "synthetic" ? [] : stored;
  const { field, descending } = ordering(query.order);
  if (field === "name") return sortBy([...kept, ...synthetic], (p) => textKey(p.name ?? p.derived_name ?? ""), descending);
  return descending ? [...synthetic, ...kept] : [...kept, ...synthetic];
}
