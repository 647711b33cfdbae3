// Who is calling and what the key may do, following each operation's security requirement
// in the spec: any key starting `phx_` holds every scope, except `phx_readonly`, which holds
// only the `:read` scopes; `keys` replaces these rules with exact keys and scopes (the listed
// scope exactly, as the seed says; the live profile lets `:write` stand for `:read`, as its
// description's `x-write-scope-grants-read` says the service does). An operation the spec gives no scope that
// changes something (not GET) is refused to a key that can only read, with the 403 the
// operation documents: the service refuses personal API keys there altogether.
import { documentedForbidden, invalidKey, missingScope, notAuthenticated } from "../errors.js";
import { own } from "../own-key.js";
import type { Answer } from "../responses.js";
import type { OperationEntry } from "./operations.js";

export type KeyScopes = Record<string, readonly string[] | "*">;

function scopesOf(key: string, keys: KeyScopes | undefined): readonly string[] | "*" | "read" | undefined {
  if (keys) return own(keys, key);
  if (!key.startsWith("phx_") || key.length <= 4) return undefined;
  return key === "phx_readonly" ? "read" : "*";
}

const grants = (scopes: readonly string[] | "*" | "read", scope: string, writeGrantsRead: boolean): boolean => {
  if (scopes === "*") return true;
  if (scopes === "read") return scope.endsWith(":read");
  if (scopes.includes("*") || scopes.includes(scope)) return true;
  return writeGrantsRead && scope.endsWith(":read") && scopes.includes(scope.replace(/:read$/, ":write"));
};

/** Whether the key in `authorization` holds `scope`, by the same rules as the operation's own scopes. */
export function keyHolds(authorization: string | null, scope: string, keys: KeyScopes | undefined, writeGrantsRead = false): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  const scopes = match ? scopesOf(match[1]!, keys) : undefined;
  return scopes !== undefined && grants(scopes, scope, writeGrantsRead);
}

const readsOnly = (scopes: readonly string[] | "*" | "read"): boolean =>
  scopes === "read" || (scopes !== "*" && !scopes.includes("*") && scopes.every((scope) => scope.endsWith(":read")));

/**
 * The answer that refuses the request, or undefined when the key may make it. Without an
 * operation (a method the path does not answer) only the key is checked. `origin` is the
 * mock's own address.
 */
export function authorize(
  authorization: string | null,
  operation: OperationEntry | undefined,
  keys: KeyScopes | undefined,
  origin: string,
  writeGrantsRead = false,
): Answer | undefined {
  if (!authorization) return notAuthenticated(origin);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) return invalidKey(origin);
  const scopes = scopesOf(match[1]!, keys);
  if (scopes === undefined) return invalidKey(origin);
  if (!operation) return undefined;
  for (const scope of operation.scopes) if (!grants(scopes, scope, writeGrantsRead)) return missingScope(scope);
  if (operation.scopes.length === 0 && operation.method !== "GET" && readsOnly(scopes)) return documentedForbidden(operation);
  return undefined;
}
