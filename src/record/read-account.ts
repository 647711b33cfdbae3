// Reads one project's account through the typed client's live profile: the project, its stored
// playlists with the recordings in each, the recordings of a date window (up to a count), with
// their persons, and the subscriptions. Reads only (read-only-fetch.ts); never the recordings'
// snapshots (the rrweb data), the AI helpers or sharing, which older service versions create
// on a GET.
import type { components, LiveApiClient } from "../live.js";

type Schemas = components["schemas"];
export type LiveRecording = Schemas["SessionRecording"];
export type LivePlaylist = Schemas["Playlist"];
export type LiveSubscription = Schemas["Subscription"];
export type LiveProject = Schemas["Project"];

/** What was read, as the service answered it: personal data and all. It is never written. */
export interface RawAccount {
  project: LiveProject;
  playlists: LivePlaylist[];
  /** Recording ids in each playlist, by short_id, as the playlist lists them (newest added first). */
  members: Record<string, string[]>;
  recordings: LiveRecording[];
  subscriptions: LiveSubscription[];
  /** Recordings read as a playlist's and not in the window, beyond --max-recordings. */
  membersOutsideWindow: number;
}

export interface ReadOptions {
  project: string;
  maxRecordings: number;
  dateFrom: string;
  dateTo?: string | undefined;
  signal?: AbortSignal | undefined;
  /** What is being read, for a person at a terminal. */
  progress?: ((line: string) => void) | undefined;
  /** The gap between two pages of the recordings listing, for the progress line's estimate. */
  recordingsPaceMs?: number | undefined;
  /** Counts each item read against the run's bound (bounds.ts). */
  item?: ((resource: string) => void) | undefined;
}

/** The project `id` is not one the key can see. */
export class UnknownProjectError extends Error {
  override name = "UnknownProjectError";
}

const pageSize = 100;

export async function readAccount(api: LiveApiClient, options: ReadOptions): Promise<RawAccount> {
  const { signal, progress = () => undefined, item: count = () => undefined } = options;
  const path = { project_id: options.project };

  progress("reading the projects the key can see");
  let project: LiveProject | undefined;
  for await (const item of api.paginate("/api/projects/", { params: { query: { limit: pageSize } }, signal })) {
    count("the projects");
    if (String(item.id) === options.project) project = item;
  }
  if (!project) throw new UnknownProjectError(`project ${options.project} is not one this key can see: check --project`);

  progress("reading playlists");
  const playlists: LivePlaylist[] = [];
  for await (const item of api.paginate("/api/environments/{project_id}/session_recording_playlists/", {
    params: { path, query: { limit: pageSize } },
    signal,
  })) {
    count("the playlists");
    // The service's synthetic playlists are made up per request, never stored.
    if (!item.is_synthetic && !item.deleted) playlists.push(item);
  }

  const recordings = new Map<string, LiveRecording>();
  const pages = Math.ceil(options.maxRecordings / pageSize);
  let page = 0;
  for await (const { results } of api.pages("/api/environments/{project_id}/session_recordings/", {
    params: {
      path,
      query: { limit: Math.min(pageSize, options.maxRecordings), date_from: options.dateFrom, ...(options.dateTo ? { date_to: options.dateTo } : {}) },
    },
    signal,
  })) {
    page++;
    for (const _ of results) count("the recordings");
    for (const recording of results) if (recordings.size < options.maxRecordings) recordings.set(recording.id, recording);
    const left = pages - page;
    const estimate = left > 0 && options.recordingsPaceMs ? ` (at most about ${Math.ceil((left * options.recordingsPaceMs) / 1000)} s more)` : "";
    progress(`recordings: ${recordings.size} of up to ${options.maxRecordings}${estimate}`);
    if (recordings.size >= options.maxRecordings) break;
  }

  const members: Record<string, string[]> = {};
  let membersOutsideWindow = 0;
  for (const [index, playlist] of playlists.entries()) {
    progress(`playlist members: ${index + 1} of ${playlists.length} playlists`);
    const ids: string[] = [];
    for await (const recording of api.paginate("/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/", {
      params: { path: { ...path, short_id: playlist.short_id }, query: { limit: pageSize } },
      signal,
    })) {
      if (ids.length >= options.maxRecordings) break;
      count("a playlist's recordings");
      if (!recordings.has(recording.id)) {
        recordings.set(recording.id, recording);
        membersOutsideWindow++;
      }
      if (!ids.includes(recording.id)) ids.push(recording.id);
    }
    members[playlist.short_id] = ids;
  }

  progress("reading subscriptions");
  const subscriptions: LiveSubscription[] = [];
  for await (const item of api.paginate("/api/environments/{project_id}/subscriptions/", { params: { path, query: { limit: pageSize } }, signal })) {
    count("the subscriptions");
    if (!item.deleted) subscriptions.push(item);
  }
  return { project, playlists, members, recordings: [...recordings.values()], subscriptions, membersOutsideWindow };
}
