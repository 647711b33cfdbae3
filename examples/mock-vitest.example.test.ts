// A test file beside vitest.setup.ts (examples/mock-vitest.ts): it imports the setup's client
// and mock, and each test starts from the seeded state the setup resets to.
import { unwrap } from "session-recordings-api";
import { expect, it } from "vitest";
import { api, mock } from "./mock-vitest.js"; // in your project: "./vitest.setup.js"

const path = { project_id: "28417" };
const playlists = "/api/environments/{project_id}/session_recording_playlists/";

it("creates a playlist through the client and reads it back", async () => {
  const created = unwrap(await api.POST(playlists, { params: { path }, body: { name: "Checkout errors" } }));
  const read = unwrap(await api.GET(`${playlists}{short_id}/`, { params: { path: { ...path, short_id: created.short_id } } }));
  expect(read.name).toBe("Checkout errors");
  // The mock the setup routes to holds it.
  expect(mock.snapshot().projects["28417"]!.playlists.map((playlist) => playlist.name)).toContain("Checkout errors");
});

it("starts from the seeded state again: the last test's playlist is gone", () => {
  expect(mock.snapshot().projects["28417"]!.playlists.map((playlist) => playlist.name)).not.toContain("Checkout errors");
});
