// Which handler answers each operation, by operationId. Typed against the generated
// operations, so an operation the spec answers with a 2XX and no handler here, or a handler
// for no such operation, does not compile.
import type { AnsweredOperationId } from "../spec/operations.js";
import type { Handler } from "./context.js";
import * as playlists from "./playlists.js";
import { listProjects } from "./projects.js";
import * as recordings from "./recordings.js";
import * as sessions from "./sessions.js";
import * as subscriptions from "./subscriptions.js";

export const handlers = {
  listProjects,
  listPlaylists: playlists.listPlaylists,
  createPlaylist: playlists.createPlaylist,
  getPlaylist: playlists.getPlaylist,
  updatePlaylist: playlists.updatePlaylist,
  getPlaylistRecordings: playlists.getPlaylistRecordings,
  addRecordingToPlaylist: playlists.addRecordingToPlaylist,
  removeRecordingFromPlaylist: playlists.removeRecordingFromPlaylist,
  listRecordings: recordings.listRecordings,
  getRecording: recordings.getRecording,
  updateRecording: recordings.updateRecording,
  deleteRecording: recordings.deleteRecording,
  getRecordingSharing: recordings.getRecordingSharing,
  generateRecordingFilters: recordings.aiHelper,
  generateRecordingRegex: recordings.aiHelper,
  getSessionPropertyDefinitions: sessions.getSessionPropertyDefinitions,
  getSessionValues: sessions.getSessionValues,
  listSubscriptions: subscriptions.listSubscriptions,
  createSubscription: subscriptions.createSubscription,
  getSubscription: subscriptions.getSubscription,
  updateSubscription: subscriptions.updateSubscription,
} satisfies Record<AnsweredOperationId, Handler>;
