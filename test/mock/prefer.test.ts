// Prism's Prefer header (negotiate.ts): a request may ask for one of the answers the spec
// documents instead of the mock's own, by status, by example name, or after a delay.
import { describe, expect, it } from "vitest";
import { createMock } from "../../src/mock/index.js";
import { send } from "./support.js";

const playlist = "/api/environments/28417/session_recording_playlists/Ub3KpD7w/";

describe("Prefer", () => {
  it("code: answers that documented status, a 429 with a Retry-After of one second", async () => {
    const throttled = await send(createMock(), playlist, { headers: { Prefer: "code=429" } });
    expect(throttled.status).toBe(429);
    // One second rather than the example's wait, so that a client under test retries at once.
    expect(throttled.headers.get("Retry-After")).toBe("1");
    expect(await throttled.json()).toMatchObject({ type: "throttled_error" });
  });

  it("code and example: answers the named example of that status, with the 401's WWW-Authenticate pointing at the mock", async () => {
    const invalidKey = await send(createMock(), "/api/projects/", { headers: { Prefer: "code=401, example=invalid_key" } });
    expect(invalidKey.status).toBe(401);
    expect(await invalidKey.json()).toMatchObject({ code: "authentication_failed" });
    // The header the spec documents on every 401.
    expect(invalidKey.headers.get("WWW-Authenticate")).toBe('Bearer resource_metadata="http://mock.local/.well-known/oauth-protected-resource"');
  });

  it("example alone: answers the named example of the operation's success", async () => {
    // The seeded listing has more pages (its next is set): a null next is the example's.
    const page = await send(createMock(), "/api/environments/28417/session_recordings/", { headers: { Prefer: "example=last_of_several_pages" } });
    expect(page.status).toBe(200);
    expect((await page.json()).next).toBeNull();
  });

  it("takes the first of a preference given twice, as RFC 7240 says", async () => {
    const first = await send(createMock(), playlist, { headers: { Prefer: "code=404, code=429" } });
    expect(first.status).toBe(404);
  });

  it("answers a status the operation declares by its range, 503 by the shared 5XX", async () => {
    const unavailable = await send(createMock(), playlist, { headers: { Prefer: "code=503" } });
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toMatchObject({ type: "server_error" });
  });

  it("ignores a code the operation does not document, answers for real, and says why in x-mock-prefer-ignored", async () => {
    // An undeclared answer would break the spec.
    const unknown = await send(createMock(), playlist, { headers: { Prefer: "code=418" } });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ short_id: "Ub3KpD7w" });
    expect(JSON.parse(unknown.headers.get("x-mock-prefer-ignored")!)).toMatch(/^code=418 is not a documented response of getPlaylist/);
  });

  it("delay: holds the answer back that many milliseconds", async () => {
    const mock = createMock();
    const started = performance.now();
    expect((await send(mock, playlist, { headers: { Prefer: "delay=120" } })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });
});
