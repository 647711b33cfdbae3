// src/mocks.ts: the stateful mock in the browser's service worker (Vite, Storybook). Run
// `npx msw init public/` once; call startMocking() before the app renders.
import { setupWorker } from "msw/browser";
import { createMock, type ScenarioName } from "session-recordings-api-mock";
import { mockHandlers } from "session-recordings-api-mock/msw";

export async function startMocking(scenario?: ScenarioName) {
  const mock = createMock({ scenario });
  const worker = setupWorker(...mockHandlers(mock, { baseUrl: "https://us.posthog.com" }));
  await worker.start({ onUnhandledRequest: "bypass" });
  return mock;
}
