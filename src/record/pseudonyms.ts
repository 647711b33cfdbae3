// Keyed pseudonyms: HMAC-SHA256 of the value under a key chosen per run (or derived from
// --salt), so the same input gives the same output everywhere it appears in one recording and
// no one without the key can map an output back by trying guesses, as with a plain hash. A
// pseudonym is never handed to two inputs: on a clash it takes more of the digest.
import { createHmac } from "node:crypto";

/** How a digest becomes a pseudonym; `size` grows by one on each clash. */
type Format = (digest: Buffer, size: number) => string;

// Consonants only: a run of random letters with vowels can spell a person's name by chance
// (`property_mayaup` held the account's "maya"), and the scan then refuses the whole recording.
// Without vowels (or y) no name, word or email a person holds turns up in a pseudonym.
const letters = "bcdfghjkmnpqrstvwxz";

/** `size` letters of the digest: never digits, so no run of them reads as a phone number or an IP. */
export function lettersOf(digest: Buffer, size: number): string {
  let out = "";
  for (let i = 0; i < size; i++) out += letters[digest[i % digest.length]! % letters.length];
  return out;
}

/** A decimal number of up to `size` digits from the digest, never 0. */
function numberOf(digest: Buffer, size: number): number {
  return (Number(digest.readBigUInt64BE(0) % BigInt(10 ** Math.min(size, 15))) || 1) as number;
}

/** A UUID (version 4 layout) from the digest: what a person's or a project's uuid becomes. */
export function uuidOf(digest: Buffer): string {
  const bytes = Buffer.from(digest.subarray(0, 16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const formats = {
  email: (digest, size) => `user-${numberOf(digest, size)}@example.invalid`,
  distinctId: (digest, size) => `person-${lettersOf(digest, size)}`,
  name: (digest, size) => `Person ${lettersOf(digest, size)}`,
  value: (digest, size) => `value-${lettersOf(digest, size)}`,
  host: (digest, size) => `site-${lettersOf(digest, size)}.example`,
  key: (digest, size) => `property_${lettersOf(digest, size)}`,
  event: (digest, size) => `event_${lettersOf(digest, size)}`,
  channel: (digest, size) => `#channel-${lettersOf(digest, size)}`,
  shortId: (digest, size) => lettersOf(digest, size + 4),
  token: (digest, size) => `phc_${lettersOf(digest, size + 37)}`,
  uuid: (digest) => uuidOf(digest),
  integer: (digest, size) => String(numberOf(digest, size + 3)),
} satisfies Record<string, Format>;

export type PseudonymKind = keyof typeof formats;

export class Pseudonyms {
  readonly #key: Uint8Array;
  /** Input (by kind) → pseudonym, and pseudonym → input, across kinds: no pseudonym names two inputs. */
  readonly #forward = new Map<string, string>();
  readonly #taken = new Map<string, string>();

  constructor(key: Uint8Array) {
    this.#key = key;
  }

  /** The keyed digest of `value` as a `kind`; `size` is the pseudonym's size, so a clash draws afresh. */
  digest(kind: string, value: string, size = 0): Buffer {
    return createHmac("sha256", this.#key).update(`${kind}\0${size}\0${value}`).digest();
  }

  /** The pseudonym of `value` as a `kind`: the same for the same input, never another input's. */
  of(kind: PseudonymKind, value: string): string {
    const id = `${kind}\0${value}`;
    const known = this.#forward.get(id);
    if (known !== undefined) return known;
    // Ends: each size draws a new digest, and the sizes grow, so a free pseudonym comes up.
    for (let size = 6; ; size++) {
      const candidate = formats[kind](this.digest(kind, value, size), size);
      if (!this.#taken.has(candidate)) {
        this.#forward.set(id, candidate);
        this.#taken.set(candidate, id);
        return candidate;
      }
    }
  }

  /** A whole number ≥ 1 for `value`, as a pseudonym of kind `integer`. */
  integer(value: string): number {
    return Number(this.of("integer", value));
  }

  /** How many inputs have a pseudonym. */
  get size(): number {
    return this.#forward.size;
  }
}
