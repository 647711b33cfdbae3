// preview.tsx for a CSF Next project (definePreview, stories from preview.meta): the same lines,
// with addonMsw in place of mswLoader. Type-checked with the example; its build uses preview.tsx.
import { definePreview } from "@storybook/react-vite";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import addonMsw from "msw-storybook-addon";
import { sessionRecordings } from "./session-recordings";

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

export default definePreview({
  addons: [addonMsw(sessionRecordings.setup)],
  beforeEach(context) {
    queryClient.clear();
    return sessionRecordings.beforeEach(context);
  },
  decorators: [
    (Story) => (
      <QueryClientProvider client={queryClient}>
        <Story />
      </QueryClientProvider>
    ),
  ],
});
