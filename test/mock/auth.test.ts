// Authentication and scopes follow each operation's security requirement in the spec.
import { describe, expect, it } from "vitest";
import { createMock } from "../../src/mock/index.js";
import { seedProfile } from "../../src/mock/profiles/seed.js";

import { baseUrl, send } from "./support.js";

const { operations } = seedProfile.table;

const playlist = "/api/environments/28417/session_recording_playlists/Ub3KpD7w/";

describe("authentication", () => {
  it("answers 401 not_authenticated without Authorization, with WWW-Authenticate", async () => {
    const response = await send(createMock(), playlist, { key: null });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ type: "authentication_error", code: "not_authenticated" });
    expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer resource_metadata=/);
  });

  it.each(["sk_live_123", "phx_", "Basic dXNlcg=="])("answers 401 authentication_failed to the key %j", async (key) => {
    const mock = createMock();
    const response = await mock.fetch(`${baseUrl}${playlist}`, { headers: { Authorization: key.startsWith("Basic") ? key : `Bearer ${key}` } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "authentication_failed" });
  });
});

describe("scopes", () => {
  it("lets phx_readonly read and refuses its writes with the exact scope", async () => {
    const mock = createMock();
    expect((await send(mock, playlist, { key: "phx_readonly" })).status).toBe(200);
    const write = await send(mock, playlist, { key: "phx_readonly", method: "PATCH", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ code: "permission_denied", detail: "API key missing required scope 'session_recording_playlist:write'" });
  });

  it("checks every operation's scope from the spec, with keys set exactly", async () => {
    const scoped = operations.filter((o) => o.scopes.length > 0);
    expect(scoped.length).toBeGreaterThan(15);
    for (const operation of scoped) {
      const mock = createMock({ keys: { phx_nothing: [], phx_exact: operation.scopes } });
      const path = operation.path.replace("{project_id}", "28417").replace(/\{[^}]+\}/g, "1");
      const refused = await send(mock, path, { method: operation.method, key: "phx_nothing" });
      expect(refused.status, operation.id).toBe(403);
      expect((await refused.json()).detail).toBe(`API key missing required scope '${operation.scopes[0]}'`);
      const allowed = await send(mock, path, { method: operation.method, key: "phx_exact" });
      expect(allowed.status, operation.id).not.toBe(403);
      expect((await send(mock, path, { method: operation.method, key: "phx_unknown" })).status).toBe(401);
    }
  });

  it("grants every scope to a key given `*`", async () => {
    const mock = createMock({ keys: { phx_admin: "*" } });
    expect((await send(mock, playlist, { key: "phx_admin" })).status).toBe(200);
  });
});
