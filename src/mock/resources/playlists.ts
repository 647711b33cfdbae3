// Playlists and the recordings in them.
import { filterPlaylists } from "./filters.js";
import { page } from "./paging.js";
import { shortId } from "../state/random.js";
import { empty, json, notFound } from "../responses.js";
import type { Playlist, ProjectState } from "../state/state.js";
import type { Handler, HandlerContext } from "./context.js";

type PlaylistInput = Partial<Pick<Playlist, "name" | "derived_name" | "description" | "pinned" | "deleted" | "filters" | "type">>;

/** A playlist as the API shows it: `recordings_counts` follows its recordings. */
function present(project: ProjectState, playlist: Playlist): Playlist {
  const members = project.members[playlist.short_id] ?? [];
  const watched = members.filter((id) => project.recordings.find((r) => r.id === id)?.viewed).length;
  return { ...playlist, recordings_counts: { collection: { count: members.length, watched_count: watched } } };
}

// Playlists are only ever appended, so an index stays right while its size matches the list.
const indexes = new WeakMap<Playlist[], Map<string, Playlist>>();
function find(project: ProjectState, shortId: unknown): Playlist | undefined {
  let index = indexes.get(project.playlists);
  if (!index) indexes.set(project.playlists, (index = new Map()));
  for (let i = index.size; i < project.playlists.length; i++) index.set(project.playlists[i]!.short_id, project.playlists[i]!);
  return index.get(String(shortId));
}
/** Deleted playlists are hidden from everything but updates (live). */
const findLive = (project: ProjectState, shortId: unknown) => {
  const playlist = find(project, shortId);
  return playlist && !playlist.deleted ? playlist : undefined;
};

function apply(playlist: Playlist, body: PlaylistInput, context: HandlerContext) {
  for (const key of ["name", "derived_name", "description", "pinned", "deleted", "filters", "type"] as const) {
    if (body[key] !== undefined) (playlist as Record<string, unknown>)[key] = body[key];
  }
  playlist.last_modified_at = context.now.toISOString();
  playlist.last_modified_by = context.state.user;
}

export const listPlaylists: Handler = (c) => {
  const items = filterPlaylists(c.project, c.request.query, c.state.user, c.now).map((p) => present(c.project, p));
  return json(200, page(items, { url: c.url, limit: c.request.query.limit as number, offset: c.request.query.offset as number }, c.pageSize, 500));
};

export const createPlaylist: Handler = (c) => {
  const body = (c.request.body ?? {}) as PlaylistInput;
  let id = shortId(c.random);
  while (find(c.project, id)) id = shortId(c.random);
  const now = c.now.toISOString();
  const playlist: Playlist = {
    id: c.state.nextId.playlist++,
    short_id: id,
    name: null,
    derived_name: null,
    description: "",
    pinned: false,
    created_at: now,
    created_by: c.state.user,
    deleted: false,
    filters: {},
    last_modified_at: now,
    last_modified_by: c.state.user,
    recordings_counts: {},
    type: null,
  };
  apply(playlist, body, c);
  c.project.playlists.push(playlist);
  c.project.members[id] = [];
  c.changed();
  return json(201, present(c.project, playlist));
};

export const getPlaylist: Handler = (c) => {
  const playlist = findLive(c.project, c.request.path.short_id);
  return playlist ? json(200, present(c.project, playlist)) : notFound();
};

export const updatePlaylist: Handler = (c) => {
  const playlist = find(c.project, c.request.path.short_id);
  if (!playlist) return notFound();
  apply(playlist, (c.request.body ?? {}) as PlaylistInput, c);
  c.changed();
  return json(200, present(c.project, playlist));
};

export const getPlaylistRecordings: Handler = (c) => (findLive(c.project, c.request.path.short_id) ? empty(200) : notFound());

export const addRecordingToPlaylist: Handler = (c) => {
  const playlist = findLive(c.project, c.request.path.short_id);
  const recordingId = String(c.request.path.session_recording_id);
  if (!playlist || !c.project.recordings.some((r) => r.id === recordingId)) return notFound();
  const members = (c.project.members[playlist.short_id] ??= []);
  if (!members.includes(recordingId)) {
    members.unshift(recordingId);
    playlist.last_modified_at = c.now.toISOString();
    c.changed();
  }
  return empty(200);
};

export const removeRecordingFromPlaylist: Handler = (c) => {
  const playlist = findLive(c.project, c.request.path.short_id);
  const members = playlist ? (c.project.members[playlist.short_id] ?? []) : [];
  const index = members.indexOf(String(c.request.path.session_recording_id));
  if (!playlist || index < 0) return notFound();
  members.splice(index, 1);
  playlist.last_modified_at = c.now.toISOString();
  c.changed();
  return empty(204);
};
