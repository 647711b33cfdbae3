// What the tools call: the service, with the key from the environment, or the stateful mock in
// this process (no network; a recorded account with --snapshot). Both through the typed client,
// so the mock's answers meet the same errors, paging and key handling as the service's.
import { createClient } from "../client/create-client.js";
import type { FetchFunction } from "../client/options.js";
import { unwrap } from "../client/unwrap.js";
import { createMock as createSeedMock } from "../mock/index.js";
import { createMock as createLiveMock } from "../mock/live.js";
import type { ScenarioName } from "../mock/scenarios.js";
import type { RequestParts } from "./arguments.js";
import { ToolRefusal } from "./errors.js";
import type { Profile, Tool } from "./tools.js";

export interface MockTarget {
  kind: "mock";
  profile: Profile;
  /** The parsed state to start from (what `record` or --persist wrote). */
  snapshot?: unknown;
  scenario?: ScenarioName | undefined;
  seed?: number | undefined;
}

export interface ServiceTarget {
  kind: "service";
  baseUrl: string;
  apiKey: string;
  /** The service answers every path under /api/environments/ (the description's) and /api/projects/ alike. */
  pathPrefix?: "environments" | "projects" | undefined;
  /** Replaces globalThis.fetch: for tests against a server of their own. */
  fetch?: FetchFunction | undefined;
}

export interface Target {
  profile: Profile;
  /** Calls a tool's operation with the request's parts; throws the client's typed errors. */
  call(tool: Tool, parts: RequestParts): Promise<unknown>;
  /** The text with the key taken out, for anything written out. */
  redact(text: string): string;
  /** What it talks to, for the log: never the key. */
  label: string;
}

/** The key the in-process mock is called with: any `phx_` key holds every scope there. */
const mockKey = "phx_mcp_in_process";

type Call = (path: string, init: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** The target the options name, with its project: `project`, else the key's first. */
export function openTarget(options: MockTarget | ServiceTarget, project?: string): Target {
  const mock =
    options.kind === "mock"
      ? (options.profile === "live" ? createLiveMock : createSeedMock)({
          snapshot: options.snapshot,
          scenario: options.scenario,
          seed: options.seed,
        })
      : undefined;
  const apiKey = options.kind === "service" ? options.apiKey : mockKey;
  const client = createClient({
    baseUrl: options.kind === "service" ? options.baseUrl : "https://mock.in-process.invalid",
    apiKey,
    fetch: mock ? (input, init) => mock.fetch(input, init) : options.kind === "service" ? options.fetch : undefined,
    maxRetries: mock ? 0 : 2,
  }) as unknown as Record<string, Call>;
  let projectId: Promise<string> | undefined = project === undefined ? undefined : Promise.resolve(project);
  const projectOf = () => {
    projectId ??= client.GET!("/api/projects/", { params: { query: { limit: 1 } } }).then(
      (result) => {
        const first = (unwrap(result) as { results?: { id?: unknown }[] }).results?.[0]?.id;
        if (first === undefined) {
          projectId = undefined;
          throw new ToolRefusal("the key sees no project: start the server with --project <id>");
        }
        return String(first);
      },
      (error: unknown) => {
        projectId = undefined;
        throw error;
      },
    );
    return projectId;
  };
  return {
    profile: options.kind === "service" ? "live" : options.profile,
    label: options.kind === "service" ? `the service at ${options.baseUrl}` : `the stateful mock in this process (${options.profile} profile)`,
    redact: (text) => text.replaceAll(apiKey, "[redacted key]"),
    async call(tool, parts) {
      const project_id = await projectOf();
      const method = client[tool.method.toUpperCase()]!;
      const path = options.kind === "service" && options.pathPrefix === "projects" ? tool.path.replace(/^\/api\/environments\//, "/api/projects/") : tool.path;
      const init: Record<string, unknown> = { params: { path: { project_id, ...parts.path }, query: parts.query } };
      if (parts.body !== undefined) init.body = parts.body;
      return unwrap(await method(path, init));
    },
  };
}
