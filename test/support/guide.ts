// The guide's pages (docs/*.md), which the tests read where they read the README before.
import { readdirSync, readFileSync } from "node:fs";

const docs = new URL("../../docs/", import.meta.url);

/** The guide's page names, such as `mocking.md`. */
export const guidePages = readdirSync(docs)
  .filter((name) => name.endsWith(".md"))
  .sort();

/** The text of one page of the guide. */
export const readGuide = (page: string): string => readFileSync(new URL(page, docs), "utf8");
