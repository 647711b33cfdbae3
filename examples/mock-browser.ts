// src/mocks.ts: the stateful mock in the browser's service worker (Vite, Storybook). Run
// `npx msw init public/` once; in development, `await startMocking()` before the app renders
// (main.tsx: `if (import.meta.env.DEV) await (await import("./mocks")).startMocking();`, so a
// production build holds no mock). It answers the API where the app's client calls it: the
// page's own origin, which a dev-server proxy or your backend forwards to the service.
import { setupWorker } from "msw/browser";
import { createMock, type ScenarioName } from "session-recordings-api-mock";
import { mockHandlers } from "session-recordings-api-mock/msw";

export async function startMocking(scenario?: ScenarioName) {
  const mock = createMock({ scenario });
  const worker = setupWorker(...mockHandlers(mock, { baseUrl: location.origin }));
  await worker.start({ onUnhandledRequest: "bypass" });
  return mock;
}
