// The guide's MCP page (docs/mcp.md) as a reader uses it: each editor's JSON parses and starts the
// server with flags the bin takes, each command line parses as the bin parses it, and its table
// names every tool the server has, and no other.
import { describe, expect, it } from "vitest";
import { parseOptions } from "../../src/mcp/args.js";
import { toolsOf } from "../../src/mcp/tools.js";
import { readGuide } from "../support/guide.js";

const page = readGuide("mcp.md");
const blocks = (lang: string) => [...page.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, "g"))].map((m) => m[1]!);
const parses = (args: string[], env: Record<string, string>) => expect(parseOptions(args, env), args.join(" ")).toMatchObject({ target: expect.any(Object) });

describe("docs/mcp.md", () => {
  it("shows each editor's file as JSON that starts the server with flags it takes", () => {
    const files = blocks("json").map((text) => JSON.parse(text) as { mcpServers?: object; servers?: object });
    expect(files.length).toBe(3);
    for (const file of files) {
      const servers = Object.values(file.mcpServers ?? file.servers ?? {}) as { command: string; args: string[]; env?: Record<string, string> }[];
      expect(servers.length).toBe(1);
      for (const { command, args, env } of servers) {
        expect([command, args[0]]).toEqual(["npx", "session-recordings-api-mcp"]);
        parses(args.slice(1), { POSTHOG_PERSONAL_API_KEY: "phx_example", ...env });
      }
    }
  });

  it("gives command lines the bin takes", () => {
    const lines = blocks("sh")
      .flatMap((block) => block.split("\n"))
      .map((line) => line.replace(/\s+#.*$/, ""))
      .filter((line) => line.includes("npx session-recordings-api-mcp"));
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) {
      const [assignments, args] = line.split("npx session-recordings-api-mcp") as [string, string];
      const env = Object.fromEntries([...assignments.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
      parses(args.trim().split(/\s+/).filter(Boolean), env);
    }
  });

  it("names in its table every tool of the live profile, and no other", () => {
    const table = page.match(/\| tool \| what it does \| writes \|\n([\s\S]*?)\n\n/)?.[1] ?? "";
    const named = [...table.matchAll(/`([a-z-]+)`(?=[^|]*\|)/g)].map((m) => m[1]!).filter((name) => /^[a-z]+(-[a-z]+)+$/.test(name));
    expect(named.sort()).toEqual(
      toolsOf("live")
        .map((tool) => tool.name)
        .sort(),
    );
  });
});
