// The request pipeline, in the order a request goes through it, as the service has it: route,
// authenticate and authorize, throttle (the scenarios' failures), refuse the method, check the
// request, negotiate, handle and commit; then the answer is checked against the spec and logged.
import { documentedRefusal, methodNotAllowed, notFound, notSaved, prefixNotServed, requestTooLarge, stateFull } from "../errors.js";
import type { Incoming } from "../incoming.js";
import { type Prefer, parsePrefer, preferredAnswer, refusal } from "../negotiate.js";
import { resolveCurrent, servedPrefixOf, underOtherPrefix } from "../project-paths.js";
import { handlers } from "../resources/index.js";
import { Answer, empty, headerJson, validationError, withoutBody } from "../responses.js";
import { scenarioFailure } from "../scenarios.js";
import { serialisedAnswers } from "../serialised-answers.js";
import { authorize, keyHolds } from "../spec/auth.js";
import type { OperationEntry, Profile } from "../spec/operations.js";
import { checkIncoming, maxBodyBytes, type ValidRequest } from "../spec/validate-request.js";
import { responseViolations } from "../spec/validate-response.js";
import { recordOf, type StateChange, type StatePart } from "../state/changes.js";
import { maxStateSize } from "../state/size.js";
import type { HeldState } from "./held-state.js";
import type { MockOptions } from "./options.js";
import type { RequestLog } from "./request-log.js";

export class MockResponseViolationError extends Error {
  override name = "MockResponseViolationError";
  constructor(
    readonly operationId: string,
    readonly status: number,
    readonly violations: string[],
  ) {
    super(`The mock's ${status} answer to ${operationId} breaks the spec: ${violations.join("; ")}`);
  }
}

/** What the pipeline decided for one API request: the answer, the operation it matched, and what was wrong with the request. */
interface Outcome {
  response: Answer;
  operation?: OperationEntry | undefined;
  violations: string[];
}

const noViolations: string[] = [];
const answered = (response: Answer, operation?: OperationEntry, violations: string[] = noViolations): Outcome => ({ response, operation, violations });

/** Whether a request only reads: what it derives from the state may be remembered for the state's generation. */
const reads = (method: string) => method === "GET" || method === "HEAD";

/** The answer to a request that changed the state, once `onChange` has taken the change. */
export async function committed(options: MockOptions, response: Answer, change: StateChange): Promise<Answer> {
  try {
    await options.onChange?.(change);
    return response;
  } catch (problem) {
    return notSaved(problem instanceof Error ? problem.message : String(problem));
  }
}

