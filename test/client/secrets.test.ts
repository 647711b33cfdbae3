// Secrets stay secret: the API key is in nothing the client shows, throws or logs, and a
// server that echoes it does not get it into an error; URL credentials and odd keys are
// refused at creation without being echoed; a per-call fetch, which would carry the key past
// the client's checks, is refused.
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { ApiError, type ClientOptions, createClient, InvalidInputError, unwrap } from "../../src/index.js";
import { apiKey, baseUrl, connectionReset, fakeFetch, neverAnswers, playlistPath } from "../support/fake-fetch.js";
import { localServers } from "../support/local-server.js";
import { thrownBy } from "../support/thrown.js";

const serve = localServers();
const params = { path: { project_id: "28417", short_id: "Ub3KpD7w" } };

describe("the API key stays secret", () => {
  it("is not in util.inspect or JSON of the client", () => {
    const api = createClient({ baseUrl, apiKey, fetch: fakeFetch(neverAnswers).fetch });
    expect(inspect(api, { depth: Infinity, showHidden: true, getters: true })).not.toContain(apiKey);
    expect(JSON.stringify(api)).not.toContain(apiKey);
  });

  it("is not kept on the options the caller passed, nor added to them", () => {
    const options: ClientOptions = { baseUrl, apiKey, fetch: fakeFetch(neverAnswers).fetch };
    const before = JSON.stringify(options);
    createClient(options);
    expect(JSON.stringify(options)).toBe(before);
  });

  it("is in no error the client throws", async () => {
    const api = createClient({ baseUrl, apiKey, fetch: fakeFetch(() => connectionReset()).fetch, maxRetries: 0 });
    const error = await api.GET(playlistPath, { params }).catch((e) => e);
    expect(`${error.message} ${error.stack}`).not.toContain(apiKey);
    expect(inspect(error, { depth: Infinity, showHidden: true })).not.toContain(apiKey);
  });

  it("is in no line written to the console", async () => {
    const lines: string[] = [];
    const original = { log: console.log, warn: console.warn, error: console.error, info: console.info, debug: console.debug };
    for (const name of Object.keys(original) as (keyof typeof original)[]) console[name] = (...args: unknown[]) => lines.push(inspect(args));
    try {
      const api = createClient({ baseUrl, apiKey, fetch: fakeFetch(() => connectionReset()).fetch, maxRetries: 1 });
      await api.GET(playlistPath, { params }).catch(() => undefined);
    } finally {
      Object.assign(console, original);
    }
    expect(lines.join("\n")).not.toContain(apiKey);
  });
});

describe("refused at creation", () => {
  it("refuses a baseUrl with credentials, and shows it redacted", () => {
    const error = thrownBy(() => createClient({ baseUrl: "https://maya:s3cret-pass@us.posthog.com", apiKey: "phx_ok" }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(String((error as Error).message)).toContain("options.baseUrl");
    expect(String((error as Error).message)).toContain("[redacted]");
    expect(String((error as Error).message)).not.toMatch(/s3cret|maya/);
  });

  it.each(["https://us.posthog.com/?token=abc", "https://us.posthog.com/#frag"])("refuses a baseUrl with a query or fragment: %s", (baseUrl) => {
    const error = thrownBy(() => createClient({ baseUrl, apiKey: "phx_ok" }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).not.toContain("token=abc");
  });

  it.each([
    ["a NUL", "phx_secret\u0000tail"],
    ["a DEL", "phx_secret\u007ftail"],
    ["a character outside Latin-1", "phx_secretключ"],
  ])("refuses a key with %s without echoing it", (_, apiKey) => {
    const error = thrownBy(() => createClient({ baseUrl: "https://us.posthog.com", apiKey }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toContain("options.apiKey");
    expect((error as Error).message).not.toContain("phx_secret");
  });
});

describe("a server that echoes the key", () => {
  it("does not get it into ApiError's message, detail or body", async () => {
    const apiKey = "phx_echoed_key_0123456789";
    const baseUrl = await serve((request, response) => {
      const sent = request.headers.authorization ?? "";
      response
        .writeHead(401, { "Content-Type": "application/json" })
        .end(JSON.stringify({ type: "authentication_error", code: "authentication_failed", detail: `Key ${sent} is invalid`, attr: null }));
    });
    const api = createClient({ baseUrl, apiKey, maxRetries: 0 });
    const result = await api.GET("/api/projects/");
    const error = thrownBy(() => unwrap(result)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.detail).toBe("Key Bearer [redacted key] is invalid");
    expect(`${error.message} ${JSON.stringify(error.body)} ${error.stack}`).not.toContain(apiKey);
  });
});

describe("a per-call fetch", () => {
  it("is refused, so the key never bypasses the origin check, retries and timeouts", async () => {
    const calls: string[] = [];
    const api = createClient({ baseUrl: "https://us.posthog.com", apiKey: "phx_call_fetch", fetch: async () => new Response("{}") });
    const sneaky = async (request: Request) => {
      calls.push(request.headers.get("authorization") ?? "");
      return new Response("{}");
    };
    const error = await api.GET("/api/projects/", { fetch: sneaky } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toContain("init.fetch");
    const viaRequest = await api.request("get", "/api/projects/", { fetch: sneaky } as never).catch((e: unknown) => e);
    expect(viaRequest).toBeInstanceOf(InvalidInputError);
    expect(calls).toEqual([]);
  });
});
