// A parameter's help as its description writes it: `code`, **strong** and *emphasis* become
// those elements and everything else stays text. The description is data, so nothing in it is
// ever read as markup: each piece goes into the page as a text node (./dom.ts).
import { h } from "./dom.js";

// A code span holds any text but a backtick; emphasis opens and closes next to a non-space, as
// in CommonMark, so "2 * 3 * 4" stays as written. Each alternative is linear: no backtracking.
const inline = /`([^`]+)`|\*\*(?=\S)([^*]+)(?<=\S)\*\*|\*(?=\S)([^*]+)(?<=\S)\*/g;

export function inlineMarkdown(text: string): (Node | string)[] {
  const parts: (Node | string)[] = [];
  let last = 0;
  for (const match of text.matchAll(inline)) {
    const [whole, code, strong, emphasis] = match;
    parts.push(text.slice(last, match.index));
    if (code !== undefined) parts.push(h("code", {}, code));
    else parts.push(h(strong !== undefined ? "strong" : "em", {}, (strong ?? emphasis)!));
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return parts.filter((part) => part !== "");
}
