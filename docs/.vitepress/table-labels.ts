// Each cell of a table's body carries its column's heading as `data-label`, so on a phone a table
// of three columns or more can show a row as a card of labelled cells (theme/style.css) instead
// of columns too narrow to read.
import type { MarkdownRenderer } from "vitepress";

/** The markdown-it plugin. */
export function tableLabels(md: MarkdownRenderer): void {
  md.core.ruler.push("table_labels", (state) => {
    let headings: string[] = [];
    let column = 0;
    for (const [index, token] of state.tokens.entries()) {
      if (token.type === "thead_open") headings = [];
      if (token.type === "tr_open") column = 0;
      if (token.type === "th_open") headings.push(state.tokens[index + 1]?.children?.map((child) => child.content).join("") ?? "");
      if (token.type === "td_open") {
        const heading = headings[column++];
        if (heading) token.attrSet("data-label", heading);
      }
    }
  });
}
