// A team already on @msw/playwright hands the mock's MSW handlers to its network fixture.
import { defineNetworkFixture, type NetworkFixture } from "@msw/playwright";
import { test as base, expect } from "@playwright/test";
import { createMock, type Mock } from "session-recordings-api-mock";
import { mockHandlers } from "session-recordings-api-mock/msw";
import { baseURL } from "../playwright.config";

const test = base.extend<{ mock: Mock; network: NetworkFixture }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
  mock: async ({}, use) => use(createMock()),
  network: [
    async ({ context, mock }, use) => {
      const network = defineNetworkFixture({ context, handlers: mockHandlers(mock, { baseUrl: baseURL }) });
      await network.enable();
      await use(network);
      await network.disable();
    },
    { auto: true },
  ],
});

test("@msw/playwright's network fixture answers from the mock's handlers", async ({ page, mock }) => {
  await page.goto("/");
  await page.getByRole("textbox", { name: "New playlist name" }).fill("Through MSW");
  await page.getByRole("button", { name: "Create playlist" }).click();
  await expect(page.getByRole("list", { name: "Playlists" }).getByText("Through MSW")).toBeVisible();
  expect(mock.requests().find((request) => request.method === "POST")).toMatchObject({ status: 201 });
});
