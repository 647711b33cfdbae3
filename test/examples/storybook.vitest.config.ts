// The Storybook example's test on its own: scripts/checks/test.mjs runs it beside the suite once the
// packages are packed, with the tarballs it installs (the suite's config does not pick up *.spec.ts).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/examples/storybook.spec.ts"],
    testTimeout: 240_000,
    hookTimeout: 1_200_000,
  },
});
