// Starts the stateful mock in MSW's service worker, then renders: `?scenario=` picks one of the
// mock's scenarios (rate-limited, many-pages, …), `?seed=` its seed, and `?profile=live` answers
// as the live service does (the recordings listing pages on `has_next`).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { setupWorker } from "msw/browser";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { scenarioNames } from "session-recordings-api-mock";
import { mockHandlers } from "session-recordings-api-mock/msw";
import { App } from "./App.js";

const params = new URLSearchParams(location.search);
// Each profile is its own entry: the live one is loaded only when it is asked for.
const { createMock } = params.get("profile") === "live" ? await import("session-recordings-api-mock/live") : await import("session-recordings-api-mock");
const mock = createMock({
  scenario: scenarioNames.find((name) => name === params.get("scenario")),
  seed: Number(params.get("seed") ?? 1),
});
await setupWorker(...mockHandlers(mock, { baseUrl: location.origin })).start({ onUnhandledRequest: "bypass", quiet: true });

// The client retries by itself; TanStack's retries would repeat each of its failures.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
