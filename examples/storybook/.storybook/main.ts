// Storybook 10 on React + Vite, with the stories of src/. Telemetry is off: nothing calls out.
import type { StorybookConfig } from "@storybook/react-vite";

const config: StorybookConfig = {
  framework: "@storybook/react-vite",
  stories: ["../src/**/*.stories.tsx"],
  addons: ["@storybook/addon-docs", "@storybook/addon-vitest"],
  // mockServiceWorker.js, which `msw init public --no-save` copies from the installed msw (package.json's scripts).
  staticDirs: ["../public"],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};
export default config;
