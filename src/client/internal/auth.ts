/**
 * The key travels in the client's base headers (openapi-fetch merges them into every
 * request); this takes it off any request for another origin, so a URL from elsewhere
 * (a `next` link, a per-call `baseUrl`) never receives it.
 */
export function keepKeyOnOrigin(request: Request, origin: string): void {
  // Request normalises its URL, so the origin is always followed by "/".
  if (!request.url.startsWith(`${origin}/`)) request.headers.delete("Authorization");
}

export function authorizationHeader(apiKey: string): string {
  return `Bearer ${apiKey}`;
}
