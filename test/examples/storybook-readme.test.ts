// The guide's Storybook page (docs/storybook.md) shows the example's own files as written: the preview lines are
// examples/storybook/.storybook/*, which test/examples/storybook.spec.ts builds and drives in
// Chromium, and the story shown is a part of the example's stories, so what the guide tells a
// team to write is what renders the mock's data there.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readGuide } from "../support/guide.js";

const readme = readGuide("storybook.md");
const read = (file: string) => readFileSync(new URL(`../../examples/storybook/${file}`, import.meta.url), "utf8");
/** The code block under `<!-- example: examples/storybook/<file> … -->`. */
const blockFor = (file: string) =>
  readme.match(new RegExp(`<!-- example: examples/storybook/${file.replaceAll(".", "\\.")}[^>]*-->\n\`\`\`tsx?\n([\\s\\S]*?)\`\`\``))?.[1];

describe("the guide's Storybook page", () => {
  it.each([".storybook/main.ts", ".storybook/session-recordings.ts", ".storybook/preview.tsx"])("shows examples/storybook/%s as it is", (file) => {
    const block = blockFor(file);
    expect(block, `no ${file} block`).toBeDefined();
    expect(block).toBe(read(file));
  });

  it("shows a story that is in the example's stories as written, with an arrange and a scenario", () => {
    const block = blockFor("src/Playlists.stories.tsx");
    expect(block, "no story block").toBeDefined();
    expect(block).toContain("arrange(");
    expect(read("src/Playlists.stories.tsx")).toContain(block!.trimEnd());
  });
});
