// Who is calling and what the key may do, following each operation's security requirement
// in the spec: any key starting `phx_` holds every scope, except `phx_readonly`, which holds
// only the `:read` scopes; `keys` replaces these rules with exact keys and scopes.
import { invalidKey, missingScope, notAuthenticated } from "../errors.js";

export type KeyScopes = Record<string, readonly string[] | "*">;

function scopesOf(key: string, keys: KeyScopes | undefined): readonly string[] | "*" | "read" | undefined {
  if (keys) return keys[key];
  if (!key.startsWith("phx_") || key.length <= 4) return undefined;
  return key === "phx_readonly" ? "read" : "*";
}

/** The answer that refuses the request, or undefined when the key may call the operation. `origin` is the mock's own address. */
export function authorize(authorization: string | null, required: readonly string[], keys: KeyScopes | undefined, origin: string): Response | undefined {
  if (!authorization) return notAuthenticated(origin);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) return invalidKey(origin);
  const scopes = scopesOf(match[1]!, keys);
  if (scopes === undefined) return invalidKey(origin);
  for (const scope of required) {
    const granted = scopes === "*" || (scopes === "read" ? scope.endsWith(":read") : scopes.includes(scope) || scopes.includes("*"));
    if (!granted) return missingScope(scope);
  }
  return undefined;
}
