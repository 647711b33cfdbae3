// Agents' conversations kept as data (conversations/*.yaml: the tool calls an agent made and what it
// needed from each answer), replayed through the MCP SDK's client against a server on the
// in-process mock, over the SDK's in-memory transport: an eval that needs no account and no network.
import { readdirSync, readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createToolServer } from "../../src/mcp/server.js";
import { openTarget } from "../../src/mcp/target.js";

interface Need {
  path: string;
  capture?: string;
  equals?: string;
  differs?: string;
  /** No item of this list is among the captured list's. */
  disjoint?: string;
  length?: number;
  present?: boolean;
  absent?: boolean;
}
interface Conversation {
  ask: string;
  server: { profile: "live" | "seed"; allow_writes: boolean; answer_budget?: number };
  turns: { call: string; arguments: Record<string, unknown>; needs?: Need[]; error?: string }[];
}

const folder = new URL("conversations/", import.meta.url);
const conversations = readdirSync(folder).filter((file) => file.endsWith(".yaml"));

/** `value` with each `{name}` replaced by what was captured. */
function filled(value: unknown, captured: Map<string, unknown>): unknown {
  if (typeof value === "string") {
    const whole = /^\{(\w+)\}$/.exec(value);
    if (whole) {
      expect(captured.has(whole[1]!), `nothing captured as ${whole[1]}`).toBe(true);
      return captured.get(whole[1]!);
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => filled(item, captured));
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, filled(inner, captured)]));
  return value;
}

const at = (value: unknown, path: string) =>
  path.split(".").reduce<unknown>((inner, key) => (inner !== null && typeof inner === "object" ? (inner as Record<string, unknown>)[key] : undefined), value);

describe("agents' conversations replayed against the mock", () => {
  it("has conversations to replay", () => expect(conversations.length).toBeGreaterThanOrEqual(2));

  it.each(conversations)("%s", async (file) => {
    const conversation = parse(readFileSync(new URL(file, folder), "utf8")) as Conversation;
    expect(conversation.ask.length).toBeGreaterThan(0);
    const server = createToolServer({
      target: openTarget({ kind: "mock", profile: conversation.server.profile }),
      allowWrites: conversation.server.allow_writes,
      answerBudget: conversation.server.answer_budget ?? 20_000,
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "conversation-replay", version: "1.0.0" });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const captured = new Map<string, unknown>();
      for (const [index, turn] of conversation.turns.entries()) {
        const label = `turn ${index + 1}, ${turn.call}`;
        const answer = (await client.callTool({ name: turn.call, arguments: filled(turn.arguments, captured) as Record<string, unknown> })) as {
          isError?: boolean;
          content: { text: string }[];
        };
        const text = answer.content[0]!.text;
        if (turn.error !== undefined) {
          expect(answer.isError, label).toBe(true);
          expect(text, label).toBe(turn.error);
          continue;
        }
        expect(answer.isError, `${label}: ${text}`).not.toBe(true);
        const json: unknown = JSON.parse(text);
        for (const need of turn.needs ?? []) {
          const value = at(json, need.path);
          const where = `${label}: ${need.path}`;
          if (need.capture) {
            expect(value, where).toBeDefined();
            captured.set(need.capture, value);
          }
          if (need.equals !== undefined) expect(value, where).toEqual(filled(need.equals, captured));
          if (need.differs !== undefined) expect(value, where).not.toEqual(filled(need.differs, captured));
          if (need.disjoint !== undefined) {
            const before = filled(need.disjoint, captured) as unknown[];
            expect(before.length, where).toBeGreaterThan(0);
            for (const item of value as unknown[]) expect(before, where).not.toContainEqual(item);
          }
          if (need.length !== undefined) expect(value, where).toHaveLength(need.length);
          if (need.present) expect(value, where).toBeDefined();
          if (need.absent) expect(value, where).toBeUndefined();
        }
      }
    } finally {
      await client.close();
    }
  });
});
