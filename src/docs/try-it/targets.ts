// Where a try goes: the mock in the page, the local mock `npm start` runs, or the reader's own
// server. The reader's key lives in this module's memory only, bound to the origin it was set
// for: it is never written to the page, a URL or storage, and goes to no other origin.
import type { InPageEngine } from "./types.js";

export type TargetKind = "page" | "local" | "yours";

export interface Targets {
  kind: TargetKind;
  localUrl: string;
  yourUrl: string;
  /** The reader's timeout for a server's whole answer, in seconds, as typed. */
  timeout: string;
}

/** The choice the panel keeps across operations for the tab's life (never the key, which is below); main.ts sets the page's local mock. */
export const targets: Targets = { kind: "page", localUrl: "", yourUrl: "https://us.posthog.com", timeout: "30" };

/** The longest timeout the panel takes: ten minutes. */
const maxTimeout = 600;

/** The timeout in milliseconds, or why it is refused. */
export function timeoutOf(chosen: Targets): { ms: number } | { refused: string } {
  const seconds = Number(chosen.timeout.trim() || Number.NaN);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > maxTimeout)
    return { refused: `The timeout must be a whole number of seconds from 1 to ${maxTimeout}.` };
  return { ms: seconds * 1000 };
}

/** The in-page mock's requests name the service, as the client would call it; none leaves the page. */
export const inPageBase = "https://us.posthog.com";
/** Both mocks take any key starting `phx_`, with every scope. */
const mockKey = "phx_example";

let yourKey: { origin: string; key: string } | undefined;

/** The base URL the current target's requests go to, or why it is refused. */
export function baseOf(chosen: Targets): { base: string } | { refused: string } {
  if (chosen.kind === "page") return { base: inPageBase };
  const text = (chosen.kind === "local" ? chosen.localUrl : chosen.yourUrl).trim().replace(/\/+$/, "");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { refused: `Not a URL: ${text || "(empty)"}.` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { refused: "The base URL must be http or https." };
  if (url.username || url.password || url.search || url.hash) return { refused: "The base URL takes no credentials, query or fragment." };
  // Over plain http a key can be read on the way, so only this machine is allowed it.
  if (url.protocol === "http:" && !isLoopback(url.hostname)) return { refused: "Plain http is refused except to localhost and 127.0.0.1: use https." };
  return { base: url.origin + url.pathname.replace(/\/+$/, "") };
}

const isLoopback = (host: string): boolean => host === "localhost" || host === "127.0.0.1" || host === "[::1]";

/** Keeps the reader's key for the origin of `base`; an empty key forgets it. */
export function setYourKey(key: string, base: string): void {
  yourKey = key ? { origin: new URL(base).origin, key } : undefined;
}

/** Whether a key is held for the origin of `base`. */
export const hasYourKey = (base: string): boolean => yourKey !== undefined && yourKey.origin === new URL(base).origin;

/** The key to send with a request to `url` on the current target, if any. */
export function keyFor(kind: TargetKind, url: string): string | undefined {
  if (kind !== "yours") return mockKey;
  return yourKey && new URL(url).origin === yourKey.origin ? yourKey.key : undefined;
}

/**
 * Sends a request to the target: the in-page mock answers it in memory; the others over the
 * network, not following redirects, until `signal` stops it (the answer's body with it).
 */
export function send(kind: TargetKind, request: Request, engine: InPageEngine, signal: AbortSignal): Promise<Response> {
  if (kind === "page") return engine.fetch(request);
  return fetch(request, { credentials: "omit", redirect: "manual", cache: "no-store", signal });
}
