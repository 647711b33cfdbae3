// --write: a playlist of the command's own, created, updated and soft-deleted, each answer
// checked like a read. The soft delete runs whatever happened before it: when the create's
// answer gave no short_id, the playlist is looked for by its name. Nothing else is written.
import type { Send } from "./exchange.js";
import type { Profile } from "./plan.js";
import { jsonOf, type Row, rowOf } from "./rows.js";

const playlists = "/api/environments/{project_id}/session_recording_playlists/";
const playlist = "/api/environments/{project_id}/session_recording_playlists/{short_id}/";
/** Attempts at the soft delete when no answer, or a 5XX, comes. */
const deleteAttempts = 3;

/** The name the check's playlist bears: recognisable, and its own. */
export const playlistName = (at: Date) => `conformance check ${at.toISOString()}`;

/** The bodies sent, valid in both descriptions (a live create must name its type). */
export const writeBodies = {
  create: (name: string) => ({ name, type: "collection" as const }),
  update: { description: "Written by session-recordings-api-conformance; soft-deleted at the end of the check." },
  softDelete: { deleted: true },
};

const shortIdOf = (body: unknown) => {
  const id = (body as { short_id?: unknown } | null)?.short_id;
  return typeof id === "string" && id !== "" ? id : undefined;
};

/** Runs the cycle; the rows in the order of the calls. `warn` hears of a playlist left undeleted. */
export async function runWriteCycle(
  send: Send,
  project: string,
  at: Date,
  profiles: readonly Profile[],
  onRow: (row: Row) => void,
  warn: (text: string) => void,
): Promise<Row[]> {
  const rows: Row[] = [];
  const name = playlistName(at);
  const path = { project_id: project };
  const step = async (label: string, call: Parameters<Send>[0]) => {
    const outcome = await send(call);
    const row = rowOf(call, label, outcome, profiles);
    rows.push(row);
    onRow(row);
    return outcome;
  };

  let shortIds: string[] = [];
  let maybeCreated = false;
  try {
    const created = await step("createPlaylist", {
      operation: "createPlaylist",
      method: "POST",
      path: playlists,
      pathParams: path,
      body: writeBodies.create(name),
    });
    const shortId = shortIdOf(jsonOf(created));
    // A 4XX created nothing; anything else may have.
    maybeCreated = !("answer" in created) || created.answer.status < 400 || created.answer.status >= 500;
    if (shortId) shortIds = [shortId];
    if (shortId)
      await step("updatePlaylist", {
        operation: "updatePlaylist",
        method: "PATCH",
        path: playlist,
        pathParams: { ...path, short_id: shortId },
        body: writeBodies.update,
      });
  } finally {
    if (!shortIds.length && maybeCreated) shortIds = await findByName();
    for (const shortId of shortIds) await softDelete(shortId);
  }
  return rows;

  /** The check's playlists, found by name, when the create's answer did not say. */
  async function findByName(): Promise<string[]> {
    const outcome = await step("listPlaylists (find the check's playlist)", {
      operation: "listPlaylists",
      method: "GET",
      path: playlists,
      pathParams: path,
      query: { search: name },
    });
    const results = (jsonOf(outcome) as { results?: unknown } | undefined)?.results;
    return Array.isArray(results) ? results.filter((item) => item?.name === name).flatMap((item) => shortIdOf(item) ?? []) : [];
  }

  async function softDelete(shortId: string) {
    for (let attempt = 1; attempt <= deleteAttempts; attempt++) {
      const outcome = await step("updatePlaylist (soft delete)", {
        operation: "updatePlaylist",
        method: "PATCH",
        path: playlist,
        pathParams: { ...path, short_id: shortId },
        body: writeBodies.softDelete,
      });
      if ("answer" in outcome && outcome.answer.status < 500) {
        if (outcome.answer.status >= 300) warn(`the playlist ${shortId} ("${name}") was not soft-deleted (${outcome.answer.status}): delete it by hand`);
        return;
      }
    }
    warn(`the playlist ${shortId} ("${name}") was not soft-deleted after ${deleteAttempts} attempts: delete it by hand`);
  }
}
