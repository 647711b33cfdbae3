// A recording's id is a UUIDv7, whose first 48 bits are its start in ms: written anew for the
// start as written (rebased or not), with keyed bits for the rest, so the real id (a link into
// the real account) is gone and the id still sorts and reads as the service's would.
import type { Pseudonyms } from "./pseudonyms.js";

/** A UUIDv7 for `ms` whose other bits come from `digest`. */
export function uuidV7(ms: number, digest: Buffer): string {
  const bytes = Buffer.from(digest.subarray(0, 16));
  const time = BigInt(Math.max(0, Math.floor(ms)));
  for (let i = 0; i < 6; i++) bytes[i] = Number((time >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** New ids for recordings, never one twice. */
export class RecordingIds {
  readonly #taken = new Set<string>();
  readonly byOld = new Map<string, string>();

  constructor(private readonly pseudonyms: Pseudonyms) {}

  /** The id of the recording read as `old`, starting at `ms`. */
  assign(old: string, ms: number): string {
    for (let round = 0; ; round++) {
      const id = uuidV7(ms, this.pseudonyms.digest("recording", old, round));
      if (!this.#taken.has(id)) {
        this.#taken.add(id);
        this.byOld.set(old, id);
        return id;
      }
    }
  }
}
