// A mock in-process and the package's client on it, for the engine's tests.
import { createClient } from "../../src/index.js";
import { createMock, type MockOptions } from "../../src/mock/index.js";

export const baseUrl = "http://mock.local";
export const project = { project_id: "28417" };
export const storyPlaylist = { ...project, short_id: "Ub3KpD7w" };
export const storyRecording = "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52";

export function mockedClient(options: MockOptions = {}, apiKey = "phx_test_key") {
  const mock = createMock(options);
  const api = createClient({ baseUrl, apiKey, fetch: mock.fetch, maxRetries: 0 });
  return { mock, api };
}

/** A raw request to the in-process mock, for what the typed client will not send. */
export function send(mock: ReturnType<typeof createMock>, path: string, init: RequestInit & { key?: string | null } = {}) {
  const headers = new Headers(init.headers);
  if (init.key !== null) headers.set("Authorization", `Bearer ${init.key ?? "phx_test_key"}`);
  return mock.fetch(`${baseUrl}${path}`, { ...init, headers });
}
