// The guide's pages (docs/*.md), which the tests read where they read the README before.
import { readdirSync, readFileSync } from "node:fs";

const docs = new URL("../../docs/", import.meta.url);

/** The guide's page names, such as `mocking.md`. */
export const guidePages = readdirSync(docs)
  .filter((name) => name.endsWith(".md"))
  .sort();

/** The text of one page of the guide. */
export const readGuide = (page: string): string => readFileSync(new URL(page, docs), "utf8");

/** A TypeScript block of the guide that no `<!-- example: … -->` line ties to a checked file. */
export interface GuideSnippet {
  /** Where it is, as `page:line`. */
  where: string;
  /** Its files: one, or those its `// path/name.ts` lines start. */
  files: { name: string; code: string }[];
}

/** Every such block of every page, split into the files it names. */
export function guideSnippets(): GuideSnippet[] {
  return guidePages.flatMap((page) =>
    [...readGuide(page).matchAll(/(^.*\n)?```(tsx?)\n([\s\S]*?)```/gm)]
      .filter(([, before]) => !before?.startsWith("<!-- example:"))
      .map((match) => {
        const [, , lang, code] = match as unknown as [string, string | undefined, string, string];
        const where = `${page}:${readGuide(page).slice(0, match.index).split("\n").length + 1}`;
        const parts = code.split(/^(?=\/\/ [\w./-]+\.tsx?\n)/m);
        const named = parts.length > 1 || /^\/\/ [\w./-]+\.tsx?\n/.test(code);
        return {
          where,
          files: named
            ? parts.map((part) => ({
                name: part
                  .match(/^\/\/ ([\w./-]+\.tsx?)\n/)![1]!
                  .split("/")
                  .at(-1)!,
                code: part,
              }))
            : [{ name: `snippet.${lang}`, code }],
        };
      }),
  );
}
