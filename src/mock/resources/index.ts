// Which handler answers each operation, by operationId. Typed against the generated
// operations (the description's, and the live description's own, such as its bulk delete), so
// an operation the description answers with a 2XX and no handler here, or a handler for no
// such operation, does not compile. A PUT (`replace…`) is its PATCH's handler: the service routes both to one `update`. Those whose write can grow the state are `growing`:
// refused while the state is at its size cap (state/size.ts).
import type { operations as LiveOperations } from "../../../generated/live/openapi.js";
import type { AnsweredOperationId, OperationId } from "../spec/operations.js";
import { growing, type Handler } from "./context.js";
import * as deliveries from "./deliveries.js";
import * as playlists from "./playlists.js";
import { listProjects } from "./projects.js";
import * as recordings from "./recordings.js";
import * as sessions from "./sessions.js";
import * as subscriptions from "./subscriptions.js";

/** The operations only the live service's description has (its subscription routes). */
type LiveOnlyOperationId = Exclude<keyof LiveOperations, OperationId>;

export const handlers = {
  listProjects,
  listPlaylists: playlists.listPlaylists,
  createPlaylist: growing(playlists.createPlaylist),
  getPlaylist: playlists.getPlaylist,
  updatePlaylist: growing(playlists.updatePlaylist),
  replacePlaylist: growing(playlists.updatePlaylist),
  getPlaylistRecordings: playlists.getPlaylistRecordings,
  addRecordingToPlaylist: growing(playlists.addRecordingToPlaylist),
  removeRecordingFromPlaylist: playlists.removeRecordingFromPlaylist,
  listRecordings: recordings.listRecordings,
  getRecording: recordings.getRecording,
  updateRecording: growing(recordings.updateRecording),
  replaceRecording: growing(recordings.updateRecording),
  deleteRecording: recordings.deleteRecording,
  deleteRecordings: recordings.deleteRecordings,
  getRecordingSharing: recordings.getRecordingSharing,
  updateRecordingSharing: growing(recordings.updateRecordingSharing),
  refreshRecordingSharing: growing(recordings.refreshRecordingSharing),
  generateRecordingFilters: recordings.aiHelper,
  generateRecordingRegex: recordings.aiHelper,
  getSessionPropertyDefinitions: sessions.getSessionPropertyDefinitions,
  getSessionValues: sessions.getSessionValues,
  listSubscriptions: subscriptions.listSubscriptions,
  createSubscription: growing(subscriptions.createSubscription),
  getSubscription: subscriptions.getSubscription,
  updateSubscription: growing(subscriptions.updateSubscription),
  replaceSubscription: growing(subscriptions.updateSubscription),
  getSubscriptionSummaryQuota: subscriptions.getSubscriptionSummaryQuota,
  createSubscriptionTestDelivery: growing(deliveries.createSubscriptionTestDelivery),
  listSubscriptionDeliveries: deliveries.listSubscriptionDeliveries,
  getSubscriptionDelivery: deliveries.getSubscriptionDelivery,
} satisfies Record<AnsweredOperationId | LiveOnlyOperationId, Handler>;
