import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { createClient, type ClientOptions } from "../../src/index.js";
import { apiKey, baseUrl, connectionReset, fakeFetch, neverAnswers, playlistPath } from "../support/fake-fetch.js";

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
