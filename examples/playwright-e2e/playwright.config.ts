import { register } from "node:module";
import { defineConfig } from "@playwright/test";

register("./json-modules.mjs", import.meta.url);

export default defineConfig({
  testDir: "tests",
  globalSetup: "./global-setup.ts",
  // Every test of every file side by side: each has its own mock, so none sees another's writes.
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  reporter: [["list"]],
  // `npm test` runs this beside the whole suite on 2 cores, where a step Chromium takes 1 s alone can
  // take 20: the isolation test's two meetings and six page loads then need more than 30 s.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // An MSW service worker in the app would answer before the routing does (the fixture checks).
    serviceWorkers: "block",
    // Debian's Chromium: nothing is downloaded (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 at install).
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] },
  },
});
