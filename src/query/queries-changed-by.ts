// Which cached reads a write changed, for TanStack Query's `invalidateQueries` and SWR's
// `mutate`. The table is compiled from the description (scripts/build/compile-refresh.mjs: the
// paths above and below the write, and the description's links); this file only matches it
// against cache keys, which openapi-react-query writes as [method, path, init] and
// swr-openapi as [prefix, path, init].
import type { MaybeOptionalInit } from "openapi-fetch";
import type { AnyPaths, PathsWith } from "../client/client-types.js";

/** A read a write changes, and which of the write's path parameters select it. */
interface ChangedRead {
  path: string;
  /** The read's parameter name → the write's; a parameter not named here matches any value. */
  params: { [name: string]: string | undefined };
}

/** generated/refresh/*.json: by `"<method> <path>"` of each write. */
export type RefreshTable = Record<string, ChangedRead[]>;

export type WriteMethod = "post" | "put" | "patch" | "delete";

/** The filter of the cached reads a write changed: for TanStack Query and for SWR. */
export interface ChangedQueries {
  /** TanStack Query's filter: `queryClient.invalidateQueries(changed)`. */
  predicate(query: { queryKey: readonly unknown[] }): boolean;
  /** The same test on a bare key: SWR's `mutate((key) => changed.matchesKey(key))`. */
  matchesKey(key: unknown): boolean;
}

/** `queriesChangedBy`, for the writes of one set of paths. */
export type QueriesChangedByOf<Paths extends AnyPaths> = <Method extends WriteMethod, P extends PathsWith<Method, Paths>>(
  method: Method,
  path: P,
  init: MaybeOptionalInit<Paths[P], Method>,
) => ChangedQueries;

const writeMethods: readonly string[] = ["post", "put", "patch", "delete"] satisfies WriteMethod[];

const pathParamsOf = (init: unknown): Record<string, unknown> | undefined =>
  (init as { params?: { path?: Record<string, unknown> } } | undefined)?.params?.path;

/** The reads a write changes, from a table compiled from one description. */
export function queriesChangedByFrom<Paths extends AnyPaths>(table: RefreshTable): QueriesChangedByOf<Paths> {
  return (method, path, init) => {
    if (!writeMethods.includes(method))
      throw new TypeError(`queriesChangedBy: method must be one of ${writeMethods.join(", ")}, got ${JSON.stringify(method)}`);
    const reads = table[`${method} ${String(path)}`];
    if (!reads) throw new TypeError(`queriesChangedBy: the description has no ${method.toUpperCase()} ${String(path)}`);
    const written = pathParamsOf(init) ?? {};
    // Without the write's own path parameters every read would match, or none: name the one missing.
    for (const [, name] of String(path).matchAll(/\{([^}]+)\}/g)) {
      const value = written[name!];
      if (typeof value !== "string" && typeof value !== "number")
        throw new TypeError(`queriesChangedBy: init.params.path.${name} must be the written path's ${name}`);
    }
    const matchesKey = (key: unknown): boolean => {
      if (!Array.isArray(key)) return false;
      const [first, readPath, readInit] = key;
      // A cached mutation ([method, path]) is not a read.
      if (typeof first === "string" && writeMethods.includes(first)) return false;
      const read = reads.find((candidate) => candidate.path === readPath);
      if (!read) return false;
      const selected = pathParamsOf(readInit) ?? {};
      return Object.entries(read.params).every(([name, from]) => from === undefined || String(selected[name]) === String(written[from]));
    };
    return { predicate: (query) => matchesKey(query.queryKey), matchesKey };
  };
}
