// The app's playlists against this test's own mock: what the seed holds, a create, a soft delete,
// and a change of scenario in the middle of a test.
import { expect, test } from "../fixtures";

test("the playlists list renders what the mock holds", async ({ page, mock }) => {
  const listed = page.waitForResponse((response) => response.url().includes("/session_recording_playlists/"));
  await page.goto("/");
  const { results } = (await (await listed).json()) as { results: { name: string }[] };
  expect(results.length).toBeGreaterThan(0);
  await expect(page.getByRole("list", { name: "Playlists" }).locator("li > span")).toHaveText(results.map((playlist) => playlist.name));
  const asked = mock.requests().map((request) => `${request.method} ${request.path.split("?")[0]} ${request.status}`);
  expect(asked[0]).toBe("GET /api/projects/ 200");
  expect(asked).toContain("GET /api/environments/28417/session_recording_playlists/ 200");
});

test("a created playlist shows in the list", async ({ page, mock }) => {
  await page.goto("/");
  await page.getByRole("textbox", { name: "New playlist name" }).fill("Pricing page visits");
  await page.getByRole("button", { name: "Create playlist" }).click();
  await expect(page.getByRole("list", { name: "Playlists" }).getByText("Pricing page visits")).toBeVisible();
  expect(mock.requests().filter((request) => request.method === "POST")).toEqual([expect.objectContaining({ status: 201 })]);
});

test("a soft-deleted playlist leaves the list", async ({ page, mock }) => {
  await page.goto("/");
  const list = page.getByRole("list", { name: "Playlists" });
  const name = (await list.getByRole("listitem").first().locator("span").textContent()) ?? "";
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(list.getByText(name, { exact: true })).toHaveCount(0);
  expect(mock.requests().find((request) => request.method === "PATCH")).toMatchObject({ status: 200 });
});

test.describe("when the API throttles", () => {
  test.use({ mockOptions: { scenario: "rate-limited" } });

  test("the app shows its error state", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("alert")).toContainText("Could not load projects");
  });

  test("and shows the list once the mock is back to normal", async ({ page, mock }) => {
    await page.goto("/");
    await expect(page.getByRole("alert")).toBeVisible();
    mock.setScenario(null);
    await page.reload();
    await expect(page.getByRole("list", { name: "Playlists" }).getByRole("listitem").first()).toBeVisible();
    expect(mock.requests().map((request) => request.status)).toContain(429);
  });
});
