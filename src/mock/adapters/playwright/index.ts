// session-recordings-api-mock/playwright: the mock behind Playwright's routing, with no MSW and no
// server. `routeMock` for any context or page; `mockFixtures` for `test.extend`, one mock per test.
export { type MockFixtureOptions, type MockFixtures, type MockFixturesConfig, mockFixtures } from "./fixtures.js";
export { type MockRoute, type PlaywrightRoutable, type RouteMockOptions, routeMock } from "./route.js";
