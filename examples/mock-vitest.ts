// vitest.setup.ts (or jest): every test talks to the stateful mock through MSW, from a fresh
// seeded state each time.
import { setupServer } from "msw/node";
import { createMock } from "session-recordings-api/mock";
import { mockHandlers } from "session-recordings-api/mock/msw";
import { afterAll, afterEach, beforeAll } from "vitest";

export const mock = createMock({ seed: 42 });
const server = setupServer(...mockHandlers(mock, { baseUrl: "https://us.posthog.com" }));

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => mock.reset());
afterAll(() => server.close());
