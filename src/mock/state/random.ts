/** A small seeded PRNG (mulberry32): the same seed gives the same mock, in any runtime. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
export const between = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** An id of `length` characters of the alphabet, one draw each (as `pick` draws). */
export function shortId(random: Random, length = 8): string {
  let id = "";
  for (let i = 0; i < length; i++) id += alphabet[Math.floor(random() * alphabet.length)];
  return id;
}

/** A version-7-shaped UUID whose time part is `at`, as the service's recording ids are. */
export function uuid7(random: Random, at: number): string {
  const hex = (n: number) => Array.from({ length: n }, () => between(random, 0, 15).toString(16)).join("");
  const time = Math.max(0, at).toString(16).padStart(12, "0").slice(-12);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(3)}-${pick(random, ["8", "9", "a", "b"])}${hex(3)}-${hex(12)}`;
}
