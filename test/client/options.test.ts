import { describe, expect, it } from "vitest";
import { type ClientOptions, createClient, InvalidInputError } from "../../src/index.js";
import { apiKey, baseUrl, fakeFetch, json } from "../support/fake-fetch.js";

const { fetch } = fakeFetch(() => json({}));

function creationError(options: unknown): InvalidInputError {
  try {
    createClient(options as ClientOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return error as InvalidInputError;
  }
  throw new Error("createClient accepted the options");
}

describe("createClient options", () => {
  it.each([
    ["a missing baseUrl", { apiKey }, "options.baseUrl"],
    ["an empty baseUrl", { baseUrl: " ", apiKey }, "options.baseUrl"],
    ["a relative baseUrl", { baseUrl: "/api", apiKey }, "options.baseUrl"],
    ["a non-http baseUrl", { baseUrl: "ftp://us.posthog.com", apiKey }, "options.baseUrl"],
    ["a missing apiKey", { baseUrl }, "options.apiKey"],
    ["an empty apiKey", { baseUrl, apiKey: "" }, "options.apiKey"],
    ["an apiKey with a space", { baseUrl, apiKey: `${apiKey} x` }, "options.apiKey"],
    ["a negative maxRetries", { baseUrl, apiKey, maxRetries: -1 }, "options.maxRetries"],
    ["a fractional maxRetries", { baseUrl, apiKey, maxRetries: 1.5 }, "options.maxRetries"],
    ["a zero timeoutMs", { baseUrl, apiKey, timeoutMs: 0 }, "options.timeoutMs"],
    ["an infinite timeoutMs", { baseUrl, apiKey, timeoutMs: Infinity }, "options.timeoutMs"],
    ["a fetch that is not a function", { baseUrl, apiKey, fetch: "fetch" }, "options.fetch"],
  ])("refuses %s, naming the field", (_, options, field) => {
    const error = creationError(options);
    expect(error.field).toBe(field);
    expect(error.message).toContain(field);
  });

  it("says an empty or missing key is empty or missing, not which characters a key may hold", () => {
    expect(creationError({ baseUrl, apiKey: "" }).message).toContain("options.apiKey is empty: pass a personal API key");
    expect(creationError({ baseUrl }).message).toContain("options.apiKey is missing: pass a personal API key");
    expect(creationError({ baseUrl, apiKey: 42 }).message).toContain("options.apiKey must be a personal API key");
    expect(creationError({ baseUrl, apiKey: `${apiKey} x` }).message).toContain("printable Latin-1 characters");
  });

  it("refuses options that are not an object", () => {
    expect(creationError(undefined).field).toBe("options");
  });

  it("never puts the key in an error message", () => {
    expect(creationError({ baseUrl: "nope", apiKey }).message).not.toContain(apiKey);
    expect(creationError({ baseUrl, apiKey: `${apiKey} x` }).message).not.toContain(apiKey);
  });

  it("accepts a baseUrl with a trailing slash and sends to the right path", async () => {
    const server = fakeFetch(() => json([]));
    const api = createClient({ baseUrl: `${baseUrl}/`, apiKey, fetch: server.fetch });
    await api.GET("/api/projects/");
    expect(server.calls[0]!.url).toBe(`${baseUrl}/api/projects/`);
  });

  it("sends the headers option with every request", async () => {
    const server = fakeFetch(() => json([]));
    const api = createClient({ baseUrl, apiKey, fetch: server.fetch, headers: { "X-Team": "growth" } });
    await api.GET("/api/projects/");
    expect(server.calls[0]!.headers.get("X-Team")).toBe("growth");
  });

  it("returns the openapi-fetch client surface", () => {
    const api = createClient({ baseUrl, apiKey, fetch });
    for (const method of ["GET", "POST", "PATCH", "PUT", "DELETE", "HEAD", "OPTIONS", "request", "use", "eject", "paginate", "pages"]) {
      expect(typeof (api as unknown as Record<string, unknown>)[method], method).toBe("function");
    }
  });
});
