// A consumer's project as the guide sets one up (docs/getting-started.md: `"type": "module"` and
// `tsc --init --types node`, whose flags are the strictest a team turns on: strict,
// exactOptionalPropertyTypes, noUncheckedIndexedAccess, verbatimModuleSyntax, module nodenext),
// compiled by TypeScript 5.9 and by TypeScript 7 as their command lines run: the guide's examples,
// every other TypeScript block of the guide's and the packages' pages (test/support/guide.ts), and
// the Vitest test with the import its comment says to write in a project, compile as written; and a
// call with a missing path parameter or an unknown path is reported first by the line that names
// the mistake.
import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
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
  "@playwright/test": "examples/playwright-e2e/node_modules/@playwright/test/index.d.ts",
  "@msw/playwright": "examples/playwright-e2e/node_modules/@msw/playwright/build/index.d.mts",
};
const mistakes = `import { createClient } from "session-recordings-api";
const api = createClient({ baseUrl: "https://us.posthog.com", apiKey: "phx_example" });
void api.GET("/api/environments/{project_id}/session_recording_playlists/{short_id}/", { params: { path: { project_id: "28417" } } });
void api.GET("/api/environments/{project_id}/playlists/", { params: { path: { project_id: "28417" } } });
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "strict-consumer-"));
  // What `tsc --init --types node` writes (TypeScript 5.9), but emitting nothing.
  const compilerOptions = {
    module: "nodenext",
    target: "esnext",
    types: ["node"],
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    strict: true,
    jsx: "react-jsx",
    verbatimModuleSyntax: true,
    isolatedModules: true,
    noUncheckedSideEffectImports: true,
    moduleDetection: "force",
    skipLibCheck: true,
    noEmit: true,
    typeRoots: [`${root}node_modules/@types`],
    paths: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, [`${root}${file}`]])),
  };
  // An ES module, as the guide's project is ("type": "module").
  await writeFile(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  // Its installs (vitest, msw and the rest the pages import): this repository's.
  await symlink(`${root}node_modules`, join(dir, "node_modules"));
  await writeFile(join(dir, "mistakes.ts"), mistakes);
  // The Vitest test in a project: beside vitest.setup.ts, importing it as its comment says.
  const vitestTest = await readFile(`${root}examples/mock-vitest.example.test.ts`, "utf8");
  const hinted = /from "\.\/mock-vitest\.js"; \/\/ in your project: "([^"]+)"/.exec(vitestTest)?.[1];
  expect(hinted, "the project's import, in the example's comment").toBeDefined();
  await mkdir(join(dir, "vitest-project"));
  await copyFile(`${root}examples/mock-vitest.ts`, join(dir, "vitest-project/vitest.setup.ts"));
  await writeFile(join(dir, "vitest-project/playlists.test.ts"), vitestTest.replace('"./mock-vitest.js"', JSON.stringify(hinted)));
  const vitestProject = ["vitest.setup.ts", "playlists.test.ts"].map((name) => join(dir, "vitest-project", name));
  const snippets: string[] = [];
  for (const [index, { files }] of guideSnippets().entries()) {
    await mkdir(join(dir, `snippet-${index}`));
    for (const { name, code } of files) {
      await writeFile(join(dir, `snippet-${index}`, name), code);
      snippets.push(join(dir, `snippet-${index}`, name));
    }
  }
  await writeFile(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions, files: [...examples, ...snippets, ...vitestProject, join(dir, "mistakes.ts")] }),
  );
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
    expect(guideSnippets().map(({ where }) => where.split(":")[0])).toEqual(
      expect.arrayContaining(["docs/mocking.md", "docs/playwright.md", "docs/recording.md"]),
    );
    // The packages' sources are compiled under the repository's flags; a consumer gets their declarations (skipLibCheck).
    // tsc names a file relative to the consumer's folder, however far the clone lies from it.
    const inSource = (line: string) => resolve(dir, line.slice(0, line.indexOf("("))).startsWith(join(root, "src/"));
    expect(errors.filter((line) => !line.startsWith("mistakes.ts") && !inSource(line))).toEqual([]);
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
