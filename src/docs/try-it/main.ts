// The Try it panel's entry, inlined into each docs page by scripts/docs/docs.mjs: reads the page's
// operations (written by the build), puts a Try it button on each, and opens its panel. The
// page's mock starts only when a panel first opens (./engine-loader.ts).
import { watchOperations } from "./buttons.js";
import { inPageEngine } from "./engine-loader.js";
import { openPanel } from "./panel.js";
import { addStyles } from "./styles.js";
import { targets } from "./targets.js";
import type { TryItPage } from "./types.js";

function start() {
  const data = document.getElementById("try-it-operations")?.textContent;
  const root = document.getElementById("redoc");
  if (!data || !root) return;
  const page = JSON.parse(data) as TryItPage;
  targets.localUrl = page.localMock;
  addStyles();
  watchOperations(root, page.operations, (operation, button) => openPanel(page, operation, button, inPageEngine()));
}

// Once the browser is idle after Redoc's first render: the buttons can wait a moment, the
// reader's first sight of the page should not wait for them.
if ("requestIdleCallback" in window) requestIdleCallback(start, { timeout: 1000 });
else setTimeout(start, 200);
