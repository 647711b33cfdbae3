// A number that changes whenever a mock's state may have: a write that touched a record, a
// reset, a restore, a scenario switch. Taken from one counter for every mock in the process, so a
// generation names one state of one mock. What a read derives from the state (a playlist as
// presented, an answer's text) is remembered for its generation and never outlives it.

let last = 0;

/** A generation no mock has had. */
export const nextGeneration = (): number => ++last;

/**
 * A memo of what `make` derives from a record, per record object and generation. A request that
 * may write passes no generation (undefined): nothing is remembered or reused for it, since it can
 * change a record between two derivations of it.
 */
export function rememberedPer<K extends object, V>(): (key: K, generation: number | undefined, make: () => V) => V {
  const kept = new WeakMap<K, { generation: number; value: V }>();
  return (key, generation, make) => {
    if (generation === undefined) return make();
    const entry = kept.get(key);
    if (entry?.generation === generation) return entry.value;
    const value = make();
    kept.set(key, { generation, value });
    return value;
  };
}
