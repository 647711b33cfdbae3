// What the routing takes and what it leaves: only the API's paths on the app's origin reach it
// (assets load from the server untouched), and a request the mock refuses reaches the page as the
// mock's 4xx, never a hang.
import { createMock } from "session-recordings-api-mock";
import { routeMock } from "session-recordings-api-mock/playwright";
import { expect, test } from "../fixtures";
import { baseURL } from "../playwright.config";

test("asset requests are not routed: only the API's reach the handler", async ({ page, mock }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  // A page's routes run before its context's: this test's count sees every request the page routes.
  const counted = createMock();
  const routing = await routeMock(page, counted, { baseUrl: baseURL });
  try {
    await page.goto("/");
    await expect(page.getByRole("list", { name: "Playlists" }).getByRole("listitem").first()).toBeVisible();
    const api = requested.filter((path) => path.startsWith("/api/"));
    expect(requested).toContain("/");
    expect(requested.filter((path) => path.startsWith("/assets/") && path.endsWith(".js"))).toHaveLength(1);
    expect(routing.routed).toBe(api.length);
    await expect.poll(() => counted.requests().length).toBe(api.length);
    expect(mock.requests()).toHaveLength(0);
  } finally {
    await routing.dispose();
  }
});

test("a malformed request reaches the page as the mock's 400", async ({ page, mock }) => {
  await page.goto("/");
  const answer = await page.evaluate(async () => {
    const response = await fetch("/api/environments/28417/session_recording_playlists/", {
      method: "POST",
      headers: { authorization: "Bearer phx_example", "content-type": "application/json" },
      body: '{"name": "unterminated',
    });
    return { status: response.status, body: await response.json() };
  });
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ type: "invalid_request" });
  expect(mock.requests().filter((request) => request.method === "POST")).toEqual([expect.objectContaining({ status: 400 })]);
});
