// One request of the command, through the package's own client (auth, the key kept on its
// origin, timeouts, typed errors), paced, with 429 waited out. Its outcome is the answer as
// the server gave it (status, Content-Type, body text) or, when none came, why.
import { createClient } from "../client/create-client.js";
import { ConnectionError, InvalidInputError, RequestError, RequestTimeoutError, ResponseTooLargeError } from "../client/errors.js";
import type { Options } from "./args.js";
import type { Pacer } from "./pacing.js";
import type { Answer } from "./validate.js";

export interface Call {
  operation: string;
  method: "GET" | "POST" | "PATCH";
  /** The path template, as the description writes it. */
  path: string;
  pathParams: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
}

export type Outcome =
  | { answer: Answer /** A 429 still, after the retries it allows. */; throttled: boolean }
  | { failure: string /** The host could not be reached at all. */; unreachable: boolean };

export type Send = (call: Call) => Promise<Outcome>;

type Seen = { status: number; contentType: string | null };
type LooseCall = (path: string, init: Record<string, unknown>) => Promise<{ response: Response }>;

/** Sends calls one at a time, each when the pacer allows it. */
export function createSender(options: Pick<Options, "baseUrl" | "apiKey" | "timeoutMs">, pacer: Pacer): Send {
  // What the server answered, seen before the client reads it: an answer the client refuses
  // (a redirect, an empty body labelled JSON) is still an answer to check.
  let seen: Seen | undefined;
  const client = createClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs,
    // 429 is retried here, as Retry-After says; any other failure is reported as it came.
    maxRetries: 0,
    fetch: async (input, init) => {
      const response = await globalThis.fetch(input, init);
      seen = { status: response.status, contentType: response.headers.get("content-type") };
      return response;
    },
  }) as unknown as Record<Call["method"], LooseCall>;

  return async function send(call) {
    const init = { params: { path: call.pathParams, query: call.query ?? {} }, parseAs: "text", ...(call.body === undefined ? {} : { body: call.body }) };
    for (let retry = 0; ; retry++) {
      await pacer.turn(call.operation);
      seen = undefined;
      let answer: Answer;
      let retryAfter: string | null = null;
      try {
        const { response } = await client[call.method](call.path, init);
        answer = { status: response.status, contentType: response.headers.get("content-type"), text: await response.text() };
        retryAfter = response.headers.get("retry-after");
      } catch (error) {
        // Set by the fetch above, which TypeScript does not see run.
        const got = seen as Seen | undefined;
        if (error instanceof ResponseTooLargeError || !got || !(error instanceof RequestError)) return failure(error);
        answer = { ...got, text: "" };
      }
      if (answer.status !== 429) return { answer, throttled: false };
      const wait = pacer.afterThrottle(retryAfter, retry);
      if (wait === undefined) return { answer, throttled: true };
      await pacer.sleep(wait);
    }
  };
}

/** Why no answer came, in words that hold neither the key nor the request's query. */
function failure(error: unknown): Outcome {
  if (error instanceof ConnectionError) return { failure: "no answer: the connection failed", unreachable: true };
  if (error instanceof RequestTimeoutError) return { failure: `no answer within ${error.timeoutMs} ms`, unreachable: true };
  if (error instanceof RequestError || error instanceof InvalidInputError) return { failure: error.message, unreachable: false };
  return { failure: `the call failed: ${error instanceof Error ? error.message : String(error)}`, unreachable: false };
}
