// session-recordings-api/mock: a stateful mock of the API, on Fetch API types.
export { createMock, type Mock, type MockOptions, type MockRequestRecord, MockResponseViolationError, type MockSnapshot } from "./engine.js";
export { type ScenarioName, type ScenarioOption, scenarioNames } from "./scenarios.js";
export type { KeyScopes } from "./spec/auth.js";
export { MockStateError } from "./state/snapshot.js";
