// The page's own mock, bundled apart from the panel and run only when a Try it panel first
// opens, so the page renders as fast as without it: the stateful mock on the page's profile,
// and the mock's own request and response checks, so the panel names a bad field exactly as
// the mock's 400 does and judges an answer as the mock judges its own. Each page's bundle
// holds one profile: engine-seed.ts and engine-live.ts hand theirs over.
import { createMockOf } from "../../mock/engine.js";
import { requestTooLarge } from "../../mock/errors.js";
import { validationError } from "../../mock/responses.js";
import { scenarioNames } from "../../mock/scenarios.js";
import type { Profile } from "../../mock/spec/operations.js";
import { checkRequest, maxBodyBytes } from "../../mock/spec/validate-request.js";
import { responseViolations } from "../../mock/spec/validate-response.js";
import { engineEvent, type InPageEngine, type StartEngine } from "./types.js";

/** Hands the panel the way to start the mock on `profile`, once this bundle runs. */
export function offerEngine(profile: Profile): void {
  const { table } = profile;
  const start: StartEngine = () => {
    // An answer that breaks the description is shown with its violations rather than thrown.
    const mock = createMockOf(profile, { responseViolations: "flag" });
    const operation = (id: string) => {
      const found = table.operations.find((entry) => entry.id === id);
      if (!found) throw new Error(`no operation ${id} in the ${profile.name} description`);
      return found;
    };
    const engine: InPageEngine = {
      fetch: (request) => mock.fetch(request),
      reset: () => mock.reset(),
      setScenario: (name) => mock.setScenario(name as Parameters<typeof mock.setScenario>[0]),
      scenarios: scenarioNames,
      async check(id, request, pathValues) {
        const checked = await checkRequest(operation(id), request, new URL(request.url), pathValues);
        if (checked.ok) return undefined;
        const answer = "tooLarge" in checked ? requestTooLarge(maxBodyBytes) : validationError(checked.violations, table.errorRendering);
        const { attr, detail } = answer.body!.value as { attr: string | null; detail: string };
        return { attr, detail };
      },
      violations: (id, status, body) => responseViolations(operation(id), status, body),
    };
    return engine;
  };
  document.dispatchEvent(new CustomEvent(engineEvent, { detail: start }));
}
