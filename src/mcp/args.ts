// The command line of `session-recordings-api-mcp`, checked: every problem is a CommandLineError
// naming the flag. The key is never a flag (a command line shows in `ps` and in shell history).

import { isScenarioName, type ScenarioName, scenarioNames } from "../mock/scenarios.js";
import { baseUrlOf, CommandLineError, readCommandLine, wholeNumber } from "../shared/command-line.js";
import type { Profile } from "./tools.js";

export { CommandLineError };

/** The addresses the HTTP transport may listen on: this machine's only. */
export const loopbackHosts = ["127.0.0.1", "::1", "localhost"];
/** The default answer budget: about 5,000 tokens of JSON. */
export const defaultAnswerBudget = 20_000;

export const keyVariable = "POSTHOG_PERSONAL_API_KEY";
/** The service's regions and their addresses. */
export const regions = { us: "https://us.posthog.com", eu: "https://eu.posthog.com" } as const;

export const usage = `usage: session-recordings-api-mcp [--mock [--profile live|seed] [--snapshot <file>] [--scenario <name>] [--seed <n>]]
                                  [--region us|eu | --base-url <url>] [--path-prefix environments|projects]
                                  [--project <id>] [--allow-writes]
                                  [--http [--port <n>] [--listen 127.0.0.1]] [--max-answer-chars ${defaultAnswerBudget}]

An MCP server for the Session Recordings, Playlists and Subscriptions API: PostHog's tools for
these endpoints, under PostHog's names, derived from the API's description. Over stdio, or
Streamable HTTP on this machine with --http.

  --mock                   the stateful mock in this process, no network and no key: a team's
                           recorded account with --snapshot, for building and evaluating agents
  --profile live|seed      with --mock: answer as the live service (live, the default, with all
                           of PostHog's tools) or as the API description (seed)
  --snapshot <file>        with --mock: start from the state in <file> (what
                           \`session-recordings-api-mock record\` wrote); it is never written
  --scenario <name>        with --mock: start in ${scenarioNames.join(", ")}
  --seed <n>               with --mock: the seed of the generated records (default 1)
  --region us|eu           the service's region (default us): ${regions.us}, ${regions.eu}
  --base-url <url>         the service's address instead, such as a self-hosted PostHog
                           (or POSTHOG_HOST)
  --path-prefix <prefix>   the service's paths under /api/environments/ (the default) or
                           /api/projects/: the service answers both
  --project <id>           the project the tools act on (or POSTHOG_PROJECT_ID; default the
                           first the key sees)
  --allow-writes           serve the tools that create, update and delete too; without it the
                           server is read-only and refuses them
  --http                   Streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio
  --port <n>               with --http: the port, 0 for any free one (default 3737)
  --listen <address>       with --http: ${loopbackHosts.join(", ")} (loopback only)
  --max-answer-chars <n>   the JSON characters a listing's answer holds before it is cut, with a
                           cursor to go on (default ${defaultAnswerBudget})
  --version                print the version
  -h, --help               print this

The key comes from ${keyVariable} (a personal API key, phx_…, with the scopes the tools need:
session_recording:read, session_recording_playlist:read, subscription:read, project:read, and the
:write ones for --allow-writes). With --mock no key is needed.
Exit code: 0 when stopped, 1 when it could not start, 2 on bad input.`;

export interface McpOptions {
  target:
    | { kind: "mock"; profile: Profile; snapshot: string | undefined; scenario: ScenarioName | undefined; seed: number | undefined }
    | { kind: "service"; baseUrl: string; apiKey: string; pathPrefix: "environments" | "projects" };
  project: string | undefined;
  allowWrites: boolean;
  http: { listen: string; port: number } | undefined;
  answerBudget: number;
}

