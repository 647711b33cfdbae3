// Storybook's Vitest addon: every story of src/ rendered in Debian's Chromium (nothing is
// downloaded) through the same preview, its play function asserting what the story's state shows.
// `npx vitest run` here; test/examples/storybook.spec.ts runs it in `npm test`.
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";

const major = process.env.MSW_MAJOR === "3" ? "3" : "2";

export default defineConfig({
  plugins: [storybookTest({ configDir: ".storybook" })],
  // The worker script (worker.mjs copies it) at the root, as the addon's browser page asks for it.
  publicDir: `public/msw${major}`,
  // Found at the start rather than when the stories first import them: a reload mid-run loses the file's tests.
  optimizeDeps: { include: major === "3" ? ["msw3", "msw3/browser"] : ["msw", "msw/browser"] },
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
