// The guide's pages (docs/*.md) and the packages' pages (packages/*/README.md), which the tests read
// where they read the README before: every page there is, so a page added is checked as it lands.
import { existsSync, readdirSync, readFileSync } from "node:fs";

const docs = new URL("../../docs/", import.meta.url);
const packages = new URL("../../packages/", import.meta.url);

/** The guide's page names, such as `mocking.md`. */
export const guidePages = readdirSync(docs)
  .filter((name) => name.endsWith(".md"))
  .sort();

/** The text of one page of the guide. */
export const readGuide = (page: string): string => readFileSync(new URL(page, docs), "utf8");

/** Each package's page, as `packages/<dir>/README.md`. */
export const packagePages = readdirSync(packages)
  .filter((dir) => existsSync(new URL(`${dir}/README.md`, packages)))
  .sort()
  .map((dir) => `packages/${dir}/README.md`);

/** Every page a reader is sent to but the root README: the guide's, as `docs/<page>`, then the packages'. */
export const documentPages = [...guidePages.map((page) => `docs/${page}`), ...packagePages];

/** The text of one page, by its path from the root. */
export const readPage = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

/** A TypeScript block of the guide that no `<!-- example: … -->` line ties to a checked file. */
export interface GuideSnippet {
  /** Where it is, as `path:line` (`docs/mocking.md:12`). */
  where: string;
  /** Its files: one, or those its `// path/name.ts` lines start. */
  files: { name: string; code: string }[];
}

/** Every such block of every page (the guide's and the packages'), split into the files it names. */
export function guideSnippets(): GuideSnippet[] {
  return documentPages.flatMap((page) =>
    [...readPage(page).matchAll(/(^.*\n)?```(tsx?)\n([\s\S]*?)```/gm)]
      .filter(([, before]) => !before?.startsWith("<!-- example:"))
      .map((match) => {
        const [, , lang, code] = match as unknown as [string, string | undefined, string, string];
        const where = `${page}:${readPage(page).slice(0, match.index).split("\n").length + 1}`;
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
