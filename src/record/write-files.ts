// Writes a recording: the snapshot and, beside it, the sidecar, each to a temporary file first
// and renamed into place (src/mock/adapters/persist-files.ts), so an interrupted run leaves the
// old files or the new ones, never part of one.
import { writeDurably } from "../mock/adapters/persist-files.js";
import type { Recording } from "./record.js";

/** The sidecar's path beside `out`: `acme.mock.json` → `acme.mock.meta.json`. */
export const sidecarOf = (out: string) => `${out.replace(/\.json$/i, "")}.meta.json`;

export async function writeRecording(out: string, recording: Recording): Promise<{ snapshot: string; sidecar: string }> {
  const sidecar = sidecarOf(out);
  await writeDurably(out, `${JSON.stringify(recording.snapshot, null, 2)}\n`);
  await writeDurably(sidecar, `${JSON.stringify(recording.sidecar, null, 2)}\n`);
  return { snapshot: out, sidecar };
}
