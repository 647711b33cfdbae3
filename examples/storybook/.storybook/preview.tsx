import type { Preview } from "@storybook/react-vite";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { mswLoader } from "msw-storybook-addon/csf3";
import { sessionRecordings } from "./session-recordings";

// One QueryClient for every story, cleared as each starts: its cache would show the last story's data.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

const preview: Preview = {
  loaders: [mswLoader(sessionRecordings.setup)],
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
};
export default preview;
