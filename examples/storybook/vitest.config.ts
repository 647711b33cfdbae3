// Storybook's Vitest addon: every story of src/ rendered in Debian's Chromium (nothing is
// downloaded) through the same preview, its play function asserting what the story's state shows.
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [storybookTest({ configDir: ".storybook" })],
  // Found at the start rather than when the stories first import them: a reload mid-run loses the file's tests.
  optimizeDeps: { include: ["msw", "msw/browser"] },
  test: {
    name: "storybook",
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] },
      }),
      instances: [{ browser: "chromium" }],
    },
  },
});
