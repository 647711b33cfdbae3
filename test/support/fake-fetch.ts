// An in-process stand-in for the server: a function passed as the client's `fetch`.

export type Handler = (request: Request, index: number) => Response | Promise<Response>;

export type Recorded = { method: string; url: string; headers: Headers; body: string };

export function fakeFetch(handler: Handler) {
  const calls: Recorded[] = [];
  const fetch = async (request: Request, init?: RequestInit): Promise<Response> => {
    calls.push({ method: request.method, url: request.url, headers: new Headers(request.headers), body: await request.clone().text() });
    return handler(init?.signal ? new Request(request, { signal: init.signal }) : request, calls.length - 1);
  };
  return { fetch, calls };
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { "Content-Type": "application/json", ...(init.headers as Record<string, string>) },
  });
}

export function errorBody(
  status: number,
  fields: Partial<Record<"type" | "code" | "detail" | "attr", string | null>>,
  headers: Record<string, string> = {},
): Response {
  return json({ type: "invalid_request", code: "error", detail: "Something failed.", attr: null, ...fields }, { status, headers });
}

/** A fetch failure as Node's fetch reports a reset connection. */
export function connectionReset(): never {
  throw new TypeError("fetch failed", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) });
}

/** A server that accepts the request and never answers; honours the request's signal like fetch does. */
export function neverAnswers(request: Request): Promise<Response> {
  return new Promise((_, reject) => {
    request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
  });
}

export const apiKey = "phx_9Q2lYtqZk8wNcRmXv3aB7eHdJ0sUfGpL4yTiOo1KnWr";
export const baseUrl = "https://us.posthog.com";
export const playlistPath = "/api/environments/{project_id}/session_recording_playlists/{short_id}/" as const;
