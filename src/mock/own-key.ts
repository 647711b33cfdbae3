// Lookups by a name the request chose (a project id, an API key, an example name): only a
// record's own keys count, so `constructor` or `__proto__` finds nothing rather than
// something of Object.prototype.

/** `record[key]` when `key` is `record`'s own, else undefined. */
export const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);
