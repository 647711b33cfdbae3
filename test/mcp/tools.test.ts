// The MCP tools as compiled into generated/mcp/ (scripts/build/compile-mcp.mjs): every tool
// PostHog's server has for these endpoints is there under its name where the description has
// the operation; names fit clients; input schemas are plain objects a strict client takes; and
// the annotations the description derives agree with the ones PostHog's file states.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { toolsOf } from "../../src/mcp/tools.js";

const facts = parse(readFileSync(new URL("../../src/mcp/posthog-tools.yaml", import.meta.url), "utf8")) as {
  sources: Record<string, { repo: string; path: string; commit: string; chars: number }>;
  tools: Record<string, { operation: string; source: string; annotations: { readOnly: boolean; destructive: boolean; idempotent: boolean }; aliases?: object }>;
  ours: Record<string, { operation: string }>;
};
const live = toolsOf("live");
const seed = toolsOf("seed");

/** Every `$ref`, union keyword or non-object schema at the top, anywhere in `value`. */
function refsIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + refsIn(item), 0);
  if (value === null || typeof value !== "object") return 0;
  return Object.entries(value).reduce((sum, [key, inner]) => sum + (key === "$ref" ? 1 : 0) + refsIn(inner), 0);
}

describe("the MCP tools", () => {
  it("cite PostHog's tool files by repository, path, commit and size", () => {
    for (const source of Object.values(facts.sources)) {
      expect(source.repo).toBe("PostHog/posthog");
      expect(source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(source.chars).toBeGreaterThan(1000);
    }
  });

  it("serve, on the live profile, every tool PostHog's server has for these endpoints, under its name", () => {
    const names = live.map((tool) => tool.name);
    // Replay: get, delete, bulk delete, the playlists (list, get, create, update) and the recordings query; subscriptions: eight.
    expect(Object.keys(facts.tools).length).toBe(16);
    for (const name of Object.keys(facts.tools)) expect(names, name).toContain(name);
    expect(live.filter((tool) => tool.posthog).length).toBe(Object.keys(facts.tools).length);
  });

  it("serve, on the seed profile, PostHog's tools whose operation the description has, and no other", () => {
    const names = seed.map((tool) => tool.name);
    expect(names).not.toContain("session-recording-bulk-delete");
    expect(names).not.toContain("subscriptions-deliveries-list");
    expect(names).toContain("session-recording-get");
    expect(names).toContain("query-session-recordings-list");
  });

  it.each(["live", "seed"] as const)("%s: names are at most 64 characters, unique, of PostHog's form", (profile) => {
    const names = toolsOf(profile).map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name.length, name).toBeLessThanOrEqual(64);
      expect(name).toMatch(/^[a-z][a-z0-9-]*$/);
    }
  });

  it.each(["live", "seed"] as const)("%s: input schemas are plain objects: no top-level union, no $ref, no unknown argument", (profile) => {
    for (const tool of toolsOf(profile)) {
      const schema = tool.inputSchema as Record<string, unknown>;
      expect(schema.type, tool.name).toBe("object");
      for (const key of ["oneOf", "anyOf", "allOf", "not", "if"]) expect(schema, `${tool.name} ${key}`).not.toHaveProperty(key);
      expect(schema.additionalProperties, tool.name).toBe(false);
      expect(refsIn(schema), tool.name).toBe(0);
      expect(schema).not.toHaveProperty("properties.project_id");
    }
  });

  it("derive annotations from method and description that agree with PostHog's file for each of its tools", () => {
    for (const [name, fact] of Object.entries(facts.tools)) {
      const tool = live.find((candidate) => candidate.name === name)!;
      expect(tool.annotations, name).toMatchObject({
        readOnlyHint: fact.annotations.readOnly,
        destructiveHint: fact.annotations.destructive,
        idempotentHint: fact.annotations.idempotent,
      });
    }
    // The one that reaches outside the project: it sends an e-mail or a Slack message now.
    expect(live.find((tool) => tool.name === "subscriptions-test-delivery-create")!.annotations.openWorldHint).toBe(true);
    expect(live.find((tool) => tool.name === "session-recording-get")!.annotations.openWorldHint).toBe(false);
  });

  it("say so in the description of a destructive tool, and ask the bulk delete for a confirmation", () => {
    for (const tool of live.filter((candidate) => candidate.annotations.destructiveHint)) expect(tool.description, tool.name).toMatch(/^Destructive: /);
    const bulk = live.find((tool) => tool.name === "session-recording-bulk-delete")!;
    expect(bulk.inputSchema.required).toContain("confirm");
    expect(bulk.inputSchema.properties.confirm).toMatchObject({ const: true });
  });

  it("take PostHog's aliases and cut PostHog's fields", () => {
    const get = live.find((tool) => tool.name === "session-recording-get")!;
    expect(get.aliases.id).toContain("session_id");
    expect(get.exclude).toEqual(["person.properties"]);
    expect(live.find((tool) => tool.name === "subscriptions-deliveries-list")!.exclude).toContain("recipient_results");
  });

  it("soft-delete a subscription through its update, as the description says the hard delete is refused", () => {
    const remove = live.find((tool) => tool.name === "subscriptions-delete")!;
    expect(remove).toMatchObject({ method: "patch", operation: "updateSubscription", fixedBody: { deleted: true } });
    expect(Object.keys(remove.inputSchema.properties)).toEqual(["id"]);
  });

  it("page every listing through the tools' own cursor, with a field selector on every read", () => {
    for (const tool of live.filter((candidate) => candidate.annotations.readOnlyHint)) {
      expect(tool.inputSchema.properties, tool.name).toHaveProperty("fields");
      if (tool.paging) expect(tool.inputSchema.properties, tool.name).toHaveProperty("cursor");
    }
    expect(live.filter((tool) => tool.paging).map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["query-session-recordings-list", "session-recording-playlists-list", "subscriptions-list", "subscriptions-deliveries-list"]),
    );
  });
});
