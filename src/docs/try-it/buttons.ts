// A "Try it" button beside each operation's heading in Redoc's page. Redoc renders operation
// sections lazily, on scroll and on navigation, and may render one again: the buttons are put
// in whenever the page changes, where they are missing.
import { h } from "./dom.js";
import type { TryItOperation } from "./types.js";

/** Watches `root` for operation sections and gives each its button; `open` runs on a press. */
export function watchOperations(root: Element, operations: TryItOperation[], open: (operation: TryItOperation, button: HTMLButtonElement) => void): void {
  // Redoc's section ids end with the operation id in lower case: `/playlists/createplaylist`.
  const byId = new Map(operations.map((operation) => [operation.id.toLowerCase(), operation]));
  const place = () => {
    for (const section of root.querySelectorAll<HTMLElement>('[data-item-kind="httpItem"][data-section-id]')) {
      const operation = byId.get(section.dataset.sectionId!.split("/").pop()!);
      const heading = section.querySelector("[data-testid=middle-panel] h2");
      if (!operation || !heading || section.querySelector("button[data-operation-id]")) continue;
      const button = h("button", { type: "button", class: "try-it-button", "data-operation-id": operation.id, "aria-haspopup": "dialog" }, "Try it");
      button.addEventListener("click", () => open(operation, button));
      heading.after(button);
    }
  };
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      place();
    });
  }).observe(root, { childList: true, subtree: true });
  place();
}
