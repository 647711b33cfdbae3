// An offline eval of an agent's tool use: the MCP server on the stateful mock (a recorded account
// with --snapshot), driven by the MCP SDK's client as an agent's host drives it. Each check is a tool
// call and what the answer must hold; no key, no network.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

interface Check {
  tool: string;
  arguments: Record<string, unknown>;
  /** What the answer's JSON must hold for the agent to go on. */
  holds: (answer: Record<string, unknown>) => boolean;
}

const checks: Check[] = [
  {
    tool: "query-session-recordings-list",
    arguments: { date_from: "-7d", order: "console_error_count", limit: 5, fields: ["id", "console_error_count"] },
    holds: (answer) => Array.isArray(answer.results) && answer.results.length > 0,
  },
  {
    tool: "session-recording-playlists-list",
    arguments: { fields: ["short_id", "name"] },
    holds: (answer) => Array.isArray(answer.results),
  },
];

/** Runs the checks against the server `command` starts; resolves with the tools that failed. */
export async function evaluate(command = "npx", args = ["session-recordings-api-mcp", "--mock"]): Promise<string[]> {
  const client = new Client({ name: "offline-eval", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command, args }));
  try {
    const failed: string[] = [];
    for (const check of checks) {
      const answer = (await client.callTool({ name: check.tool, arguments: check.arguments })) as { isError?: boolean; content: { text: string }[] };
      const text = answer.content[0]?.text ?? "";
      if (answer.isError || !check.holds(JSON.parse(text))) failed.push(`${check.tool}: ${text.slice(0, 200)}`);
    }
    return failed;
  } finally {
    await client.close();
  }
}
