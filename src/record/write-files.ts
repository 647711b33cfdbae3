// Writes a recording: the snapshot and, beside it, the sidecar, each to a temporary file first
// and renamed into place (src/mock/persistence/files.ts), so an interrupted run leaves the
// old files or the new ones, never part of one. The snapshot is in the form a --persist server writes it back in
// (src/mock/state/snapshot-file.ts).
import { writeDurably } from "../mock/persistence/files.js";
import { readableJson, snapshotFileText } from "../mock/state/snapshot-file.js";
import type { Recording } from "./record.js";

/** The sidecar's path beside `out`: `acme.mock.json` → `acme.mock.meta.json`. */
export const sidecarOf = (out: string) => `${out.replace(/\.json$/i, "")}.meta.json`;

export async function writeRecording(out: string, recording: Recording): Promise<{ snapshot: string; sidecar: string }> {
  const sidecar = sidecarOf(out);
  await writeDurably(out, snapshotFileText(recording.snapshot));
  await writeDurably(sidecar, readableJson(recording.sidecar));
  return { snapshot: out, sidecar };
}
