// The mock engine behind Playwright's request routing: the browser's API requests to one origin
// are answered in the test's own process, by the test's own mock. Playwright's types are matched
// structurally, so this needs neither @playwright/test nor playwright-core to load.
import type { Mock } from "../../engine.js";

/** What routeMock uses of Playwright's `Request`. */
export interface PlaywrightRequestLike {
  url(): string;
  method(): string;
  allHeaders(): Promise<Record<string, string>>;
  postDataBuffer(): Buffer | null;
}
/** What routeMock uses of Playwright's `Route`. */
export interface PlaywrightRouteLike {
  request(): PlaywrightRequestLike;
  fulfill(response: { status: number; headers: Record<string, string>; body: Buffer }): Promise<void>;
  fallback(): Promise<void>;
}
type RouteHandler = (route: PlaywrightRouteLike) => Promise<void>;
/** A `BrowserContext` or a `Page`: both route and unroute. */
export interface PlaywrightRoutable {
  route(url: string | RegExp, handler: RouteHandler): Promise<unknown>;
  unroute(url: string | RegExp, handler?: RouteHandler): Promise<void>;
}

export interface RouteMockOptions {
  /** The origin the app sends API requests to, such as `http://localhost:5173`. Only that origin is routed. */
  baseUrl: string;
  /** Path globs under that origin to route (Playwright's glob syntax). Default `["/api/**"]`; assets are never routed. */
  paths?: readonly string[] | undefined;
  /** Called when the mock threw rather than answered (a `MockResponseViolationError`); the page gets a 500 naming it. */
  onError?: ((error: unknown) => void) | undefined;
  /**
   * Called with a request for an API path the mock owns, sent to another spelling of `baseUrl`'s
   * loopback host (`127.0.0.1` for `localhost`, `[::1]`, on the same port): the page gets a 421
   * naming both origins at once, instead of a request that reaches no mock and a test that waits.
   */
  onMisrouted?: ((url: string) => void) | undefined;
}

const loopbackHosts = ["localhost", "127.0.0.1", "[::1]"];

/** The origins that spell `origin`'s loopback host otherwise, same scheme and port; none for another host. */
export function loopbackAliases(origin: string): string[] {
  const url = new URL(origin);
  if (!loopbackHosts.includes(url.hostname)) return [];
  return loopbackHosts.filter((host) => host !== url.hostname).map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
}

/** The answer to a request sent to an alias of `baseUrl`'s origin: a 421 that says which origin to use. */
function misroutedAnswer(url: string, origin: string): Response {
  const detail = `the page sent ${new URL(url).origin}${new URL(url).pathname} but the mock routes ${origin} (baseUrl): make the app and baseUrl name the same host`;
  // Readable by the page that sent it, whose origin is the other spelling.
  return Response.json({ type: "invalid_request", code: "misdirected", detail, attr: null }, { status: 421, headers: { "access-control-allow-origin": "*" } });
}

export interface MockRoute {
  /** Stops routing; requests in flight are still answered. */
  dispose(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
  /** How many requests reached the handler, owned by the mock or passed on: what the routing cost. */
  readonly routed: number;
}

/**
 * Routes `baseUrl`'s API paths on a context (every page, popups included) or one page to `mock`.
 * Patterns are globs, never a predicate: Playwright would otherwise pass every request, assets
 * too, through the test process. A path the mock does not own falls back to the next handler.
 */
export async function routeMock(
  target: PlaywrightRoutable,
  mock: Mock,
  { baseUrl, paths = ["/api/**"], onError, onMisrouted }: RouteMockOptions,
): Promise<MockRoute> {
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    throw new TypeError(`routeMock: baseUrl must be an absolute URL, got ${JSON.stringify(baseUrl)}`);
  }
  if (origin === "null") throw new TypeError(`routeMock: baseUrl must be an http(s) URL, got ${JSON.stringify(baseUrl)}`);
  // Glob metacharacters in the origin (IPv6 brackets) are taken literally.
  const globsOf = (at: string) => paths.map((path) => `${at.replace(/[[\]{}?*\\]/g, "\\$&")}${path.startsWith("/") ? path : `/${path}`}`);
  const globs = globsOf(origin);
  const aliasGlobs = onMisrouted ? loopbackAliases(origin).flatMap(globsOf) : [];
  let routed = 0;

  const aliasHandler: RouteHandler = async (route) => {
    const url = route.request().url();
    if (!mock.owns(url)) return quietly(route.fallback());
    onMisrouted?.(url);
    const answer = misroutedAnswer(url, origin);
    await quietly(route.fulfill({ status: answer.status, headers: Object.fromEntries(answer.headers), body: Buffer.from(await answer.arrayBuffer()) }));
  };

  const handler: RouteHandler = async (route) => {
    routed++;
    const request = route.request();
    if (!mock.owns(request.url())) return quietly(route.fallback());
    let response: Response;
    try {
      response = await mock.fetch(await fetchRequest(request));
    } catch (error) {
      onError?.(error);
      const detail = error instanceof Error ? error.message : String(error);
      response = Response.json({ type: "server_error", code: "mock_error", detail, attr: null }, { status: 500 });
    }
    const body = Buffer.from(await response.arrayBuffer());
    await quietly(route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body }));
  };

  for (const glob of globs) await target.route(glob, handler);
  for (const glob of aliasGlobs) await target.route(glob, aliasHandler);
  const dispose = async () => {
    for (const glob of globs) await quietly(target.unroute(glob, handler));
    for (const glob of aliasGlobs) await quietly(target.unroute(glob, aliasHandler));
  };
  return {
    dispose,
    [Symbol.asyncDispose]: dispose,
    get routed() {
      return routed;
    },
  };
}

/** Playwright's request as a Fetch `Request`: its method, headers and body bytes. */
async function fetchRequest(request: PlaywrightRequestLike): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(await request.allHeaders())) {
    // HTTP/2 pseudo-headers (`:authority`) are no header a Request can carry.
    if (!name.startsWith(":")) headers.set(name, value);
  }
  const method = request.method();
  const body = method === "GET" || method === "HEAD" ? null : request.postDataBuffer();
  return new Request(request.url(), { method, headers, body: body && body.byteLength > 0 ? new Uint8Array(body) : null });
}

/**
 * Awaits a route call, ignoring what happens when the page went away first (a navigation aborted
 * the request, or the test ended): there is no one left to answer.
 */
async function quietly(call: Promise<unknown>): Promise<void> {
  try {
    await call;
  } catch (error) {
    if (!/Route is already handled|has been closed|Target closed/i.test(error instanceof Error ? error.message : "")) throw error;
  }
}
