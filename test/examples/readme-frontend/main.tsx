// The guide's frontend path as one app, as a reader puts it together: the mock in the page
// (examples/mock-browser.ts, the guide's src/mocks.ts) started before the first render, then
// the components of examples/tanstack-query.tsx under its query client.
import { QueryClientProvider } from "@tanstack/react-query";
import { createRoot } from "react-dom/client";
import { startMocking } from "../../../examples/mock-browser.js";
import { Playlists, queryClient, Recordings } from "../../../examples/tanstack-query.js";

await startMocking();
createRoot(document.getElementById("root")!).render(
  <QueryClientProvider client={queryClient}>
    <Playlists projectId="28417" />
    <Recordings projectId="28417" />
  </QueryClientProvider>,
);
