// The request as the engine reads it, whichever way it came: a Fetch `Request` (`mock.fetch`,
// for MSW, Playwright and the docs page) or node:http's own message (the server, which builds
// no Fetch objects: they cost more than the engine's work). Both go through one pipeline.
import { readLimited } from "../shared/read-limited.js";

export interface Incoming {
  method: string;
  url: URL;
  /** A header's value (`name` in lower case), repeats joined with ", " as Fetch's `Headers` joins them; null when absent. */
  header(name: string): string | null;
  /** The body's bytes (empty when there is none); undefined once it passes `limit` bytes. */
  body(limit: number): Promise<Uint8Array | undefined>;
}

/** A Fetch `Request` as the engine reads it. */
export const fromFetch = (request: Request, url: URL): Incoming => ({
  method: request.method,
  url,
  header: (name) => request.headers.get(name),
  body: (limit) => readLimited(request.body, limit),
});
