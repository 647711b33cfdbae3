// The app's production build (vite build, then vite preview), each test with its own stateful mock (fixtures.ts).
import { defineConfig } from "@playwright/test";

const port = Number(process.env.PORT ?? 4173);
/** Where the app is served: the page's API requests go to this origin, the one the mock routes. */
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests",
  // Every test of every file side by side: each has its own mock, so none sees another's writes.
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  // Generous for a busy machine (2 cores shared with other work), where a step Chromium takes 1 s alone can take 20.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    // An MSW service worker in the app would answer before Playwright's routing does (the fixture checks).
    serviceWorkers: "block",
    // Debian's Chromium: nothing is downloaded (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 at install); no sandbox, as root in a CI container.
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] },
  },
  webServer: {
    command: `npx vite build && npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
  },
});
