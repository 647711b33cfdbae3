// Who is calling and what the key may do, following each operation's security requirement
// in the spec: any key starting `phx_` holds every scope, except `phx_readonly`, which holds
// only the `:read` scopes; `keys` replaces these rules with exact keys and scopes.
import { error } from "../responses.js";

export type KeyScopes = Record<string, readonly string[] | "*">;

const unauthenticated = () =>
  error(401, "authentication_error", "not_authenticated", "Authentication credentials were not provided.", null, {
    "WWW-Authenticate": 'Bearer resource_metadata="http://mock.local/.well-known/oauth-protected-resource"',
  });
const invalidKey = () =>
  error(401, "authentication_error", "authentication_failed", "Personal API key found in request Authorization header is invalid.", null, {
    "WWW-Authenticate": 'Bearer resource_metadata="http://mock.local/.well-known/oauth-protected-resource"',
  });

function scopesOf(key: string, keys: KeyScopes | undefined): readonly string[] | "*" | "read" | undefined {
  if (keys) return keys[key];
  if (!key.startsWith("phx_") || key.length <= 4) return undefined;
  return key === "phx_readonly" ? "read" : "*";
}

/** The answer that refuses the request, or undefined when the key may call the operation. */
export function authorize(authorization: string | null, required: readonly string[], keys: KeyScopes | undefined): Response | undefined {
  if (!authorization) return unauthenticated();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) return invalidKey();
  const scopes = scopesOf(match[1]!, keys);
  if (scopes === undefined) return invalidKey();
  for (const scope of required) {
    const granted = scopes === "*" || (scopes === "read" ? scope.endsWith(":read") : scopes.includes(scope) || scopes.includes("*"));
    if (!granted) return error(403, "authentication_error", "permission_denied", `API key missing required scope '${scope}'`);
  }
  return undefined;
}
