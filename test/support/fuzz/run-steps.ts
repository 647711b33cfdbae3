// Runs a generated sequence of steps against one in-process mock (responseViolations: "flag")
// and checks every answer and, after every request, the store: what changed, whether it may
// have, its invariants, and that its snapshot restores into a fresh mock to an equal state.
import { createMock, type KeyScopes, type Mock, type MockSnapshot } from "../../../src/mock/index.js";
import { applyChange } from "../../../src/mock/state/changes.js";
import { deref, type OperationEntry } from "../spec.js";
import { runAdminStep } from "./admin-steps.js";
import { allowedServerError, answerProblems, fieldNamesOf, type KeyKind, refusalFor, type Scopes } from "./answer-check.js";
import { type Auth, fuzzedOperations, type PathValue, type RequestStep, type Step } from "./requests.js";
import { answerVersusStore, storeProblems } from "./store-invariants.js";

export interface RunConfig {
  seed: number;
  /** The mock's exact keys, or undefined for its default rules. The first key, if any, holds every scope. */
  keys?: KeyScopes;
  /** The state to start from: the seeded one, the seeded one cut to so many records of each kind per project, or none. */
  start: "seeded" | "empty" | Trim;
  clockStart: number;
  /** How far the mock's clock moves per request. */
  tickMs: number;
  pageSize: number;
}

export interface Finding {
  problem: string;
  /** The operation the failing request was built for, if a request failed. */
  operation?: string;
  /** The requests of the sequence up to the failing one, as sent. */
  trace: string[];
}

/** Waits for a promise the mock may hold behind a timer (`Prefer: delay`), however the caller runs time. */
export type Settle = <T>(pending: Promise<T>) => Promise<T>;

const origin = "http://mock.local";
const defaultRuleKeys = ["phx_fuzz", "phx_readonly"];

export interface Trim {
  recordings: number;
  playlists: number;
  subscriptions: number;
}

/** The seeded state with each project cut to its first records of each kind, and what pointed at the rest dropped. */
function trimmed(state: MockSnapshot, keep: Trim): MockSnapshot {
  for (const project of Object.values(state.projects)) {
    project.recordings = project.recordings.slice(0, keep.recordings);
    project.playlists = project.playlists.slice(0, keep.playlists);
    project.subscriptions = project.subscriptions.slice(0, keep.subscriptions);
    const playlists = new Set(project.playlists.map((p) => p.short_id));
    for (const shortId of Object.keys(project.members)) if (!playlists.has(shortId)) delete project.members[shortId];
    const kept = new Set(project.recordings.map((r) => r.id));
    for (const [shortId, members] of Object.entries(project.members)) project.members[shortId] = members.filter((id) => kept.has(id));
    for (const field of ["activity", "sharing"] as const) for (const id of Object.keys(project[field])) if (!kept.has(id)) delete project[field][id];
    const subscriptions = new Set(project.subscriptions.map((s) => s.id));
    if (project.deliveries) project.deliveries = project.deliveries.filter((d) => subscriptions.has(d.subscription));
  }
  return state;
}

function keyOf(auth: Auth, keys: KeyScopes | undefined): { header: string | undefined; kind: KeyKind; scopes?: Scopes } {
  if ("none" in auth) return { header: undefined, kind: "none" };
  if ("header" in auth) return { header: auth.header, kind: "unknown" };
  const names = keys ? Object.keys(keys) : defaultRuleKeys;
  const key = "table" in auth ? names[auth.table % names.length]! : auth.key;
  const header = `Bearer ${key}`;
  if (keys) {
    const scopes = Object.hasOwn(keys, key) ? keys[key]! : undefined;
    if (scopes === undefined) return { header, kind: "invalid" };
    return { header, kind: scopes !== "*" && !scopes.includes("*") && scopes.every((s) => s.endsWith(":read")) ? "read-only" : "writer", scopes };
  }
  if (!key.startsWith("phx_") || key.length <= 4) return { header, kind: "invalid" };
  return key === "phx_readonly" ? { header, kind: "read-only", scopes: "read" } : { header, kind: "writer", scopes: "*" };
}

