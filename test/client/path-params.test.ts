import { describe, expect, it } from "vitest";
import { createClient, InvalidInputError } from "../../src/index.js";
import { apiKey, baseUrl, fakeFetch, json, playlistPath } from "../support/fake-fetch.js";

function client() {
  const server = fakeFetch(() => json({}));
  return { server, api: createClient({ baseUrl, apiKey, fetch: server.fetch }) };
}

describe("path parameters", () => {
  it.each([
    ["../x", "..%2Fx"],
    ["a/b", "a%2Fb"],
    ["what?x=1", "what%3Fx%3D1"],
    ["frag#ment", "frag%23ment"],
    ["sp ace", "sp%20ace"],
    ["%2e%2e", "%252e%252e"],
  ])("keeps %j inside its segment", async (shortId, encoded) => {
    const { server, api } = client();
    await api.GET(playlistPath, { params: { path: { project_id: "28417", short_id: shortId } } });
    expect(server.calls[0]!.url).toBe(`${baseUrl}/api/environments/28417/session_recording_playlists/${encoded}/`);
  });

  it("refuses a lone surrogate, which no URL can carry, naming the field", async () => {
    const { server, api } = client();
    const call = api.GET(playlistPath, { params: { path: { project_id: "28417", short_id: "abc\ud800" } } });
    await expect(call).rejects.toMatchObject({ name: "InvalidInputError", field: "params.path.short_id" });
    expect(server.calls).toHaveLength(0);
  });

  it.each([[".."], ["."], [""]])("refuses %j, which would change the path, naming the field", async (shortId) => {
    const { server, api } = client();
    const call = api.GET(playlistPath, { params: { path: { project_id: "28417", short_id: shortId } } });
    await expect(call).rejects.toThrow(InvalidInputError);
    await expect(call).rejects.toMatchObject({ field: "params.path.short_id" });
    expect(server.calls).toHaveLength(0);
  });

  it("refuses a missing path parameter instead of sending a literal {short_id}", async () => {
    const { server, api } = client();
    const params = { path: { project_id: "28417" } } as unknown as { path: { project_id: string; short_id: string } };
    await expect(api.GET(playlistPath, { params })).rejects.toMatchObject({
      name: "InvalidInputError",
      field: "params.path.short_id",
    });
    expect(server.calls).toHaveLength(0);
  });

  it("accepts a number as a project id", async () => {
    const { server, api } = client();
    const params = { path: { project_id: 28417 as unknown as string, short_id: "Ub3KpD7w" } };
    await api.GET(playlistPath, { params });
    expect(server.calls[0]!.url).toContain("/environments/28417/");
  });
});
