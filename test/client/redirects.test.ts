// Redirects on purpose: the client follows none, so no header, body or key of the caller's
// reaches another origin, and a POST never silently becomes a GET.
import { describe, expect, it } from "vitest";
import { createClient, UnexpectedResponseError } from "../../src/index.js";
import { localServers } from "../support/local-server.js";

const listen = localServers();

describe("redirects", () => {
  it.each([301, 302, 303, 307, 308])("refuses a %i to another origin: nothing reaches it", async (status) => {
    const reached: string[] = [];
    const elsewhere = await listen((request, response) => {
      reached.push(`${request.method} ${request.headers.authorization ?? ""} ${request.headers["x-team"] ?? ""}`);
      response.end("{}");
    });
    const baseUrl = await listen((request, response) => {
      request.resume();
      response.writeHead(status, { Location: `${elsewhere}/steal?key=1` }).end();
    });
    const api = createClient({ baseUrl, apiKey: "phx_redirect_key", headers: { "X-Team": "growth" }, maxRetries: 0 });
    const error = await api
      .POST("/api/environments/{project_id}/session_recording_playlists/", { params: { path: { project_id: "28417" } }, body: { name: "x" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toContain(`answered ${status} to another origin`);
    expect((error as Error).message).not.toContain("steal");
    expect(reached).toEqual([]);
  });

  it("refuses a same-origin redirect too, naming where it pointed", async () => {
    const baseUrl = await listen((_request, response) => response.writeHead(301, { Location: "/api/projects/moved/" }).end());
    const api = createClient({ baseUrl, apiKey: "phx_redirect_key", maxRetries: 0 });
    await expect(api.GET("/api/projects/")).rejects.toThrow("answered 301 to /api/projects/moved/; this client follows no redirects");
  });

  it("refuses a redirect to a location that is not a URL, as such, without retrying it", async () => {
    let requests = 0;
    const baseUrl = await listen((_request, response) => {
      requests++;
      response.writeHead(302, { Location: "http://[not-a-host" }).end();
    });
    const api = createClient({ baseUrl, apiKey: "phx_redirect_key" });
    const error = await api.GET("/api/projects/").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toContain("answered 302 to a location that is not a URL");
    expect(requests).toBe(1);
  });
});