const flags = {
  mock: { type: "boolean" },
  profile: { type: "string" },
  snapshot: { type: "string" },
  scenario: { type: "string" },
  seed: { type: "string" },
  region: { type: "string" },
  "base-url": { type: "string" },
  "path-prefix": { type: "string" },
  project: { type: "string" },
  "allow-writes": { type: "boolean" },
  http: { type: "boolean" },
  port: { type: "string" },
  listen: { type: "string" },
  "max-answer-chars": { type: "string" },
  version: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** The options of `argv`; "help" or "version" when those are asked for. */
export function parseOptions(argv: readonly string[], env: Record<string, string | undefined>): McpOptions | "help" | "version" {
  if (argv.some((arg) => /^--(api-)?key(=|$)/.test(arg)))
    throw new CommandLineError(`the key is never a flag (a command line shows in ps and in shell history): set ${keyVariable}`);
  const { values, positionals } = readCommandLine(argv, flags);
  if (values.help) return "help";
  if (values.version) return "version";
  // A stray word is not quoted: it could be a key given by mistake.
  if (positionals.length) throw new CommandLineError("takes flags only: an argument is not one");
  const mockOnly = (["profile", "snapshot", "scenario", "seed"] as const).find((flag) => values[flag] !== undefined);
  if (!values.mock && mockOnly) throw new CommandLineError(`--${mockOnly} goes with --mock`);
  const serviceOnly = (["region", "base-url", "path-prefix"] as const).find((flag) => values[flag] !== undefined);
  if (values.mock && serviceOnly) throw new CommandLineError(`--${serviceOnly} is for the service; --mock answers in this process`);
  if (values.region !== undefined && values["base-url"] !== undefined) throw new CommandLineError("--region and --base-url both name the service: give one");
  if (!values.http && (values.port !== undefined || values.listen !== undefined))
    throw new CommandLineError(`--${values.port !== undefined ? "port" : "listen"} goes with --http`);
  const project = values.project ?? (env.POSTHOG_PROJECT_ID || undefined);
  if (project !== undefined && !/^[1-9]\d{0,14}$/.test(project))
    throw new CommandLineError(`--project must be a project id such as 28417, got ${JSON.stringify(project)}`);

  let target: McpOptions["target"];
  if (values.mock) {
    const profile = values.profile ?? "live";
    if (profile !== "live" && profile !== "seed") throw new CommandLineError(`--profile must be live or seed, got ${JSON.stringify(profile)}`);
    const scenario = values.scenario;
    if (scenario !== undefined && !isScenarioName(scenario))
      throw new CommandLineError(`--scenario must be one of ${scenarioNames.join(", ")}; got ${JSON.stringify(scenario)}`);
    target = {
      kind: "mock",
      profile,
      snapshot: values.snapshot,
      scenario,
      seed: values.seed === undefined ? undefined : wholeNumber("seed", values.seed, 1, 0, 2 ** 31 - 1),
    };
  } else {
    const region = values.region;
    if (region !== undefined && region !== "us" && region !== "eu") throw new CommandLineError(`--region must be us or eu, got ${JSON.stringify(region)}`);
    const apiKey = env[keyVariable];
    if (!apiKey) throw new CommandLineError(`${keyVariable} is not set: the service needs a personal API key (or start with --mock, which needs none)`);
    if (apiKey.startsWith("phc_"))
      throw new CommandLineError(
        `${keyVariable} holds a project API key (phc_…), which only sends events: create a personal API key (phx_…) in PostHog's settings`,
      );
    const pathPrefix = values["path-prefix"] ?? "environments";
    if (pathPrefix !== "environments" && pathPrefix !== "projects")
      throw new CommandLineError(`--path-prefix must be environments or projects, got ${JSON.stringify(pathPrefix)}`);
    const baseUrl = values["base-url"] ?? (region === undefined ? env.POSTHOG_HOST || undefined : undefined);
    target = { kind: "service", baseUrl: baseUrl === undefined ? regions[region ?? "us"] : baseUrlOf(baseUrl), apiKey, pathPrefix };
  }
  const listen = values.listen ?? "127.0.0.1";
  if (values.http && !loopbackHosts.includes(listen))
    throw new CommandLineError(
      `--listen must be a loopback address (${loopbackHosts.join(", ")}): the server acts with the key, so only this machine may reach it`,
    );
  return {
    target,
    project,
    allowWrites: values["allow-writes"] ?? false,
    http: values.http ? { listen, port: wholeNumber("port", values.port, 3737, 0, 65535) } : undefined,
    answerBudget: wholeNumber("max-answer-chars", values["max-answer-chars"], defaultAnswerBudget, 1000, 10_000_000),
  };
}
