// A consumer's project under the strictest flags a team turns on (strict,
// exactOptionalPropertyTypes, noUncheckedIndexedAccess, verbatimModuleSyntax), compiled by
// TypeScript 5.9 and by TypeScript 7 as their command lines run: the guide's examples, and every
// other TypeScript block of its pages (test/support/guide.ts), compile as written, and a call with a missing path parameter or an unknown path is reported first by
// the line that names the mistake.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guideSnippets } from "../support/guide.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const compilers = {
  "TypeScript 5.9": `${root}node_modules/typescript/bin/tsc`,
  "TypeScript 7": `${root}test/typescript-7/node_modules/typescript/bin/tsc`,
};
const examples = ["quickstart.ts", "mock-vitest.ts", "mock-browser.ts", "tanstack-query.tsx"].map((file) => `${root}examples/${file}`);
/** The entries as a consumer imports them, resolved to this repository's source. */
const entries = {
  "session-recordings-api": "src/index.ts",
  "session-recordings-api/live": "src/live.ts",
  "session-recordings-api/query": "src/query.ts",
  "session-recordings-api-mock": "src/mock/index.ts",
  "session-recordings-api-mock/live": "src/mock/live.ts",
  "session-recordings-api-mock/msw": "src/mock/adapters/msw.ts",
  "session-recordings-api-mock/playwright": "src/mock/adapters/playwright/index.ts",
  "session-recordings-api-mock/record": "src/record/index.ts",
  // The guide's Playwright page imports these; the e2e example's install holds them (npm test requires it).
  "@playwright/test": "examples/playwright-e2e/node_modules/@playwright/test",
  "@msw/playwright": "examples/playwright-e2e/node_modules/@msw/playwright",
};
const mistakes = `import { createClient } from "session-recordings-api";
const api = createClient({ baseUrl: "https://us.posthog.com", apiKey: "phx_example" });
void api.GET("/api/environments/{project_id}/session_recording_playlists/{short_id}/", { params: { path: { project_id: "28417" } } });
void api.GET("/api/environments/{project_id}/playlists/", { params: { path: { project_id: "28417" } } });
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "strict-consumer-"));
  const compilerOptions = {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    target: "es2022",
    lib: ["es2022", "dom", "dom.iterable"],
    module: "preserve",
    moduleResolution: "bundler",
    jsx: "react-jsx",
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
    typeRoots: [`${root}node_modules/@types`],
    paths: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, [`${root}${file}`]])),
  };
  await writeFile(join(dir, "mistakes.ts"), mistakes);
  const snippets: string[] = [];
  for (const [index, { files }] of guideSnippets().entries()) {
    await mkdir(join(dir, `snippet-${index}`));
    for (const { name, code } of files) {
      await writeFile(join(dir, `snippet-${index}`, name), code);
      snippets.push(join(dir, `snippet-${index}`, name));
    }
  }
  await writeFile(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: [...examples, ...snippets, join(dir, "mistakes.ts")] }));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe.each(Object.entries(compilers))("a strict consumer, on %s", (_, tsc) => {
  let errors: string[];
  beforeAll(async () => {
    const output = await promisify(execFile)(process.execPath, [tsc, "-p", dir, "--pretty", "false"], { cwd: dir }).then(
      () => "",
      (failure: { stdout: string }) => failure.stdout,
    );
    errors = output.split("\n").filter((line) => /^\S.*error TS\d+/.test(line));
  }, 120_000);

  it("compiles the guide's examples and its other TypeScript blocks as written", () => {
    expect(guideSnippets().map(({ where }) => where.split(":")[0])).toEqual(expect.arrayContaining(["mocking.md", "playwright.md", "recording.md"]));
    // The recorder's source is compiled under the repository's flags; a consumer gets its declarations (skipLibCheck).
    expect(errors.filter((line) => !line.includes("mistakes.ts") && !line.includes("/src/record/"))).toEqual([]);
  });

  it("names the missing path parameter in the first line of its error", () => {
    expect(errors.find((line) => line.startsWith("mistakes.ts(3,"))).toMatch(
      /error TS2741: Property 'short_id' is missing in type '\{ project_id: string; \}' but required in type '\{ project_id: string; short_id: string; \}'\.$/,
    );
  });

  it("names the unknown path in the first line of its error", () => {
    expect(errors.find((line) => line.startsWith("mistakes.ts(4,"))).toMatch(
      /error TS2345: Argument of type '"\/api\/environments\/\{project_id\}\/playlists\/"' is not assignable to parameter of type 'PathsWith<"get", paths>'\.$/,
    );
  });
});
