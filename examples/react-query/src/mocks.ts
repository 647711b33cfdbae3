// The stateful mock in MSW's service worker, for development builds only (main.tsx loads this
// module behind a check a production build removes): `?scenario=` picks one of the mock's
// scenarios (rate-limited, many-pages, …), `?seed=` its seed, and `?profile=live` answers as the
// live service does (the recordings listing pages on `has_next`).
import { setupWorker } from "msw/browser";
import { scenarioNames } from "session-recordings-api-mock";
import { mockHandlers } from "session-recordings-api-mock/msw";

export async function startMocking(): Promise<void> {
  const params = new URLSearchParams(location.search);
  // Each profile is its own entry: the live one is loaded only when it is asked for.
  const { createMock } = params.get("profile") === "live" ? await import("session-recordings-api-mock/live") : await import("session-recordings-api-mock");
  const mock = createMock({
    scenario: scenarioNames.find((name) => name === params.get("scenario")),
    seed: Number(params.get("seed") ?? 1),
  });
  await setupWorker(...mockHandlers(mock, { baseUrl: location.origin })).start({ onUnhandledRequest: "bypass", quiet: true });
}
