// Which handler answers each operation, by operationId. A test checks that every operation
// in the spec has one.
import type { Handler } from "./context.js";
import * as playlists from "./playlists.js";
import { listProjects } from "./projects.js";
import * as recordings from "./recordings.js";
import * as subscriptions from "./subscriptions.js";

export const handlers: Record<string, Handler> = {
  listProjects,
  ...playlists,
  listRecordings: recordings.listRecordings,
  getRecording: recordings.getRecording,
  updateRecording: recordings.updateRecording,
  deleteRecording: recordings.deleteRecording,
  getRecordingSharing: recordings.getRecordingSharing,
  generateRecordingFilters: recordings.answeredWithoutBody,
  generateRecordingRegex: recordings.answeredWithoutBody,
  getSessionPropertyDefinitions: recordings.answeredWithoutBody,
  getSessionValues: recordings.answeredWithoutBody,
  ...subscriptions,
};
