// Storybook 10 on React + Vite. The stories import the React Query example's components and the
// repository's own packages from source (tsconfig-style aliases below), as the React example does.
// Nothing calls out: telemetry is off here and in the environment (STORYBOOK_DISABLE_TELEMETRY=1).
import { fileURLToPath } from "node:url";
import type { StorybookConfig } from "@storybook/react-vite";

const repo = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
// MSW_MAJOR=3 builds the same stories on msw 3 (installed as `msw3`): every `msw` import, the addon's too.
const major = process.env.MSW_MAJOR === "3" ? "3" : "2";
const msw3 = major === "3" ? [{ find: /^msw(?=\/|$)/, replacement: "msw3" }] : [];

const config: StorybookConfig = {
  framework: "@storybook/react-vite",
  stories: ["../src/**/*.stories.tsx"],
  addons: ["@storybook/addon-docs", "@storybook/addon-vitest"],
  // mockServiceWorker.js, from the msw in use (worker.mjs).
  staticDirs: [`../public/msw${major}`],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(vite) {
    const { mergeConfig } = await import("vite");
    return mergeConfig(vite, {
      resolve: {
        alias: [
          ...msw3,
          { find: /^session-recordings-api-mock\/storybook$/, replacement: repo("src/mock/adapters/storybook.ts") },
          { find: /^session-recordings-api-mock\/msw$/, replacement: repo("src/mock/adapters/msw.ts") },
          { find: /^session-recordings-api-mock$/, replacement: repo("src/mock/index.ts") },
          { find: /^session-recordings-api\/query$/, replacement: repo("src/query.ts") },
          { find: /^session-recordings-api$/, replacement: repo("src/index.ts") },
        ],
        // One copy of each, this project's: the repository's sources would otherwise find the root's.
        dedupe: ["react", "react-dom", "@tanstack/react-query", "msw", "msw3"],
      },
    });
  },
};
export default config;
