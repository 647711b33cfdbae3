// Builds the guide's site with VitePress into the folder given, in a process of its own (run by
// guide.mjs): VitePress sets NODE_ENV=production in the process that builds and keeps a markdown
// renderer per process, and its scratch folder (.vitepress/.temp under docs/) is moved beside the
// output, so two builds at once never share one.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vitepress";

const [outDir] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: node scripts/docs/vitepress-build.mjs <outDir>");
  process.exit(2);
}
await build(fileURLToPath(new URL("../../docs/", import.meta.url)), {
  outDir,
  onAfterConfigResolve: (config) => {
    config.tempDir = join(outDir, "..", "vitepress-temp");
  },
}).catch((error) => {
  // VitePress has printed what failed (a dead link and the page it is on); its stack adds nothing.
  console.error(error.message);
  process.exit(1);
});
