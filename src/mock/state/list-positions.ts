// Where each record of a list part is, by its key, so a look-up or a write costs the same on a
// list of 20,000 playlists as on the seed's few. A list part is only appended to or has a record
// replaced where it is, which keeps the positions right: they are read once per list and then
// extended as it grows. A removal (splice) moves what follows, so it forgets them; the next look-up
// reads the list again.

/** The key a listed record is found by: the same the handlers find it by. */
export const keyOf: Record<string, (item: Record<string, unknown>) => string> = {
  playlists: (item) => String(item.short_id),
  recordings: (item) => String(item.id),
  subscriptions: (item) => String(item.id),
  deliveries: (item) => String(item.id),
};

interface Positions {
  byKey: Map<string, number>;
  /** How many of the list's items have been read. */
  read: number;
}

const positionsOf = new WeakMap<readonly unknown[], Positions>();

/** The position of the record keyed `key` in `list` (a list part `part`), or -1. */
export function positionOf(list: readonly unknown[], part: string, key: string): number {
  let positions = positionsOf.get(list);
  if (!positions) {
    positions = { byKey: new Map(), read: 0 };
    positionsOf.set(list, positions);
  }
  const keyed = keyOf[part]!;
  for (; positions.read < list.length; positions.read++) {
    const item = list[positions.read];
    // A malformed item (in a state read from a file) has no key; the snapshot check names it.
    if (typeof item === "object" && item !== null) positions.byKey.set(keyed(item as Record<string, unknown>), positions.read);
  }
  const at = positions.byKey.get(key);
  return at === undefined ? -1 : at;
}

/** Removes the item at `at` from `list`, forgetting the positions that removal moves. */
export function removeAt(list: unknown[], at: number): void {
  list.splice(at, 1);
  positionsOf.delete(list);
}
