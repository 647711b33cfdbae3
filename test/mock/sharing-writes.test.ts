// The recording's sharing writes in the live profile: a PATCH stores the configuration on its
// first write with a new token and keeps what it sets; a refresh gives a new token and keeps the
// rest; the read answers what was written. The seed profile has neither.
import { describe, expect, it } from "vitest";
import { createMock as createSeedMock } from "../../src/mock/index.js";
import { createMock } from "../../src/mock/live.js";

const headers = { authorization: "Bearer phx_sharing", "content-type": "application/json" };
const recording = "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52";
const sharing = `/api/projects/28417/session_recordings/${recording}/sharing/`;
const call = async (mock: ReturnType<typeof createMock>, method: string, path: string, body?: unknown) => {
  const response = await mock.fetch(`http://mock.test${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined };
};

describe("the recording's sharing writes (live profile)", () => {
  it("stores the configuration on its first write, with a token, and answers the read with it", async () => {
    const mock = createMock();
    const unknown = "01900000-0000-7000-8000-000000000001";
    const before = await call(mock, "GET", `/api/environments/28417/session_recordings/${unknown}/sharing/`);
    expect(before.body).toEqual({ created_at: null, enabled: false, access_token: null });
    const patched = await call(mock, "PATCH", `/api/environments/28417/session_recordings/${unknown}/sharing/`, {
      enabled: true,
      settings: { noHeader: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ enabled: true, settings: { noHeader: true } });
    expect(patched.body!.access_token).toEqual(expect.stringMatching(/^\w{32}$/));
    expect(patched.body!.created_at).toEqual(expect.any(String));
    expect((await call(mock, "GET", `/api/environments/28417/session_recordings/${unknown}/sharing/`)).body).toEqual(patched.body);
  });

  it("gives a new token on refresh, keeping whether sharing is enabled; one never stored is not enabled", async () => {
    const mock = createMock();
    const fresh = await call(mock, "POST", `${sharing}refresh/`, {});
    expect(fresh).toMatchObject({ status: 200, body: { enabled: false } });
    const enabled = await call(mock, "PATCH", sharing, { enabled: true });
    const refreshed = await call(mock, "POST", `${sharing}refresh/`);
    expect(refreshed.body).toMatchObject({ enabled: true });
    expect(refreshed.body!.access_token).not.toBe(enabled.body!.access_token);
  });

  it("refuses a field of the wrong type naming it, and a key without sharing_configuration:write", async () => {
    const mock = createMock();
    expect(await call(mock, "PATCH", sharing, { enabled: "yes" })).toMatchObject({ status: 400, body: { attr: "enabled" } });
    const readOnly = createMock({ keys: { phx_reader: ["sharing_configuration:read"] } });
    const refused = await readOnly.fetch(`http://mock.test${sharing}`, {
      method: "PATCH",
      headers: { authorization: "Bearer phx_reader", "content-type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(403);
  });

  it("is not in the seed profile", async () => {
    const mock = createSeedMock();
    expect((await call(mock, "PATCH", `/api/environments/28417/session_recordings/${recording}/sharing/`, { enabled: true })).status).toBe(405);
    expect((await call(mock, "POST", `/api/environments/28417/session_recordings/${recording}/sharing/refresh/`)).status).toBe(404);
  });
});
