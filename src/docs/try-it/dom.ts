// Building the panel's DOM. Text always goes in as text nodes, never as markup, since much of
// it is the reader's or a server's.

type Attributes = Record<string, string | boolean | undefined>;

export function h<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, attributes: Attributes = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[Tag] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== false) element.setAttribute(name, value === true ? "" : value);
  }
  element.append(...children);
  return element;
}

let counter = 0;
/** A fresh element id, for tying labels and descriptions to their fields. */
export const freshId = (prefix: string): string => `try-it-${prefix}-${++counter}`;
