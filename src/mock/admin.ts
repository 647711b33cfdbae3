// The mock's admin routes under /__mock/: reset, read or replace the state, read the request
// log, switch scenario. They act on the mock through its public methods only.
import type { Mock } from "./engine.js";
import { adminBodyNotJson, adminInvalid, adminNotFound } from "./errors.js";
import { empty, json } from "./responses.js";
import type { ScenarioName } from "./scenarios.js";

/** Answers one admin request; a route that changed the state answers through `changed`, which may wait for a save. */
export async function admin(mock: Mock, request: Request, url: URL, changed: (response: Response) => Promise<Response>): Promise<Response> {
  const action = `${request.method} ${url.pathname}`;
  if (action === "POST /__mock/reset") {
    mock.reset();
    return changed(empty(204));
  }
  if (action === "GET /__mock/state") return json(200, mock.snapshot());
  if (action === "GET /__mock/requests") return json(200, mock.requests());
  if (action === "PUT /__mock/state" || action === "POST /__mock/scenario") {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return adminBodyNotJson();
    }
    try {
      if (action === "PUT /__mock/state") mock.restore(body);
      else mock.setScenario((body as { name?: ScenarioName | null; seed?: number })?.name ? (body as { name: ScenarioName; seed?: number }) : null);
    } catch (problem) {
      return adminInvalid((problem as Error).message, action === "PUT /__mock/state" ? "state" : "name");
    }
    return changed(empty(204));
  }
  return adminNotFound();
}
