// The guide's pages in the order and with the titles of the README's table of them: the site's
// sidebar (docs/.vitepress/config.ts), and its first page, where /guide/ opens (scripts/servers/start.mjs).
import { readFileSync } from "node:fs";

export const readmePath = new URL("../../README.md", import.meta.url);

/**
 * Each page of the guide the README lists, in its order: `{ title, page }`, `page` without `.md`.
 * @param {string} [readme]
 * @returns {{ title: string, page: string }[]}
 */
export function guidePagesInOrder(readme = readFileSync(readmePath, "utf8")) {
  const table = readme.match(/The guide, one page per task:\n\n([\s\S]*?)\n\n/)?.[1] ?? "";
  const pages = [...table.matchAll(/^\| \[(.+?)\]\(docs\/([\w-]+)\.md\)/gm)].map(([, title, page]) => ({
    title: /** @type {string} */ (title),
    page: /** @type {string} */ (page),
  }));
  if (pages.length === 0) throw new Error("README.md: no table of the guide's pages under 'The guide, one page per task:'");
  return pages;
}