/** The ids a path parameter can name in the state, newest first, by the path segment before it. */
function candidates(state: MockSnapshot, segment: string, param: string, projectId: string | undefined): string[] {
  if (segment === "environments") return Object.keys(state.projects).reverse();
  const project = projectId !== undefined && Object.hasOwn(state.projects, projectId) ? state.projects[projectId]! : undefined;
  if (!project) return [];
  if (segment === "session_recording_playlists") return project.playlists.map((p) => p.short_id).reverse();
  if (segment === "subscriptions") return project.subscriptions.map((s) => String(s.id)).reverse();
  if (segment === "recordings" || segment === "session_recordings") return project.recordings.map((r) => r.id).reverse();
  throw new Error(`the fuzz does not know what {${param}} after ${segment}/ names`);
}

/** Percent-encoding as a client does it; a lone surrogate, which UTF-8 cannot carry, goes as U+FFFD, as the URL parser sends it. */
const encode = (text: string) => encodeURIComponent(text.replace(/\p{Surrogate}/gu, "\ufffd"));
/** Text in a URL as a careless client writes it: only what would change the URL's structure is escaped. */
const rawSegment = (text: string) => text.replace(/[/?#\\]/g, (c) => encodeURIComponent(c));
const rawQuery = (text: string) => text.replace(/[&#=]/g, (c) => encodeURIComponent(c));

/** Long text cut for a report, saying how long it was. */
const cut = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);

interface Resolved {
  request: Request;
  entry: OperationEntry;
  url: URL;
  projectId: string | undefined;
  noRoute: boolean;
  rerouted: boolean;
  keyKind: KeyKind;
  refusal?: 401 | 403;
  preferredCode?: number;
  summary: string;
}

/**
 * What the URL parser made of the path: the same template (`rerouted` when a dot segment, or a
 * tab or newline it drops, moved it), with an empty id (`noRoute`: no operation's path), and
 * the project id as the mock reads it.
 */
function routeOf(url: URL, template: string[]): { rerouted: boolean; noRoute: boolean; projectId: string | undefined } {
  const parsed = url.pathname.split("/");
  const isParam = (segment: string) => segment.startsWith("{");
  const rerouted = parsed.length !== template.length || template.some((segment, i) => !isParam(segment) && segment !== parsed[i]);
  const noRoute = !rerouted && template.some((segment, i) => isParam(segment) && parsed[i] === "");
  const at = template.indexOf("{project_id}");
  let projectId: string | undefined;
  try {
    projectId = at >= 0 && !rerouted ? decodeURIComponent(parsed[at]!) : undefined;
  } catch {
    projectId = undefined;
  }
  return { rerouted, noRoute, projectId };
}

function resolve(step: RequestStep, state: MockSnapshot, keys: KeyScopes | undefined): Resolved {
  const entry = fuzzedOperations[step.operation]!;
  let projectId: string | undefined;
  const segments = entry.path.split("/");
  const built = segments.map((segment, i) => {
    const param = /^\{(.+)\}$/.exec(segment)?.[1];
    if (!param) return segment;
    const value: PathValue = step.path[param]!;
    let text: string;
    let encoded = true;
    if ("existing" in value) {
      const ids = candidates(state, segments[i - 1]!, param, projectId);
      text = ids.length ? ids[value.existing % ids.length]! : "0";
    } else ({ text, encode: encoded } = value);
    if (param === "project_id") projectId = text;
    return encoded ? encode(text) : rawSegment(text);
  });
  const query = step.query.map((pair) => (pair.encode ? `${encode(pair.name)}=${encode(pair.value)}` : `${rawQuery(pair.name)}=${rawQuery(pair.value)}`));
  const url = new URL(`${origin}${built.join("/")}${query.length ? `?${query.join("&")}` : ""}`);
  const headers = new Headers();
  const key = keyOf(step.auth, keys);
  if (key.header !== undefined) headers.set("Authorization", key.header);
  if (step.body?.contentType) headers.set("Content-Type", step.body.contentType);
  if (step.prefer !== undefined) headers.set("Prefer", step.prefer);
  const request = new Request(url, { method: step.method, headers, body: step.body?.text });
  const preferredCode = /code=(\d{3})(?!\d)/.exec(step.prefer ?? "")?.[1];
  const bodyText = step.body ? ` ${step.body.contentType ?? "(no type)"} ${cut(step.body.text)}` : "";
  const summary = `${step.method} ${cut(url.pathname)}${cut(url.search)} [${key.header === undefined ? "no key" : cut(key.header)}${step.prefer ? `; Prefer: ${cut(step.prefer)}` : ""}]${bodyText}`;
  return {
    request,
    entry,
    url,
    ...routeOf(url, segments),
    keyKind: key.kind,
    refusal: refusalFor(key.kind, key.scopes, entry),
    preferredCode: preferredCode === undefined ? undefined : Number(preferredCode),
    summary,
  };
}

/** The names a request itself sent: its query parameters and its body's top-level keys (or indexes). */
function sentNames(step: RequestStep): string[] {
  let body: unknown;
  try {
    body = step.body ? JSON.parse(step.body.text) : undefined;
  } catch {
    body = undefined;
  }
  return [...step.query.map((pair) => pair.name), ...(body !== null && typeof body === "object" ? Object.keys(body) : [])];
}

const successSchema = (entry: OperationEntry, status: number) => {
  const response = entry.operation.responses?.[String(status)];
  return response ? deref(response).content?.["application/json"]?.schema : undefined;
};

export interface RunResult {
  findings: Finding[];
  requests: number;
  /** How many answers of each status each operation gave, for the explore report. */
  statuses: Map<string, number>;
  /** The slowest request of the run and how long the mock took, for the explore report (never asserted). */
  slowest?: { ms: number; request: string };
}

/** Runs `steps` on a fresh mock; stops at the first finding that matches `only` (every finding when undefined) if `stopEarly`. */
export async function runSteps(config: RunConfig, steps: Step[], settle: Settle, options: { stopEarly: boolean; only?: RegExp }): Promise<RunResult> {
  let clock = config.clockStart;
  const now = () => new Date(clock);
  let onChangeCalls = 0;
  /** The last change onChange was told, as --persist's journal writes it. */
  let lastChange = "";
  const mock: Mock = createMock({
    seed: config.seed,
    responseViolations: "flag",
    now,
    pageSize: config.pageSize,
    keys: config.keys,
    onChange: (change) => {
      onChangeCalls++;
      lastChange = JSON.stringify(change);
    },
  });
  let scenario: string | null = null;
  // A reset or a scenario starts from its seeded state again: cut it the same way (an empty start, to a few records), so snapshots stay small.
  const trim = () => {
    if (config.start === "seeded" || scenario === "empty") return;
    mock.restore(trimmed(mock.snapshot(), config.start === "empty" ? { recordings: 3, playlists: 2, subscriptions: 2 } : config.start));
  };
  if (config.start === "empty") {
    mock.setScenario("empty");
    scenario = "empty";
  } else trim();

  const findings: Finding[] = [];
  const trace: string[] = [];
  let requests = 0;
  let slowest: RunResult["slowest"];
  const statuses = new Map<string, number>();
  // snapshotJson() tells whether anything changed at the cost of one serialisation; snapshot() is read when it did.
  let before = mock.snapshot();
  let beforeText = mock.snapshotJson();
  let operation: string | undefined;
  const report = (problems: string[]) => {
    for (const problem of problems) if (!options.only || options.only.test(problem)) findings.push({ problem, operation, trace: trace.slice() });
  };
  /** After anything that changed the state: its invariants, and that it restores into a fresh mock as it is. */
  const checkStore = (state: MockSnapshot, text: string) => {
    const problems = storeProblems(state);
    if (JSON.stringify(state) !== text) problems.push("snapshot-json-differs: snapshotJson() is not the JSON of snapshot()");
    const fresh = createMock({ scenario: "empty", responseViolations: "flag", now });
    try {
      fresh.restore(state);
      if (fresh.snapshotJson() !== text) problems.push("restore-differs: a snapshot restored into a fresh mock is not equal to it");
    } catch (problem) {
      problems.push(`restore-refused: ${(problem as Error).message.slice(0, 300)}`);
    }
    report(problems);
  };
  checkStore(before, beforeText);

  for (const step of steps) {
    if (options.stopEarly && findings.length) break;
    let afterText: string | undefined;
    operation = step.kind === "request" ? fuzzedOperations[step.operation]!.operation.operationId : `(${step.kind})`;
    if (step.kind === "scenario") {
      mock.setScenario(step.name === null ? null : { name: step.name, seed: step.seed });
      scenario = step.name;
      trim();
      trace.push(`(scenario ${step.name} seed ${step.seed})`);
    } else if (step.kind === "reset") {
      mock.reset();
      scenario = null;
      trim();
      trace.push("(reset)");
    } else if (step.kind !== "request") {
      const outcome = await runAdminStep(mock, step, beforeText);
      trace.push(outcome.summary);
      requests += outcome.requests;
      report(outcome.problems);
      if (outcome.scenario !== undefined) {
        scenario = outcome.scenario;
        trim();
      }
    } else {
      let resolved: Resolved;
      try {
        resolved = resolve(step, before, config.keys);
      } catch (problem) {
        // A value fetch's Request refuses is no request to the mock; the generator should not make it.
        throw new Error(`the fuzz built a request fetch refuses: ${(problem as Error).message}`);
      }
      trace.push(resolved.summary);
      requests++;
      clock += config.tickMs;
      const callsBefore = onChangeCalls;
      let status = 0;
      let headers = new Headers();
      let text = "";
      const started = performance.now();
      try {
        const response = await settle(mock.fetch(resolved.request));
        ({ status, headers } = response);
        text = await response.text();
      } catch (problem) {
        report([`thrown: ${(problem as Error).name}: ${(problem as Error).message.slice(0, 300)}`]);
      }
      const ms = performance.now() - started;
      const tally = `${resolved.entry.operation.operationId} ${step.method} ${status}`;
      statuses.set(tally, (statuses.get(tally) ?? 0) + 1);
      if (!slowest || ms > slowest.ms) slowest = { ms, request: `${resolved.summary}${step.body ? `\n      body: ${step.body.text.slice(0, 2_000)}` : ""}` };
      afterText = mock.snapshotJson();
      const changed = afterText !== beforeText;
      const after = changed ? mock.snapshot() : before;
      if (status !== 0) {
        const exchange = {
          entry: resolved.entry,
          method: step.method,
          noRoute: resolved.noRoute,
          keyKind: resolved.keyKind,
          refusal: resolved.refusal,
          scenario,
          preferredCode: resolved.preferredCode,
          fieldNames: new Set([...fieldNamesOf(resolved.entry), ...sentNames(step)]),
          status,
          headers,
          text,
        };
        if (resolved.rerouted) {
          // The URL parser moved the request to another path: only what holds for every answer is checked.
          const { problems } = answerProblems({ ...exchange, noRoute: true });
          report(problems.filter((p) => !p.startsWith("empty-path-id-not-404")));
        } else {
          const { problems, body } = answerProblems(exchange);
          report(problems);
          const schema = successSchema(resolved.entry, status);
          // An answer `Prefer` asked for is the description's example, not the store's.
          const preferred = /(^|[,;])\s*(code|example)=/.test(step.prefer ?? "");
          if (status < 300 && schema && body !== undefined && step.method !== "HEAD" && !preferred && problems.length === 0)
            report(
              answerVersusStore(schema, body, after, resolved.projectId, {
                url: resolved.url,
                pageSize: config.pageSize,
                limitMaximum: resolved.entry.operation["x-limit-maximum"],
              }),
            );
        }
        const success = status >= 200 && status < 300;
        if (changed && !success)
          report([`state-changed-on-failure: ${status}${status >= 500 && allowedServerError({ ...exchange }) ? " (an injected failure)" : ""}`]);
        if (changed && ["GET", "HEAD", "OPTIONS"].includes(step.method)) report([`state-changed-by-read: ${step.method} ${status}`]);
      }
      if (changed && onChangeCalls === callsBefore)
        report(["changed-without-onChange: the state changed but onChange (what --persist saves on) was not called"]);
      else if (changed) {
        // What --persist's journal replays at start: the change applied to the state before must be the state after.
        const replayed = JSON.parse(beforeText) as unknown;
        try {
          applyChange(replayed, JSON.parse(lastChange));
          if (JSON.stringify(replayed) !== afterText)
            report(["change-differs: the change onChange was told, applied to the state before, is not the state after"]);
        } catch (problem) {
          report([`change-refused: ${(problem as Error).message.slice(0, 300)}`]);
        }
      }
    }
    afterText ??= mock.snapshotJson();
    if (afterText !== beforeText) {
      before = mock.snapshot();
      checkStore(before, afterText);
    }
    beforeText = afterText;
  }
  return { findings, requests, statuses, slowest };
}
