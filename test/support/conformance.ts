// Running `session-recordings-api-conformance` in-process for the tests, against real servers
// on 127.0.0.1: its exit code and outputs, a clock that only counts, and the mock behind a
// node:http server that can break any operation's answer.
import plan from "../../generated/conformance/plan.json";
import story from "../../generated/mock/story.json";
import { main } from "../../src/conformance/main.js";
import type { Clock } from "../../src/conformance/pacing.js";
import type { Report } from "../../src/conformance/report.js";
import { createMock, type Mock } from "../../src/mock/index.js";
import { bodyOf, type localServers } from "./local-server.js";

/** The story's project: what the mock serves. */
export const project = String(story.projects[0]!.id);
export const testKey = "phx_conformance_secret_9f3c";
/** No pacing: the tests' servers have no rate limit. */
export const unpaced = ["--pace-ms", "0", "--recordings-pace-ms", "0"];

export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command with `argv`; the environment is empty unless given. */
export async function runCommand(argv: string[], options: { env?: Record<string, string>; clock?: Clock } = {}): Promise<CommandRun> {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: options.env ?? {},
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return { code, stdout, stderr };
}

/** The arguments of a check of `baseUrl`'s story project, unpaced, with `extra`. */
export const checkArgs = (baseUrl: string, ...extra: string[]) => ["--base-url", baseUrl, "--api-key", testKey, "--project", project, ...unpaced, ...extra];

/** Runs a check with --json and `extra` flags, and reads its report. */
export async function checkJson(baseUrl: string, extra: string[] = [], options: { clock?: Clock } = {}): Promise<CommandRun & { report: Report }> {
  const run = await runCommand(checkArgs(baseUrl, "--json", ...extra), options);
  let report: Report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    throw new Error(`not a JSON report (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
  return { ...run, report };
}

/** A clock whose time moves only when the command sleeps; it keeps each sleep. */
export function countingClock(start = Date.parse("2026-03-01T09:30:00Z")): Clock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

/** The operation a request is for, by the seed description's method and path templates. */
export function operationOf(method: string, pathname: string): string | undefined {
  // Either description's operations; a literal segment wins over a parameter, as the service's
  // router takes `subscriptions/summary_quota/` as the quota, not a subscription.
  const literals = (path: string) => path.split("/").filter((segment) => segment && !segment.startsWith("{")).length;
  return Object.entries({ ...plan.answers.seed, ...plan.answers.live })
    .filter(([, op]) => op.method === method && new RegExp(`^${op.path.replace(/\{[^{}]+\}/g, "[^/]+")}$`).test(pathname))
    .sort(([, a], [, b]) => literals(b.path) - literals(a.path))[0]?.[0];
}

export interface SeenRequest {
  method: string;
  pathname: string;
  query: URLSearchParams;
  operation: string | undefined;
  body: string;
  authorization: string | undefined;
  /** When it arrived, on the clock given to mockBehind. */
  at: number | undefined;
}

/** What a fault makes of the mock's answer: another answer, or a connection reset. */
export type Fault = (answer: Response, request: SeenRequest) => Response | "reset" | undefined | Promise<Response | "reset" | undefined>;

/**
 * A mock (the seed's stateful engine) behind a real node:http server, each answer passed through
 * `faults[operation]` when there is one. `requests` lists what reached it, each at its moment
 * on `clock` when one is given.
 */
export async function mockBehind(
  serve: ReturnType<typeof localServers>,
  faults: Record<string, Fault> = {},
  { mock = createMock(), clock }: { mock?: Mock; clock?: Clock } = {},
): Promise<{ url: string; mock: Mock; requests: SeenRequest[] }> {
  const requests: SeenRequest[] = [];
  const url = await serve(async (request, response) => {
    const body = await bodyOf(request);
    const target = new URL(request.url!, "http://mock.local");
    const seen: SeenRequest = {
      method: request.method!,
      pathname: target.pathname,
      query: target.searchParams,
      operation: operationOf(request.method!, target.pathname),
      body,
      authorization: request.headers.authorization,
      at: clock?.now(),
    };
    requests.push(seen);
    const headers: Record<string, string> = {};
    for (const name of ["authorization", "content-type"]) if (request.headers[name]) headers[name] = String(request.headers[name]);
    const answer = await mock.fetch(target.href, { method: request.method!, headers, ...(body ? { body } : {}) });
    const fault = seen.operation ? faults[seen.operation] : undefined;
    const changed = (await fault?.(answer, seen)) ?? answer;
    if (changed === "reset") return void request.socket.destroy();
    response.writeHead(changed.status, Object.fromEntries(changed.headers));
    response.end(Buffer.from(await changed.arrayBuffer()));
  });
  return { url, mock, requests };
}

/** A JSON answer of `status`, as a faulty server would give it. */
export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

/** A row of a report, by its label. */
export function rowLabelled(report: Report, label: string) {
  const row = report.rows.find((r) => r.label === label);
  if (!row) throw new Error(`no row "${label}" in: ${report.rows.map((r) => r.label).join(", ")}`);
  return row;
}
