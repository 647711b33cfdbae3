// Two tests side by side (fullyParallel, two workers) that create, rename and delete a playlist of
// the same name: each sees only its own. They meet halfway, once both have created theirs, so the
// check runs while the other's playlist exists; on one shared mock each would see two.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";

const name = "Onboarding funnel";

/**
 * Says this test has got here, then waits (at most 60 s, as the other may still be starting Chromium) for the other to say so too.
 * They meet in a folder of the project's output folder, which Playwright empties as each run starts.
 */
async function meet(page: Page, self: string, other: string) {
  const meetingDir = join(test.info().project.outputDir, "isolation-meetings");
  await mkdir(meetingDir, { recursive: true });
  await writeFile(join(meetingDir, self), "");
  await expect.poll(() => existsSync(join(meetingDir, other)), { timeout: 60_000, message: `the test ${other} did not run alongside` }).toBe(true);
  await page.reload();
}

/** Renames a playlist through the app's own origin, as another part of the app would. */
async function rename(page: Page, from: string, to: string) {
  const status = await page.evaluate(
    async ({ from, to }) => {
      const headers = { authorization: "Bearer phx_example", "content-type": "application/json" };
      const list = await (await fetch("/api/environments/28417/session_recording_playlists/?limit=100", { headers })).json();
      const playlist = list.results.find((candidate: { name: string }) => candidate.name === from);
      return (
        await fetch(`/api/environments/28417/session_recording_playlists/${playlist.short_id}/`, {
          method: "PATCH",
          headers,
          body: JSON.stringify({ name: to }),
        })
      ).status;
    },
    { from, to },
  );
  expect(status).toBe(200);
}

for (const [self, other] of [
  ["first", "second"],
  ["second", "first"],
]) {
  test(`the ${self} of two parallel tests sees only its own playlist`, async ({ page, mock }) => {
    const playlists = page.getByRole("list", { name: "Playlists" });
    await page.goto("/");
    await page.getByRole("textbox", { name: "New playlist name" }).fill(name);
    await page.getByRole("button", { name: "Create playlist" }).click();
    await expect(playlists.getByText(name, { exact: true })).toHaveCount(1);

    await meet(page, `${self}-created`, `${other}-created`);
    await expect(playlists.getByText(name, { exact: true })).toHaveCount(1);

    await rename(page, name, `${name} (${self})`);
    await meet(page, `${self}-renamed`, `${other}-renamed`);
    await expect(playlists.getByText(`${name} (${self})`, { exact: true })).toHaveCount(1);
    await expect(playlists.getByText(`${name} (${other})`, { exact: true })).toHaveCount(0);

    await page.getByRole("button", { name: `Delete ${name} (${self})` }).click();
    await expect(playlists.getByText(`${name} (${self})`, { exact: true })).toHaveCount(0);
    expect(
      mock
        .requests()
        .filter((request) => request.method !== "GET")
        .map((request) => `${request.method} ${request.status}`),
    ).toEqual(["POST 201", "PATCH 200", "PATCH 200"]);
  });
}
