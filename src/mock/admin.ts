// The mock's admin routes under /__mock/: reset, read or replace the state, read the request
// log, switch scenario. They act on the mock through its public methods only. A write must say
// it is JSON, so a web page cannot send one without a CORS preflight (which the server refuses
// to foreign origins, see adapters/node-http/handler.ts); a body that is not exactly right is a 400
// naming the field, and changes nothing.
import { isObject } from "../shared/is-object.js";
import { readLimited } from "../shared/read-limited.js";
import { adminBodyNotJson, adminInvalid, adminNotFound, adminNotJsonType, inexactDetail, requestTooLarge } from "./errors.js";
import { type Mock, requestLogSize } from "./mock.js";
import { Answer, empty, json, jsonText } from "./responses.js";
import { isScenarioName, type ScenarioOption, scenarioNames } from "./scenarios.js";
import { inexactNumber } from "./spec/json-numbers.js";
import { isJson, maxBodyBytes } from "./spec/validate-request.js";
import { maxStateSize } from "./state/size.js";

/**
 * The largest admin body: a state up to state/size.ts's size, and one API body past it, goes
 * back in through PUT /__mock/state (the seed's is 1 MB, 20,000 playlists 20 MB); a larger body
 * is answered 413 from its Content-Length, or as soon as that much of it has streamed in.
 */
export const adminMaxBodyBytes = maxStateSize + maxBodyBytes;

/** The largest seed POST /__mock/scenario takes, and the bin's --seed: the seeded random draws 32 bits. */
export const maxScenarioSeed = 0xffffffff;

const writes = ["POST /__mock/reset", "PUT /__mock/state", "POST /__mock/scenario"];

/**
 * The body of a write, parsed; an Answer when it is not JSON of a readable size, or holds a
 * number a double cannot hold as written (named from `root`: the snapshot, or the body). Empty is undefined.
 */
async function jsonBody(request: Request, root: "snapshot" | "body"): Promise<unknown> {
  const contentType = request.headers.get("content-type");
  if (!isJson(contentType)) return adminNotJsonType(contentType);
  if (Number(request.headers.get("content-length")) > adminMaxBodyBytes) return requestTooLarge(adminMaxBodyBytes);
  const bytes = await readLimited(request.body, adminMaxBodyBytes);
  if (!bytes) return requestTooLarge(adminMaxBodyBytes);
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return adminBodyNotJson();
  }
  // JSON.parse has rounded a number a double cannot hold: what would be kept is not what was sent.
  const inexact = inexactNumber(text);
  if (inexact)
    return adminInvalid(
      `${[root, ...inexact].join(".")} is not a number a double holds as written. ${inexactDetail}`,
      root === "snapshot" ? "state" : inexact.join("."),
    );
  return body;
}

/** The scenario a POST /__mock/scenario body names (null for none), or the 400 naming what is wrong with it. */
function scenarioOf(body: unknown): ScenarioOption | null | Answer {
  const choices = `one of ${scenarioNames.map((name) => JSON.stringify(name)).join(", ")}, or null for none`;
  if (!isObject(body)) return adminInvalid(`The body must be an object such as {"name": "flaky", "seed": 3} or {"name": null}.`, null);
  const unknown = Object.keys(body).find((key) => key !== "name" && key !== "seed");
  if (unknown !== undefined) return adminInvalid(`Unknown field; send only "name" and "seed".`, unknown);
  if (!("name" in body)) return adminInvalid(`This field is required: ${choices}.`, "name");
  const { name, seed } = body;
  if (name !== null && !isScenarioName(name)) return adminInvalid(`Must be ${choices}; got ${JSON.stringify(name)}.`, "name");
  if (seed !== undefined && !(Number.isInteger(seed) && (seed as number) >= 0 && (seed as number) <= maxScenarioSeed)) {
    return adminInvalid(`Must be a whole number from 0 to ${maxScenarioSeed}; got ${JSON.stringify(seed)}.`, "seed");
  }
  if (name === null) return seed === undefined ? null : adminInvalid("A seed applies to a scenario; send it with a name.", "seed");
  return seed === undefined ? name : { name, seed: seed as number };
}

/** Answers one admin request; a route that changed the state answers through `changed`, which may wait for a save. */
export async function admin(mock: Mock, request: Request, url: URL, changed: (answer: Answer) => Promise<Answer>): Promise<Answer> {
  const action = `${request.method} ${url.pathname}`;
  if (action === "GET /__mock/state") return jsonText(mock.snapshotJson());
  // The log is a window of the last requests, and says how wide.
  if (action === "GET /__mock/requests") return json(200, mock.requests(), { "X-Mock-Requests-Window": String(requestLogSize) });
  if (!writes.includes(action)) return adminNotFound();

  const body = await jsonBody(request, action === "PUT /__mock/state" ? "snapshot" : "body");
  if (body instanceof Answer) return body;
  if (action === "POST /__mock/reset") {
    if (body !== undefined && !(isObject(body) && Object.keys(body).length === 0)) return adminInvalid("POST /__mock/reset takes no body, or {}.", null);
    mock.reset();
    return changed(empty(204));
  }
  if (action === "PUT /__mock/state") {
    try {
      mock.restore(body);
    } catch (problem) {
      return adminInvalid((problem as Error).message, "state");
    }
    return changed(empty(204));
  }
  const scenario = scenarioOf(body);
  if (scenario instanceof Answer) return scenario;
  mock.setScenario(scenario);
  return changed(empty(204));
}
