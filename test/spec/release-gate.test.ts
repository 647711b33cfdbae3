// The release gate: `npm run check:breaking` fails on each kind of breaking change and passes
// an added optional field, against the bundle as it is now.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { bundlePath } from "../../scripts/bundle.mjs";
import { breakingAllowed, checkBreaking } from "../../scripts/check-breaking.mjs";
import type { Schema } from "../support/spec.js";

type Spec = Schema;
let dir: string;
let current: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "release-gate-"));
  current = await readFile(bundlePath, "utf8");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The current bundle with one change, written where `redocly diff` can read it. */
async function variant(name: string, change: (spec: Spec) => void): Promise<string> {
  const spec = parse(current);
  change(spec);
  const file = join(dir, `${name}.yaml`);
  await writeFile(file, stringify(spec));
  return file;
}

const schemas = (spec: Spec) => spec.components.schemas;
const cases: [string, (spec: Spec) => void][] = [
  ["an operation removed", (spec) => delete spec.paths["/api/projects/"].get],
  ["a response field removed", (spec) => delete schemas(spec).Playlist.allOf[1].properties.short_id],
  ["a request field made required", (spec) => (schemas(spec).PlaylistInput.required = ["name"])],
  ["a type changed", (spec) => (schemas(spec).SessionRecording.properties.click_count.type = ["string", "null"])],
  ["an enum value removed", (spec) => (schemas(spec).SubscriptionInput.properties.target_type.enum = ["email", "slack"])],
];

describe("the release gate", () => {
  it.each(cases)(
    "fails for %s at the same version, and passes it with a breaking version",
    async (name, change) => {
      const revision = await variant(name.replaceAll(" ", "-"), change);
      const same = await checkBreaking({ base: bundlePath, revision, released: "1.4.0", version: "1.4.0" });
      expect(same.majors.length, name).toBeGreaterThan(0);
      expect(same.ok).toBe(false);
      const bumped = await checkBreaking({ base: bundlePath, revision, released: "1.4.0", version: "2.0.0" });
      expect(bumped.ok).toBe(true);
    },
    60_000,
  );

  it("passes an added optional field", async () => {
    const revision = await variant("optional-field", (spec) => (schemas(spec).PlaylistInput.properties.color = { type: "string" }));
    const result = await checkBreaking({ base: bundlePath, revision, released: "1.4.0", version: "1.4.0" });
    expect(result.majors).toEqual([]);
    expect(result.ok).toBe(true);
  }, 60_000);

  it("reads a breaking version by semver, with 0.x raising the minor", () => {
    expect(breakingAllowed("1.4.0", "2.0.0")).toBe(true);
    expect(breakingAllowed("1.4.0", "1.5.0")).toBe(false);
    expect(breakingAllowed("0.1.0", "0.2.0")).toBe(true);
    expect(breakingAllowed("0.1.0", "0.1.5")).toBe(false);
    expect(breakingAllowed("0.1.0", "1.0.0")).toBe(true);
  });

  it("passes for the current bundle against the released description, and CHANGELOG.md has this version", async () => {
    const result = await checkBreaking();
    expect(result.ok, result.majors.join("\n")).toBe(true);
    const changelog = await readFile(new URL("../../CHANGELOG.md", import.meta.url), "utf8");
    expect(changelog).toContain(`## ${result.version}`);
    if (result.majors.length) expect(changelog).toMatch(/\*\*Breaking/);
  }, 60_000);
});
