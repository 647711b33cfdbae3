// Renders the app. A development build first starts the stateful mock in the page (mocks.ts);
// a production build holds no mock: the check below is false there, so the bundler drops the
// import, and the app talks to the API at its own origin (behind a proxy to the service).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";

if (process.env.NODE_ENV !== "production") await (await import("./mocks.js")).startMocking();

// The client retries by itself; TanStack's retries would repeat each of its failures.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
