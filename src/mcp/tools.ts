// The tools, as scripts/build/compile-mcp.mjs compiled them from each description and PostHog's
// tool facts (posthog-tools.yaml): one table a profile, the service's (live) or the description's (seed).
import liveTools from "../../generated/mcp/live.json";
import seedTools from "../../generated/mcp/seed.json";

/** Where a tool's input goes in the request: a path parameter, a query parameter (JSON-encoded or not) or a body field. */
export type InputPlace = "path" | "query" | "query-json" | "body";

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface Tool {
  name: string;
  title: string;
  description: string;
  operation: string;
  method: string;
  path: string;
  inputSchema: { type: "object"; properties: Record<string, unknown>; required?: string[]; additionalProperties: false };
  annotations: ToolAnnotations;
  inputs: Record<string, InputPlace>;
  /** The body a soft delete sends, whatever the arguments. */
  fixedBody?: Record<string, unknown>;
  /** How a listing goes on: its `offset` or its `cursor`, behind the tool's own `cursor`. */
  paging?: "offset" | "cursor";
  /** Other names an input is taken under (PostHog's `session_id` for `id`). */
  aliases: Record<string, string[]>;
  /** Inputs given as a string of digits and sent as a number. */
  casts: string[];
  /** Answer fields cut, a dot between levels, as PostHog's server cuts them. */
  exclude: string[];
  /** Whether PostHog's server has this tool (else it is one of ours, named as PostHog names it). */
  posthog: boolean;
}

export type Profile = "seed" | "live";

/** Every tool of a profile's description. */
export function toolsOf(profile: Profile): readonly Tool[] {
  return (profile === "live" ? liveTools : seedTools) as unknown as Tool[];
}

/** Whether a tool changes anything: served only with --allow-writes. */
export const writes = (tool: Tool): boolean => !tool.annotations.readOnlyHint;
