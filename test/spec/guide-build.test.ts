// When the guide's site is built again (scripts/docs/guide.mjs): the hash stamped in it follows
// every file it is built from, under docs/ (pages and config), the README and the bundled
// description, and nothing else; what `vitepress dev` leaves under docs/.vitepress/ does not count.
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guideInputs, guideInputsHash } from "../../scripts/docs/guide.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
let dir: string;
let docs: string;
let readme: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "guide-inputs-"));
  docs = join(dir, "docs");
  readme = join(dir, "README.md");
  await mkdir(join(docs, ".vitepress"), { recursive: true });
  await writeFile(join(docs, "client.md"), "# The client\n");
  await writeFile(join(docs, ".vitepress/config.ts"), "export default {};\n");
  await writeFile(readme, "| [The client](docs/client.md) |\n");
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the guide's inputs hash", () => {
  it("is built from docs/, the README and the bundled description", () => {
    expect(guideInputs.map((path) => path.slice(root.length)).sort()).toEqual(["README.md", "docs", "generated/openapi.yaml"]);
  });

  it("changes with a page's text, the config, the README, a new or renamed file, and nothing else", async () => {
    const hash = () => guideInputsHash([docs, readme]);
    const seen = [await hash()];
    expect(await hash()).toBe(seen[0]);
    const changes: [string, () => Promise<void>][] = [
      ["a page", () => writeFile(join(docs, "client.md"), "# The client, edited\n")],
      ["the config", () => writeFile(join(docs, ".vitepress/config.ts"), "export default { title: 'x' };\n")],
      ["the README", () => writeFile(readme, "| [The client](docs/client.md) | and more |\n")],
      ["a new page", () => writeFile(join(docs, "new.md"), "# New\n")],
      ["a rename", () => rename(join(docs, "new.md"), join(docs, "renamed.md"))],
    ];
    for (const [what, change] of changes) {
      await change();
      const now = await hash();
      expect(seen, what).not.toContain(now);
      seen.push(now);
    }
    await mkdir(join(docs, ".vitepress/cache/deps"), { recursive: true });
    await writeFile(join(docs, ".vitepress/cache/deps/vue.js"), "dev server output");
    expect(await hash(), "vitepress dev's cache").toBe(seen.at(-1));
  });
});
