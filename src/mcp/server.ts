// The MCP server: the tools of the target's profile, read-only unless writes are allowed, each
// call's arguments checked, sent through the client and answered as answers.ts shapes it; a
// failure answered as one sentence (isError), never thrown to the transport. Transports: stdio
// (cli.ts) and Streamable HTTP on loopback (http.ts).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { version } from "../../packages/mcp/package.json";
import { answerOf } from "./answers.js";
import { requestOf } from "./arguments.js";
import { errorSentence, ToolRefusal } from "./errors.js";
import type { Target } from "./target.js";
import { toolsOf, writes } from "./tools.js";

export interface ToolServerOptions {
  target: Target;
  /** Serve the tools that write (create, update, delete): off unless --allow-writes. */
  allowWrites: boolean;
  /** The most characters of JSON a listing's answer holds before it is cut, with a cursor to go on. */
  answerBudget: number;
  /** Receives a line a call (tool, outcome, time): never arguments, answers or the key. */
  log?: ((line: string) => void) | undefined;
}

/**
 * A server answering tools/list and tools/call. The low-level `Server`, not `McpServer`:
 * the input schemas are JSON Schema compiled from the description, and McpServer takes Zod.
 */
export function createToolServer({ target, allowWrites, answerBudget, log }: ToolServerOptions): Server {
  const all = toolsOf(target.profile);
  const served = all.filter((tool) => allowWrites || !writes(tool));
  const server = new Server(
    { name: "session-recordings-api-mcp", version },
    {
      capabilities: { tools: {} },
      instructions: `Session recordings, playlists and subscriptions of one project, on ${target.label}. ${
        allowWrites
          ? "Writes are on: destructive tools say so; ask the user before one."
          : "Read-only: tools that write are served only when the server is started with --allow-writes."
      } Listings answer at most ${answerBudget} characters and a cursor to go on; pass fields to get fewer.`,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: served.map(({ name, title, description, inputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      annotations: { title, ...annotations },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    const started = Date.now();
    const tool = all.find((candidate) => candidate.name === name);
    try {
      if (!tool) throw new ToolRefusal(`there is no tool ${name}: tools/list gives the ones served`);
      if (!served.includes(tool)) throw new ToolRefusal(`${name} writes, and this server is read-only: start it with --allow-writes to use it`);
      const parts = requestOf(tool, args);
      const answer = answerOf(tool, await target.call(tool, parts), parts, answerBudget);
      log?.(`${name}: answered in ${Date.now() - started} ms`);
      return { content: [{ type: "text" as const, text: target.redact(JSON.stringify(answer ?? null)) }] };
    } catch (error) {
      const text = errorSentence(name, error, target.redact);
      log?.(`${name}: refused in ${Date.now() - started} ms: ${text}`);
      return { isError: true, content: [{ type: "text" as const, text }] };
    }
  });
  return server;
}
