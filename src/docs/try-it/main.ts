// The Try it panel's entry, inlined into each docs page by scripts/docs.mjs: reads the page's
// operations (written by the build), puts a Try it button on each, and opens its panel. The
// page's mock starts only when a panel first opens (./engine-loader.ts).
import { watchOperations } from "./buttons.js";
import { inPageEngine } from "./engine-loader.js";
import { openPanel } from "./panel.js";
import { addStyles } from "./styles.js";
import type { TryItPage } from "./types.js";

const data = document.getElementById("try-it-operations")?.textContent;
const root = document.getElementById("redoc");
if (data && root) {
  const page = JSON.parse(data) as TryItPage;
  addStyles();
  watchOperations(root, page.operations, (operation, button) => openPanel(page, operation, button, inPageEngine(page.profile)));
}
