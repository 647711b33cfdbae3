// The examples are folders an app can copy whole, so each carries its own Playlists.tsx and
// ErrorState.tsx; nothing else keeps those copies in step, so this does: they are the same file
// but for how their relative imports are written (`./api.js` under NodeNext, `./api` under a bundler).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const examples = ["examples/react-query", "examples/playwright-e2e", "examples/storybook"];
const sharedFiles = ["src/Playlists.tsx", "src/ErrorState.tsx"];

/** A file's text with each relative import's specifier written without its extension. */
const normalised = (text: string) => text.replace(/(from\s+["'])(\.{1,2}\/[^"']*?)\.(?:js|jsx|ts|tsx)(["'])/g, "$1$2$3");

describe("the examples' copies of the same component", () => {
  it("normalises only a relative import's extension", () => {
    expect(normalised('import { $api } from "./api.js";\nimport { x } from "pkg/a.js";')).toBe('import { $api } from "./api";\nimport { x } from "pkg/a.js";');
    expect(normalised('import { ErrorState } from "./ErrorState.js";')).not.toBe(normalised('import { ErrorState } from "./Error.js";'));
  });

  it.each(sharedFiles)("keeps %s alike in every example", (file) => {
    const [first, ...others] = examples.map((example) => ({ example, text: normalised(readFileSync(join(root, example, file), "utf8")) }));
    expect(first!.text.length).toBeGreaterThan(0);
    for (const other of others) expect(other.text, `${other.example}/${file} differs from ${first!.example}/${file}`).toBe(first!.text);
  });
});
