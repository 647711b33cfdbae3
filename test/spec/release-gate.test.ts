// The release gate: `npm run check:breaking` fails on each kind of breaking change unless it is
// acknowledged by name (with the CHANGELOG words that announce it) and the version marks a
// breaking release, and passes an added optional field, against the bundle as it is now.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { bundlePath } from "../../scripts/build/bundle.mjs";
import { liveBundlePath } from "../../scripts/build/overlay.mjs";
import { acknowledgementProblems, breakingAllowed, checkBreaking, unreleasedSection } from "../../scripts/checks/check-breaking.mjs";
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
  ["a response field removed", (spec) => delete schemas(spec).Playlist.properties.short_id],
  ["a request field made required", (spec) => (schemas(spec).PlaylistInput.required = ["name"])],
  ["a type changed", (spec) => (schemas(spec).SessionRecording.properties.click_count.type = ["string", "null"])],
  ["an enum value removed", (spec) => (schemas(spec).SubscriptionInput.properties.target_type.enum = ["email", "slack"])],
];

describe("the release gate", () => {
  const changelog = "# Changelog\n\n## 2.0.0 (unreleased)\n\n- **Breaking:** the change under test.\n\n## 1.4.0\n\n- **Breaking:** an old one.\n";

  it.each(cases)(
    "fails for %s unless it is acknowledged and the version is a breaking one",
    async (name, change) => {
      const revision = await variant(name.replaceAll(" ", "-"), change);
      const unacknowledged = await checkBreaking({ base: bundlePath, revision, released: "1.4.0", version: "2.0.0", acknowledged: [], changelog });
      expect(unacknowledged.majors.length, name).toBeGreaterThan(0);
      // A breaking version alone no longer lets a break through.
      expect(unacknowledged.versionAllows).toBe(true);
      expect(unacknowledged.ok).toBe(false);
      expect(unacknowledged.problems.join("\n")).toContain(`not acknowledged: ${unacknowledged.majors[0]!.change}`);
      const acknowledged = unacknowledged.majors.map((m) => ({ change: m.change, changelog: "the change under test" }));
      // The same two files: the diff found above is reused rather than run again.
      const { majors } = unacknowledged;
      const same = await checkBreaking({ base: bundlePath, revision, released: "1.4.0", version: "1.4.0", acknowledged, changelog, majors });
      expect(same.ok, "acknowledged at the released version").toBe(false);
      const passes = await checkBreaking({ base: bundlePath, revision, released: "1.4.0", version: "2.0.0", acknowledged, changelog, majors });
      expect(passes.problems).toEqual([]);
      expect(passes.ok).toBe(true);
    },
    60_000,
  );

  it("fails for a component removed that no path uses, since users import it as a type", async () => {
    const base = await variant("with-legacy", (spec) => (spec.components.responses.Legacy = { description: "An answer no operation gives any longer." }));
    const result = await checkBreaking({ base, revision: bundlePath, released: "1.4.0", version: "2.0.0", acknowledged: [], changelog });
    expect(result.majors.map((m) => m.change)).toEqual(["removed #/components/responses/Legacy"]);
    expect(result.ok).toBe(false);
  }, 60_000);

  it("passes an added optional field", async () => {
    const revision = await variant("optional-field", (spec) => (schemas(spec).PlaylistInput.properties.color = { type: "string" }));
    const result = await checkBreaking({ base: bundlePath, revision, released: "1.4.0", version: "1.4.0", acknowledged: [], changelog });
    expect(result.majors).toEqual([]);
    expect(result.ok).toBe(true);
  }, 60_000);

  it("refuses an acknowledgement whose words are only in a released section, and one for a change that is not there", () => {
    const majors = [{ change: "removed #/paths/~1a/get", message: "" }];
    expect(acknowledgementProblems(majors, [{ change: majors[0]!.change, changelog: "the change under test" }], changelog)).toEqual([]);
    expect(acknowledgementProblems(majors, [{ change: majors[0]!.change, changelog: "an old one" }], changelog)).toEqual([
      `acknowledged by words not in CHANGELOG.md's unreleased section: ${majors[0]!.change}: "an old one"`,
    ]);
    expect(acknowledgementProblems([], [{ change: "removed #/paths/~1b/get", changelog: "the change under test" }], changelog)).toEqual([
      "acknowledged but not a breaking change now: removed #/paths/~1b/get",
    ]);
  });

  it("reads the unreleased section up to the next release's heading", () => {
    expect(unreleasedSection(changelog)).toContain("the change under test");
    expect(unreleasedSection(changelog)).not.toContain("an old one");
    expect(unreleasedSection("# Changelog\n\n## 1.0.0\n\n- x\n")).toBe("");
  });

  it("gates the live description too: a break there fails until acknowledged for it", async () => {
    const live = parse(await readFile(liveBundlePath, "utf8"));
    delete live.paths["/api/projects/"].get;
    const revision = join(dir, "live-without-projects.yaml");
    await writeFile(revision, stringify(live));
    const unacknowledged = await checkBreaking({ description: "live", revision, released: "1.4.0", version: "2.0.0", acknowledged: [], changelog });
    expect(unacknowledged.majors.map((m) => m.change)).toContain("removed #/paths/~1api~1projects~1/get");
    expect(unacknowledged.ok).toBe(false);
    const acknowledged = unacknowledged.majors.map((m) => ({ change: m.change, changelog: "the change under test" }));
    expect((await checkBreaking({ description: "live", revision, released: "1.4.0", version: "2.0.0", acknowledged, changelog })).ok).toBe(true);
  }, 60_000);

  it("passes for the live description against its baseline", async () => {
    const result = await checkBreaking({ description: "live" });
    expect(result.ok, result.problems.join("\n")).toBe(true);
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
    expect(result.ok, result.problems.join("\n")).toBe(true);
    const changelog = await readFile(new URL("../../CHANGELOG.md", import.meta.url), "utf8");
    expect(changelog).toContain(`## ${result.version}`);
    if (result.majors.length) expect(changelog).toMatch(/\*\*Breaking/);
  }, 60_000);
});
