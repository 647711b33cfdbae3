// The typed client and its React Query hooks. The mock answers on the page's own origin, in its
// service worker; no retries, so a failure shows at once.
import createQueryClient from "openapi-react-query";
import { createClient } from "session-recordings-api";

export const api = createClient({ baseUrl: location.origin, apiKey: "phx_example", maxRetries: 0 });
export const $api = createQueryClient(api);
