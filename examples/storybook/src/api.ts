// The typed client and its React Query hooks, on the API at the page's own origin: in Storybook,
// the mock answers there, in MSW's service worker. No retries, so a failure shows at once.
import createQueryClient from "openapi-react-query";
import { createClient } from "session-recordings-api";

export const api = createClient({ baseUrl: location.origin, apiKey: "phx_example", maxRetries: 0 });
export const $api = createQueryClient(api);
