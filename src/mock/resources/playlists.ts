// Playlists and the recordings in them: the listing's filters, `recordings_counts`, creates
// and updates of the fields the spec makes writable.
import { documentedRefusal, idsSpent, notFound } from "../errors.js";
import { own } from "../own-key.js";
import { empty, json } from "../responses.js";
import { serverTime } from "../server-time.js";
import { rememberedPer } from "../state/generation.js";
import { positionOf } from "../state/list-positions.js";
import { shortId } from "../state/random.js";
import type { Playlist, ProjectState, Recording, User } from "../state/state.js";
import { findFor, listed } from "../state/visibility.js";
import { acknowledged } from "./acknowledge.js";
import { conformPlaylist, conformRecording } from "./conform.js";
import { inProject, type ProjectContext } from "./context.js";
import { createdFields, writeFields } from "./fields.js";
import { dateWindow, instantKey, ordering, searching, sortBy, textKey, uuidKey } from "./filtering.js";
import { liveListingVersion, pageFor } from "./paging.js";
import { filterRecordings } from "./recording-filters.js";
import { recordingsById } from "./recording-index.js";
import { brokenRule } from "./request-rules.js";
import { syntheticPlaylist, withSynthetic } from "./synthetic-playlists.js";

const presented = rememberedPer<Playlist, Playlist>();

/** A playlist as the profile shows it: `recordings_counts` follows its recordings. Made once per state generation for reads. */
function present(c: ProjectContext, playlist: Playlist): Playlist {
  return presented(playlist, c.generation, () => {
    const members = c.project.members[playlist.short_id] ?? [];
    const byId = recordingsById(c.project);
    let watched = 0;
    for (const id of members) if (byId(id)?.viewed) watched++;
    return conformPlaylist(c.table, { ...playlist, recordings_counts: { collection: { count: members.length, watched_count: watched } } });
  });
}

function byShortId(project: ProjectState, id: unknown): Playlist | undefined {
  const at = positionOf(project.playlists, "playlists", String(id));
  return at < 0 ? undefined : project.playlists[at];
}

const find = (c: ProjectContext, access: "read" | "update") => findFor(byShortId(c.project, c.request.path.short_id), access);

/** The listing's filters, as the spec declares them (their defaults filled in by validation). */
export function filterPlaylists(project: ProjectState, query: Record<string, unknown>, user: User, now: Date): Playlist[] {
  const inWindow = dateWindow(query, now);
  const matches = searching(query.search);
  const holding = uuidKey(query.session_recording_id);
  const result = project.playlists.filter(
    (p) =>
      listed(p, query) &&
      (query.collection_type === undefined || query.collection_type === "custom") &&
      (query.created_by === undefined || p.created_by?.id === query.created_by) &&
      (query.user === undefined || p.created_by?.id === user.id) &&
      (query.type === undefined || p.type === query.type) &&
      (query.pinned === undefined || p.pinned) &&
      matches(p.name, p.derived_name) &&
      inWindow(p.last_modified_at) &&
      (holding === undefined || (own(project.members, p.short_id) ?? []).some((id) => uuidKey(id) === holding)),
  );
  const { field, descending } = ordering(query.order);
  return sortBy(result, (p) => (field === "name" ? textKey(p.name) : instantKey(p[field as "last_modified_at" | "created_at"])), descending);
}

export const listPlaylists = inProject((c) => {
  const items = filterPlaylists(c.project, c.request.query, c.state.user, c.now).map((p) => present(c, p));
  return json(200, pageFor(c, withSynthetic(c.table, c.project, items, c.request.query)));
});

export const createPlaylist = inProject((c) => {
  const refused = brokenRule(c.operation, c.request.body);
  if (refused) return refused;
  // The last exact id is never handed out, so nextId stays a safe integer, which a snapshot must hold.
  if (c.state.nextId.playlist >= Number.MAX_SAFE_INTEGER) return idsSpent("playlist");
  let id = shortId(c.random);
  while (byShortId(c.project, id)) id = shortId(c.random);
  const now = serverTime(c.now);
  const playlist = {
    id: c.state.nextId.playlist++,
    short_id: id,
    ...createdFields(c.operation, c.request.body),
    created_at: now,
    created_by: c.state.user,
    last_modified_at: now,
    last_modified_by: c.state.user,
    recordings_counts: {},
  } as Playlist;
  c.write("playlists", id, playlist);
  c.write("members", id, []);
  return json(201, present(c, playlist));
});

export const getPlaylist = inProject((c) => {
  const synthetic = syntheticPlaylist(c.table, c.project, c.request.path.short_id);
  if (synthetic) return json(200, synthetic);
  const playlist = find(c, "read");
  return playlist ? json(200, present(c, playlist)) : notFound();
});

