// The live service's differences are stated twice, in prose for readers (openapi/DECISIONS.md's
// two "differs" sections, and each operation's "**Live service:**" paragraph) and in the
// Overlay for machines (openapi/overlays/live.yaml): this holds the two in step.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { liveBundlePath, liveOverlayPath } from "../../scripts/build/overlay.mjs";
import { operations } from "../support/spec.js";

type Action = {
  target: string;
  description?: string;
  "x-decision"?: string;
  "x-operations"?: string[];
  "x-source"?: unknown;
  "x-rows"?: string[];
  update?: unknown;
  remove?: boolean;
};
const overlay = parse(readFileSync(liveOverlayPath, "utf8")) as { overlay: string; actions: Action[] };
const decisions = readFileSync(new URL("../../openapi/DECISIONS.md", import.meta.url), "utf8");

/** The bullets of DECISIONS.md's sections whose heading says the live service differs, by title. */
function differences(): Map<string, string> {
  const bullets = new Map<string, string>();
  for (const section of decisions.split(/^## /m).filter((s) => /^Where the live .* differs/.test(s))) {
    for (const match of section.matchAll(/^- \*\*(.+?):\*\* (.*)$/gm)) bullets.set(match[1]!, match[2]!);
  }
  return bullets;
}

/**
 * The rows of shared/reference/live-source-check-2026-11.md each action or DECISIONS.md line
 * settles: its 37 discrepancies, the peer tools' three findings, and its Addendum's facts that
 * differ from the live description or are not in it.
 */
const referenceRows = [
  ...Array.from({ length: 37 }, (_, i) => `#${i + 1}`),
  ...["P#1", "P#2", "P#3"],
  ...[3, 4, 5, 6, 8, 9, 11, 12, 13, 14, 16, 18, 20, 21, 24, 25, 26, 27, 28, 30, 32, 33, 34, 36, 37, 39, 40].map((n) => `A#${n}`),
];

/** A citation: PostHog's file (or `owner/repo:path` for a library), the class or function, and the commit or size of the version read. */
const citation = /^(?:[\w.-]+\/[\w.-]+:)?[\w./-]+\.(?:py|ts|toml) · \S.* · (?:commit [0-9a-f]{8,40}(?: \([^)]*\))?|[\d,]+ chars)$/;

/** Every citation of the Overlay, as the file it names and the version it read (a commit, or else a size). */
function citations(): { file: string; version: string; target: string }[] {
  return overlay.actions.flatMap((action) =>
    ((action["x-source"] as string[] | undefined) ?? []).map((source) => {
      const parts = source.split(" · ");
      return { file: parts[0]!, version: parts.at(-1)!, target: action.target };
    }),
  );
}

describe("the live Overlay", () => {
  it("cites, on every action, where its fact stands in the source", () => {
    for (const action of overlay.actions) {
      const sources = action["x-source"];
      expect(Array.isArray(sources) && sources.length > 0, `${action.target}: no x-source`).toBe(true);
      for (const source of sources as unknown[]) expect(source, action.target).toMatch(citation);
    }
  });

  it("cites one version of each file across the Overlay, named one way: its commit, or its size where no commit is known", () => {
    const versions = new Map<string, Map<string, string>>();
    for (const { file, version, target } of citations()) {
      const seen = versions.get(file) ?? new Map<string, string>();
      if (!seen.has(version)) seen.set(version, target);
      versions.set(file, seen);
    }
    expect(versions.size).toBeGreaterThan(10);
    for (const { version, target } of citations()) expect(version, target).toMatch(/^(?:commit [0-9a-f]{40}|[\d,]+ chars)$/);
    const mixed = [...versions].filter(([, seen]) => seen.size > 1).map(([file, seen]) => `${file}: ${[...seen].map(([v, t]) => `${v} (${t})`).join(" vs ")}`);
    expect(mixed).toEqual([]);
  });

  it("settles every row of the November 2026 source check: an action names it, or a DECISIONS.md line says why not", () => {
    const inActions = new Set(overlay.actions.flatMap((a) => a["x-rows"] ?? []));
    const notInOverlay = [...differences().values()].filter((text) => /Not in the Overlay:/.test(text)).join("\n");
    const explained = new Set(notInOverlay.match(/(?<![\w#])[AP]?#\d+\b/g) ?? []);
    for (const row of inActions) expect(referenceRows, `x-rows names ${row}`).toContain(row);
    const unsettled = referenceRows.filter((row) => !inActions.has(row) && !explained.has(row));
    expect(unsettled).toEqual([]);
  });

  it("is an Overlay 1.0 document whose every action says what the live service does", () => {
    expect(overlay.overlay).toMatch(/^1\.0\.\d+$/);
    expect(overlay.actions.length).toBeGreaterThan(0);
    for (const action of overlay.actions) {
      expect(action.description, action.target).toMatch(/\S/);
      expect(action.update !== undefined || action.remove === true, action.target).toBe(true);
    }
  });

  it("has actions for every line of DECISIONS.md's 'differs' sections, or the line says why not", () => {
    const named = new Set(overlay.actions.map((a) => a["x-decision"]));
    const lines = differences();
    expect(lines.size).toBeGreaterThan(0);
    for (const [title, text] of lines) {
      if (/Not in the Overlay:/.test(text)) expect(named.has(title), `${title} says it is not in the Overlay, but has actions`).toBe(false);
      else expect(named.has(title), `no action has x-decision "${title}"`).toBe(true);
    }
  });

  it("names only DECISIONS.md lines in x-decision, so no action is unexplained", () => {
    const lines = differences();
    for (const action of overlay.actions) expect(lines.has(action["x-decision"] ?? ""), `${action.target}: x-decision "${action["x-decision"]}"`).toBe(true);
  });

  it("changes every operation whose description says the live service differs, and names only real operations", () => {
    const changed = new Set(overlay.actions.flatMap((a) => a["x-operations"] ?? []));
    const ids = new Set(operations.map((o) => o.operation.operationId as string));
    const differing = operations.filter((o) => /\*\*Live service:\*\*/.test(o.operation.description ?? "")).map((o) => o.operation.operationId as string);
    expect(differing.length).toBeGreaterThan(0);
    for (const id of differing) expect(changed.has(id), `${id} says the live service differs, but no action names it`).toBe(true);
    for (const id of changed) expect(ids.has(id), `x-operations names ${id}`).toBe(true);
  });

  it("gives a live description that lacks what the live service lacks and types what it answers", () => {
    const live = parse(readFileSync(liveBundlePath, "utf8"));
    expect(live.paths["/api/environments/{project_id}/session_recordings/ai/filters/"]).toBeUndefined();
    const listing = live.paths["/api/environments/{project_id}/session_recordings/"].get.responses["200"].content["application/json"].schema;
    expect(listing).toEqual({ $ref: "#/components/schemas/LiveSessionRecordingList" });
    // The source always sends `version`, and `next_cursor` only when it has one, never null.
    expect(live.components.schemas.LiveSessionRecordingList.required).toEqual(["results", "has_next", "version"]);
    expect(live.components.schemas.LiveSessionRecordingList.properties.next_cursor.type).toBe("string");
    expect(live.components.schemas.LiveSessionRecordingList.properties.count).toBeUndefined();
    // property_definitions refuses nothing; a recording's delete is 404 only for its project.
    expect(live.paths["/api/environments/{project_id}/sessions/property_definitions/"].get.responses["400"]).toBeUndefined();
    expect(live.paths["/api/environments/{project_id}/session_recordings/{id}/"].delete.responses["404"].description).toMatch(/Project not found\./);
  });
});
