// The openapi-fetch upgrade canary: bare openapi-fetch, doing each thing src/client relies on.
// package.json pins openapi-fetch exactly; when an upgrade fails one of these, the message
// says what in src/client would break.
import createFetchClient, { type Client, mergeHeaders } from "openapi-fetch";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { paths } from "../../generated/openapi.js";
import { httpMethods } from "../../src/client/internal/call.js";

const baseUrl = "https://us.posthog.com";
const path = "/api/environments/{project_id}/session_recording_playlists/{short_id}/" as const;
const listing = "/api/environments/{project_id}/session_recording_playlists/" as const;
const params = { path: { project_id: "28417", short_id: "Ub3KpD7w" } };

/** A fetch that records each Request it is handed and answers with `answer()`. */
function recorder(answer: () => Response = () => Response.json({ short_id: "Ub3KpD7w" })) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return answer();
  };
  return { fetch, requests };
}

const failing = async (): Promise<Response> => {
  throw new Error("the client-level fetch was called");
};

/** Bare openapi-fetch with a client-level fetch that must not be reached when a call brings its own. */
const bare = (options: Parameters<typeof createFetchClient>[0] = {}) => createFetchClient<paths>({ baseUrl, fetch: failing, ...options });

describe("openapi-fetch upgrade canary", () => {
  it("has one call per HTTP method, named as httpMethods names them, and request() upper-cases its method", async () => {
    const why =
      "src/client/internal/call.ts wraps exactly httpMethods and request(): a call it does not wrap would skip the key's origin check, timeouts and retries";
    type Methods = Exclude<keyof Client<paths>, "request" | "use" | "eject">;
    expectTypeOf<Methods>().toEqualTypeOf<(typeof httpMethods)[number]>();
    const client = bare() as unknown as Record<string, unknown>;
    expect(Object.keys(client).sort(), why).toEqual([...httpMethods, "eject", "request", "use"].sort());
    const { fetch, requests } = recorder();
    await bare().request("get", path, { params, fetch });
    expect(requests[0]?.method, why).toBe("GET");
  });

  it("uses a call's own `fetch` instead of the client's, handing it the Request it built", async () => {
    const { fetch, requests } = recorder();
    const result = await bare().GET(path, { params, fetch });
    const why = "src/client/internal/call.ts gives each call its own fetch, which carries the call's time limit and signal to the attempt";
    expect(requests, why).toHaveLength(1);
    expect(requests[0], why).toBeInstanceOf(Request);
    expect(requests[0]!.url, why).toBe(`${baseUrl}/api/environments/28417/session_recording_playlists/Ub3KpD7w/`);
    expect(result.data, why).toEqual({ short_id: "Ub3KpD7w" });
  });

  it("hands the call's fetch the Request a middleware put in place of its own", async () => {
    const { fetch, requests } = recorder();
    const client = bare();
    client.use({ onRequest: ({ request }) => new Request(request, { headers: { "X-Replaced": "yes" } }) });
    await client.GET(path, { params, fetch });
    const why = "a call's time limit and signal reach the attempt through its fetch, also when a middleware replaces the Request";
    expect(requests[0]?.headers.get("X-Replaced"), why).toBe("yes");
  });

  it("rejects a call with the very error its fetch threw", async () => {
    const thrown = new Error("attempt failed");
    const result = bare().GET(path, { params, fetch: () => Promise.reject(thrown) });
    await expect(result, "src/client/internal/call.ts tells a failed attempt (its own RequestError) from anything else by instanceof").rejects.toBe(thrown);
  });

  it("builds a fresh Request, with the body serialized in full, on every call with the same init", async () => {
    const { fetch, requests } = recorder(() => Response.json({ short_id: "Ub3KpD7w" }, { status: 201 }));
    const client = bare();
    const init = { params: { path: { project_id: "28417" } }, body: { name: "Retried" }, fetch };
    await client.POST(listing, init);
    await client.POST(listing, init);
    const why = "a retry calls openapi-fetch again with the same init and relies on a new Request whose body has not been read";
    expect(requests[0], why).not.toBe(requests[1]);
    expect(await Promise.all(requests.map((request) => request.text())), why).toEqual(['{"name":"Retried"}', '{"name":"Retried"}']);
    expect(
      requests.map((request) => request.headers.get("Content-Type")),
      why,
    ).toEqual(["application/json", "application/json"]);
  });

  it("merges base headers given as a plain object into every Request, whose headers can then be changed", async () => {
    const { fetch, requests } = recorder();
    await bare({ headers: { Authorization: "Bearer phx_canary", "X-Base": "1" } }).GET(path, { params, fetch, headers: { "X-Call": "2" } });
    const request = requests[0]!;
    const why = "src/client/options.ts passes the key as a plain base header, and src/client/internal/auth.ts deletes it from a Request for another origin";
    expect(request.headers.get("Authorization"), why).toBe("Bearer phx_canary");
    expect([request.headers.get("X-Base"), request.headers.get("X-Call")], why).toEqual(["1", "2"]);
    request.headers.delete("Authorization");
    expect(request.headers.has("Authorization"), why).toBe(false);
  });

  it("mergeHeaders lets a later source win, and gives back something Object.fromEntries reads", () => {
    const merged = Object.fromEntries(mergeHeaders({ authorization: "Bearer caller", "X-Other": "1" }, { Authorization: "Bearer phx_canary" }));
    expect(merged, "src/client/options.ts builds the base headers with it, the key over any Authorization the caller set").toEqual({
      authorization: "Bearer phx_canary",
      "x-other": "1",
    });
  });

  it("fills the URL with the pathSerializer option when there are path parameters, and a throw from it fails the call before any fetch", async () => {
    const { fetch, requests } = recorder();
    const seen: unknown[] = [];
    const pathSerializer = (template: string, values: Record<string, unknown>) => {
      seen.push([template, values]);
      if (values.short_id === "..") throw new RangeError("refused");
      return `${baseUrl}/filled/`;
    };
    const client = bare({ pathSerializer });
    await client.GET(path, { params, fetch });
    const why = "src/client/internal/path-serializer.ts refuses a missing, empty or dot segment before anything is sent";
    // It is handed the base URL and the template together, and only when the call has params.path.
    expect(seen, why).toEqual([[`${baseUrl}${path}`, params.path]]);
    expect(requests[0]?.url, why).toBe(`${baseUrl}/filled/`);
    await expect(client.GET(path, { params: { path: { project_id: "28417", short_id: ".." } }, fetch }), why).rejects.toBeInstanceOf(RangeError);
    expect(requests, why).toHaveLength(1);
  });

  describe('parseAs: "text"', () => {
    const why = "src/client/internal/read-body.ts parseData parses a success's JSON from the text openapi-fetch hands over, once";
    type Result = { data?: unknown; error?: unknown; response: Response };
    const call = (response: Response, method: "get" | "head" = "get") =>
      bare().request(method, path as never, { params, parseAs: "text", fetch: async () => response } as never) as Promise<Result>;
    const json = '{"short_id":"Ub3KpD7w"}';

    it("gives a success's body as text, with or without Content-Length, read with text()", async () => {
      const read: string[] = [];
      const counted = (response: Response) => {
        const text = response.text.bind(response);
        response.text = () => {
          read.push("text");
          return text();
        };
        return response;
      };
      const withLength = await call(counted(new Response(json, { headers: { "Content-Length": String(json.length) } })));
      const withoutLength = await call(counted(new Response(json)));
      expect([withLength.data, withoutLength.data], why).toEqual([json, json]);
      expect(read, "src/client/internal/read-body.ts answers text() from the bytes it read; any other reader costs a copy").toEqual(["text", "text"]);
    });

    it('gives "" for an empty success without Content-Length, and no data for a 204, a HEAD or a Content-Length of 0', async () => {
      expect((await call(new Response(""))).data, why).toBe("");
      expect((await call(new Response(null, { status: 204 }))).data, why).toBeUndefined();
      expect((await call(new Response(json), "head")).data, why).toBeUndefined();
      expect((await call(new Response("", { headers: { "Content-Length": "0" } }))).data, why).toBeUndefined();
    });

    it("still parses an error body as JSON into `error`, and leaves the result's data writable", async () => {
      const failed = await call(Response.json({ detail: "Not found." }, { status: 404 }));
      expect(failed.error, "src/client/unwrap.ts builds ApiError from the parsed error body").toEqual({ detail: "Not found." });
      const result = await call(new Response(json));
      result.data = undefined;
      expect(result.data, "parseData replaces the text with the parsed JSON in the result openapi-fetch resolved with").toBeUndefined();
    });
  });
});
