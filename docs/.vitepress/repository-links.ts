// The guide's pages are read on a code host too, where a link such as `../CHANGELOG.md` opens
// the repository's file. The site holds the guide alone, so there such a link names the file
// in the repository instead of pointing at nothing.
import type { MarkdownRenderer } from "vitepress";

/**
 * The repository path a link out of docs/ points at (`../openapi/DECISIONS.md` → `openapi/DECISIONS.md`),
 * or undefined; `../#/…`, the reference's place for an operation (reference-links.ts), is no file.
 */
export function repositoryPath(href: string): string | undefined {
  return /^\.\.\/[^#]/.test(href) ? href.slice(3) : undefined;
}

/** The markdown-it plugin: such links become their text, followed by the file's path when the text does not name it. */
export function repositoryLinks(md: MarkdownRenderer): void {
  md.core.ruler.push("repository_links", (state) => {
    for (const block of state.tokens) {
      if (block.type !== "inline" || !block.children) continue;
      const children: typeof block.children = [];
      let open: { path: string; text: string } | undefined;
      for (const token of block.children) {
        const path = token.type === "link_open" ? repositoryPath(token.attrGet("href") ?? "") : undefined;
        if (path !== undefined) {
          open = { path, text: "" };
          continue;
        }
        if (open && token.type === "link_close") {
          const file = open.path.replace(/#.*$/, "");
          const named = open.text.trim().replace(/\/$/, "");
          if (!named || !file.startsWith(named)) {
            const note = new state.Token("html_inline", "", 0);
            note.content = ` in the repository's <code>${md.utils.escapeHtml(file)}</code>`;
            children.push(note);
          }
          open = undefined;
          continue;
        }
        if (open) open.text += token.content;
        children.push(token);
      }
      block.children = children;
    }
  });
}
