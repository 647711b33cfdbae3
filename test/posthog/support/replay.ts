// One case replayed against the in-process live mock, in one path form: its state built from
// `given`, each step's request sent as the test sends it (through the mappings of README.md), and
// its checks made in order. The verdict is the first check that fails, or none.
import { createMock } from "../../../src/mock/live.js";
import type { MockState } from "../../../src/mock/state/state.js";
import type { Case, Send } from "./cases.js";
import { failureOf, read } from "./checks.js";
import { collectedFailure, collectedFrom } from "./collected.js";
import { otherUser, stateOf } from "./given.js";
import { type Bindings, expand } from "./placeholders.js";

export const teams = { team: "28417", otherTeam: "28502" };
export type PathForm = "slash" | "bare";

const key = "phx_posthog_suite";
const origin = "http://testserver";
// The user and the project's own fields every case's state starts from: the live mock's seeded state.
const template: MockState = createMock().snapshot();

/** The test's path in the form asked for, its prefix as the test writes it: the live mock serves `/api/projects/{id}/…` as the service does. */
export function pathOf(path: string, form: PathForm): string {
  const bare = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return form === "slash" ? `${bare}/` : bare;
}

/** Query values as Django's test client sends them: a list as the key repeated, an object as JSON. */
function searchOf(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(name, typeof item === "object" && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
}

async function exchange(mock: ReturnType<typeof createMock>, send: Send, form: PathForm) {
  const [path, inlineQuery] = send.path.split("?", 2) as [string, string | undefined];
  const search = inlineQuery === undefined ? searchOf(send.query) : `?${inlineQuery}${searchOf(send.query).replace("?", "&")}`;
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  const init: RequestInit = { method: send.method, headers };
  if (send.body !== undefined) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(send.body);
  }
  const response = await mock.fetch(`${origin}${pathOf(path, form)}${search}`, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {}
  return { status: response.status, body };
}

/** Where a case failed: the step and its request, what the test expects (the service's answer) and what the mock answered. */
export interface Failure {
  step: string;
  service: string;
  mock: string;
}

// A case without frozen time runs at the moment the suite started, on a clock that moves a
// millisecond a reading: the same times in both path forms, and in order within a case.
const started = Date.now();

export async function replay(c: Case & { kind: "run" }, form: PathForm): Promise<Failure | undefined> {
  const now = new Date(c.now ?? started);
  let ticks = 0;
  const bindings: Bindings = { ...teams, user: template.user, otherUser, now, kept: {} };
  const state = stateOf(
    template,
    teams,
    expand(c.given, bindings) as Record<string, unknown>,
    expand(c.givenOtherTeam, bindings) as Record<string, unknown>,
    now,
  );
  const mock = createMock({
    snapshot: state,
    keys: { [key]: c.scopes ?? "*" },
    responseViolations: "flag",
    now: c.now === undefined ? () => new Date(now.getTime() + ticks++) : () => new Date(now),
  });
  const lists = new Map<string, unknown[]>();
  for (const [index, step] of c.steps.entries()) {
    const send = expand(step.send, bindings) as Send;
    const answer = await exchange(mock, send, form);
    // The path as the test wrote it, so the two forms of one case fail alike.
    const where = `step ${index + 1}: ${send.method} ${send.path}`;
    if (step.status !== undefined && answer.status !== step.status) {
      const detail = answer.body === undefined ? "" : ` ${JSON.stringify(answer.body).slice(0, 300)}`;
      return { step: where, service: `status ${step.status}`, mock: `${answer.status}${detail}` };
    }
    for (const check of step.body) {
      const failure = failureOf(answer.body, { ...check, value: expand(check.value, bindings) });
      if (failure) return { step: where, ...failure };
    }
    for (const [name, at] of Object.entries(step.keep)) {
      const failure = failureOf(answer.body, { at, check: "present", value: true });
      if (failure) return { step: `${where}, keep ${name}`, ...failure };
      bindings.kept[name] = read(answer.body, at);
    }
    for (const [name, collect] of Object.entries(step.collect)) lists.set(name, [...(lists.get(name) ?? []), ...collectedFrom(answer.body, collect)]);
  }
  for (const check of c.collected) {
    const failure = collectedFailure(lists, { ...check, value: expand(check.value, bindings) });
    if (failure) return { step: `after the last step, ${check.check} of ${check.of.join(" and ")}`, ...failure };
  }
  return undefined;
}
