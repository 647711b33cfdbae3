// A guide page that names an operation by its operationId, as inline code (`createPlaylist`),
// links to its place in the API reference. The places come from the bundled description:
// the reference (Redoc, scripts/docs/docs.mjs) puts an operation at `#/<its first tag, slugged>/<its
// operationId, lower-cased>`, the form its in-page links take.
import { readFileSync } from "node:fs";
import type { MarkdownRenderer } from "vitepress";
import { parse } from "yaml";

const bundle = new URL("../../generated/openapi.yaml", import.meta.url);
const methods = ["get", "put", "post", "patch", "delete", "head", "options", "trace"];

/** Where each operation of the description is in the reference page, by its operationId: `#/playlists/createplaylist`. */
export function operationAnchors(description: string = readFileSync(bundle, "utf8")): Map<string, string> {
  const paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>> = parse(description).paths;
  const anchors = new Map<string, string>();
  for (const item of Object.values(paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation?.operationId || !operation.tags?.[0]) continue;
      const tag = operation.tags[0].toLowerCase().replace(/\s+/g, "-");
      anchors.set(operation.operationId, `#/${tag}/${operation.operationId.toLowerCase()}`);
    }
  }
  return anchors;
}

/** The reference is the page at the site's root, one level above the guide (`/guide/`). */
const referenceHref = (anchor: string): string => `../${anchor}`;

/** The markdown-it plugin: inline code naming an operation, outside any link, becomes a link to it. */
export function referenceLinks(md: MarkdownRenderer, anchors: Map<string, string> = operationAnchors()): void {
  md.core.ruler.push("reference_links", (state) => {
    for (const block of state.tokens) {
      if (block.type !== "inline" || !block.children) continue;
      let inLink = 0;
      block.children = block.children.flatMap((token) => {
        if (token.type === "link_open") inLink++;
        if (token.type === "link_close") inLink--;
        const anchor = token.type === "code_inline" && !inLink ? anchors.get(token.content) : undefined;
        if (!anchor) return [token];
        const open = new state.Token("link_open", "a", 1);
        // A target keeps VitePress from treating it as a page of the guide (its base, its router).
        open.attrs = [
          ["href", referenceHref(anchor)],
          ["target", "_self"],
          ["class", "reference-link"],
          ["title", `${token.content} in the API reference`],
        ];
        return [open, token, new state.Token("link_close", "a", -1)];
      });
    }
  });
}
