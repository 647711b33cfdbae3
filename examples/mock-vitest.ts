// vitest.setup.ts (or jest): every test talks to the stateful mock through MSW, from a fresh
// seeded state each time. Register it in vitest.config.ts, so it runs before every test file:
//   export default defineConfig({ test: { setupFiles: ["./vitest.setup.ts"] } });
import { setupServer } from "msw/node";
import { createClient } from "session-recordings-api";
import { createMock } from "session-recordings-api-mock";
import { mockHandlers } from "session-recordings-api-mock/msw";
import { afterAll, afterEach, beforeAll } from "vitest";

export const mock = createMock({ seed: 42 });
const server = setupServer(...mockHandlers(mock, { baseUrl: "https://us.posthog.com" }));

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => mock.reset());
afterAll(() => server.close());

// In tests, maxRetries: 0, so a request the mock refuses (a 429 or 503 scenario, a misrouted
// call) fails once, at once, instead of being retried with backoff.
export const api = createClient({ baseUrl: "https://us.posthog.com", apiKey: "phx_test", maxRetries: 0 });
