// The state's size cap, as the length of its JSON. JavaScript strings end at about 512 MiB
// (V8's 2^29 - 24 characters), past which a state could no longer be written out (GET
// /__mock/state, the --persist file): the cap leaves room for that, and a state at it refuses
// the writes that would grow it (engine.ts) while reads, deletes and the admin routes go on.

/** The largest state, in characters of its JSON (bytes, for ASCII text): PUT /__mock/state takes up to this, and writes stop growing a state past it. */
export const maxStateSize = 128 * 1024 * 1024;

export interface SizeGuard {
  /** The state was replaced by one whose JSON is `length` long, or (undefined) by one not measured. */
  replaced(length: number | undefined): void;
  /** A write added at most `length` characters. */
  grew(length: number): void;
  /** Whether the state is at the cap, measured afresh only when the counted growth could have reached it. */
  full(json: () => string): boolean;
}

/**
 * Keeps the state's size without writing it out on every request: a measure when the state is
 * replaced (or at the first write after), then each write's changed records counted as growth,
 * generously (an update counts its whole record), until the sum could reach the cap.
 */
export function sizeGuard(cap: number): SizeGuard {
  let measured: number | undefined;
  let grown = 0;
  return {
    replaced(length) {
      measured = length;
      grown = 0;
    },
    grew(length) {
      grown += length;
    },
    full(json) {
      if (measured !== undefined && measured + grown < cap) return false;
      measured = json().length;
      grown = 0;
      return measured >= cap;
    },
  };
}