/** The pipeline of a mock answering as `profile` from `held`: an API request in, its answer out, logged in `log`. */
export function pipeline(profile: Profile, held: HeldState, options: MockOptions, log: RequestLog): (request: Incoming) => Promise<Answer> {
  const { table, route } = profile;
  const now = options.now ?? (() => new Date());
  // A profile that serves its paths under one prefix names it to a caller of another (the seed's).
  const onePrefix = table.pathAliases.length === 0 ? servedPrefixOf(table.operations) : undefined;
  const serialised = serialisedAnswers();
  // What every handler's context holds the same: made once.
  const full = () => held.size.full(() => JSON.stringify(held.working.state));
  const fullAnswer = () => stateFull(options.maxStateSize ?? maxStateSize);

  /** An API request through the pipeline, its answer checked against the spec and logged. */
  async function exchange(request: Incoming): Promise<Answer> {
    const { url } = request;
    let { response, operation, violations } = await answer(request);
    let problems = noViolations;
    // A 413 is answered before the body is read, so there is nothing of the operation's to check it against.
    if (operation) ({ response, problems } = checkedAnswer(operation, request.method, response));
    log.record({
      at: now().getTime(),
      method: request.method,
      path: url.pathname + url.search,
      status: response.status,
      violations,
      responseViolations: problems,
    });
    if (problems.length > 0) {
      if (options.responseViolations !== "flag") throw new MockResponseViolationError(operation!.id, response.status, [...problems]);
      response = response.with("x-mock-response-violations", headerJson(problems).slice(0, 4000));
    }
    return request.method === "HEAD" ? withoutBody(response) : response;
  }

  /** Up to the operation: HEAD is answered as GET; OPTIONS, which a browser sends without credentials, from the path alone. */
  async function answer(request: Incoming): Promise<Outcome> {
    const url = request.url;
    const matched = route(request.method === "HEAD" ? "GET" : request.method, url.pathname);
    if (matched.kind === "not-found") {
      const elsewhere = onePrefix !== undefined && underOtherPrefix(route, onePrefix, request.method === "HEAD" ? "GET" : request.method, url.pathname);
      return answered(elsewhere ? prefixNotServed(onePrefix) : notFound());
    }
    if (request.method === "OPTIONS") return answered(empty(204, { Allow: matched.allow }));
    const operation = matched.kind === "method-not-allowed" ? undefined : matched.operation;

    const refused = authorize(request.header("authorization"), operation, options.keys, url.origin, table.writeGrantsRead);
    if (refused) return answered(refused, operation);

    const failure = scenarioFailure(held.scenario.name, held.scenario.failures);
    if (failure) return answered(failure, operation);

    if (matched.kind === "method-not-allowed") return answered(methodNotAllowed(request.method, matched.allow));
    const prefer = parsePrefer(request.header("prefer"));
    if (matched.operation.refused) return answered(refusal(matched.operation, matched.operation.refused, matched.allow, prefer, url.origin), operation);
    // A path segment that cannot be decoded names no record.
    if (matched.kind === "bad-path") return answered(notFound(), operation, [`path ${matched.param}: malformed percent-escape`]);
    return answerOperation(request, matched.operation, matched.params, prefer);
  }

  /** An operation's request, once the caller may make it: checked, then negotiated or handled. */
  async function answerOperation(request: Incoming, operation: OperationEntry, params: Record<string, string>, prefer: Readonly<Prefer>): Promise<Outcome> {
    const checked = await checkIncoming(operation, request, resolveCurrent(table, held.working.state, params));
    if (!checked.ok) {
      if ("tooLarge" in checked) return answered(requestTooLarge(maxBodyBytes), operation);
      const violations = checked.violations.map((v) => `${v.location} ${v.attr ?? ""}: ${v.detail}`.replace(/\s+:/, ":"));
      // A path id that cannot be one names no record: 404, as the spec declares and the service's routing answers.
      if (checked.violations[0]!.location === "path") return answered(notFound(), operation, violations);
      if (checked.refusal) return answered(documentedRefusal(operation, checked.refusal), operation, violations);
      return answered(validationError(checked.violations, table.errorRendering), operation, violations);
    }

    if (prefer.delay) await new Promise((resolve) => setTimeout(resolve, prefer.delay));
    const preferred = preferredAnswer(operation, prefer, request.url.origin);
    if (preferred && "response" in preferred) return answered(preferred.response, operation);

    let response = await handled(request, operation, checked.request);
    // A preference the mock could not honour is said, not silently dropped.
    if (preferred && "ignored" in preferred) response = response.with("x-mock-prefer-ignored", headerJson(preferred.ignored));
    return answered(response, operation);
  }

  /** The operation's handler on the held state; what it wrote is committed (`onChange`) before it is answered. */
  async function handled(request: Incoming, operation: OperationEntry, checkedRequest: ValidRequest): Promise<Answer> {
    const touched: { part: StatePart; key: string }[] = [];
    const projectId = String(checkedRequest.path.project_id);
    const response = handlers[operation.id as keyof typeof handlers]({
      operation,
      table,
      state: held.working.state,
      generation: reads(request.method) ? held.generation : undefined,
      request: checkedRequest,
      url: request.url,
      now: now(),
      random: held.scenario.random,
      pageSize: options.pageSize,
      holds: (scope) => keyHolds(request.header("authorization"), scope, options.keys, table.writeGrantsRead),
      write(part, key, value) {
        held.working.write(projectId, part, key, value);
        touched.push({ part, key });
      },
      full,
      fullAnswer,
    });
    if (touched.length === 0) return response;
    held.written();
    const change = changeOf(projectId, touched);
    if (!change.whole) held.size.grew(JSON.stringify(change.records).length);
    return committed(options, response, change);
  }

  /** The records a request touched, with their values now, and the frame their times are in. */
  function changeOf(projectId: string, touched: { part: StatePart; key: string }[]): StateChange {
    const { state } = held.working;
    const project = state.projects[projectId]!;
    const records = touched.map(({ part, key }) => ({ project: projectId, part, key, value: recordOf(project, part, key) }));
    return { whole: false, nextId: state.nextId, records, ...(state.anchor === undefined ? {} : { anchor: state.anchor }) };
  }

  /**
   * An answer and what the spec's check says of it. A read's JSON answer alike to one sent lately
   * in this generation takes that one's text and verdict (serialised-answers.ts): the same text
   * always gets the same verdict.
   */
  function checkedAnswer(operation: OperationEntry, method: string, response: Answer): { response: Answer; problems: string[] } {
    const value = response.body?.value;
    const remembered = reads(method) && value !== undefined;
    if (remembered) {
      const found = serialised.find(operation.id, held.generation, response.status, value);
      if (found) return { response: new Answer(response.status, response.headers, { value, text: found.text }), problems: found.problems };
    }
    const problems = responseViolations(operation, response.status, value, response.body?.text);
    if (remembered) serialised.keep(operation.id, held.generation, response.status, value, response.body!.text, problems);
    return { response, problems };
  }

  return exchange;
}