export const updatePlaylist = inProject((c) => {
  if (syntheticPlaylist(c.table, c.project, c.request.path.short_id)) return documentedRefusal(c.operation, "synthetic_playlist");
  const playlist = find(c, "update");
  if (!playlist) return notFound();
  const refused = brokenRule(c.operation, c.request.body, playlist);
  if (refused) return refused;
  // Staged on a copy and committed in one step, so nothing is half-applied.
  const next = { ...playlist, last_modified_at: serverTime(c.now), last_modified_by: c.state.user };
  writeFields(next, c.operation, c.request.body);
  c.write("playlists", playlist.short_id, next);
  return json(200, present(c, next));
});

/**
 * A playlist's recordings as the live service pages them, by `limit` and `offset`, which may be
 * 0 or negative (the source reads them with int()): nothing below 1 per page, nothing before the first.
 */
function playlistPage<T>(c: ProjectContext, items: readonly T[]) {
  const { limit, offset } = c.request.query as { limit?: number; offset?: number };
  const start = Math.max(0, offset ?? 0);
  const size = Math.max(0, limit ?? items.length);
  return { results: items.slice(start, start + size), has_next: start + size < items.length, version: liveListingVersion };
}

/**
 * A playlist's pinned recordings as the live service reads them (`list_recordings_from_query`):
 * those in long-term storage (whose fields match `persisted`) straight from the store, every
 * one; of the rest, the page `query` (a recordings listing query) finds among them, `has_next`
 * saying whether it has more; all in the pinned order. A collection's query is fixed, whatever
 * is asked (`x-collection-page`); another playlist's is the request's (`x-saved-filter-page`).
 */
function pinnedPage(c: ProjectContext, members: readonly Recording[], persistedFields: Record<string, unknown>, query: Record<string, unknown>) {
  const persisted = (r: Recording) => Object.entries(persistedFields).every(([field, value]) => own(r as unknown as Record<string, unknown>, field) === value);
  const queried = filterRecordings(c.project, { ...query, session_ids: members.filter((r) => !persisted(r)).map((r) => r.id) }, c.now);
  const start = Math.max(0, Number(query.offset ?? 0));
  const end = start + Number(query.limit ?? queried.length);
  const answered = new Set([...members.filter(persisted), ...queried.slice(start, end)]);
  return { results: members.filter((r) => answered.has(r)), has_next: end < queried.length, version: liveListingVersion };
}

/** The page of the playlist's pinned `members` its type reads, by the operation's extensions. */
function membersPage(c: ProjectContext, playlist: Playlist, members: readonly Recording[]) {
  const { collectionPage, savedFilterPage } = c.operation;
  if (playlist.type === "collection" && collectionPage) return pinnedPage(c, members, collectionPage.persisted, collectionPage.query);
  // Which recordings are persisted is list_recordings_from_query's rule, the same for every playlist.
  if (playlist.type !== "collection" && savedFilterPage)
    return pinnedPage(c, members, collectionPage?.persisted ?? {}, { ...savedFilterPage.query, ...c.request.query });
  return playlistPage(c, members);
}

export const getPlaylistRecordings = inProject((c) => {
  const live = c.operation.answers === "has_next";
  // The mock keeps no watch history, comments, shares or exports: a synthetic playlist holds none.
  if (syntheticPlaylist(c.table, c.project, c.request.path.short_id)) return live ? json(200, playlistPage(c, [])) : empty(200);
  const playlist = find(c, "read");
  if (!playlist) return notFound();
  // The live service answers the playlist's recordings as the live listing's page; the mock holds them newest added first.
  if (!live) return empty(200);
  const byId = recordingsById(c.project);
  const members = (c.project.members[playlist.short_id] ?? []).flatMap((id) => byId(id) ?? []);
  const page = membersPage(c, playlist, members);
  return json(200, { ...page, results: page.results.map((r) => conformRecording(c.table, r, c.now)) });
});

export const addRecordingToPlaylist = inProject((c) => {
  const playlist = find(c, "read");
  if (!playlist) return notFound();
  const refused = brokenRule(c.operation, c.request.body, playlist);
  if (refused) return refused;
  const recordingId = String(c.request.path.session_recording_id);
  // The live service makes the item for any id (`x-builds-unknown`); its recordings/ lists none for an id it has no recording of.
  if (!c.operation.buildsUnknown && !c.project.recordings.some((r) => r.id === recordingId)) return notFound();
  const members = own(c.project.members, playlist.short_id) ?? [];
  if (!members.includes(recordingId)) {
    c.write("playlists", playlist.short_id, { ...playlist, last_modified_at: serverTime(c.now) });
    c.write("members", playlist.short_id, [recordingId, ...members]);
  }
  return acknowledged(c);
});

export const removeRecordingFromPlaylist = inProject((c) => {
  const playlist = find(c, "read");
  const members = playlist ? (own(c.project.members, playlist.short_id) ?? []) : [];
  const index = members.indexOf(String(c.request.path.session_recording_id));
  if (!playlist || index < 0) return notFound();
  c.write("playlists", playlist.short_id, { ...playlist, last_modified_at: serverTime(c.now) });
  c.write(
    "members",
    playlist.short_id,
    members.filter((_, at) => at !== index),
  );
  return acknowledged(c);
});
