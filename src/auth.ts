/**
 * Adds the bearer key to requests for the client's own origin, and to no other: a URL
 * from elsewhere (a `next` link, a per-call `baseUrl`) never receives it.
 */
export function authorize(request: Request, origin: string, apiKey: string): void {
  // Request normalises its URL, so the origin is always followed by "/".
  if (request.url.startsWith(`${origin}/`)) request.headers.set("Authorization", `Bearer ${apiKey}`);
  else request.headers.delete("Authorization");
}
