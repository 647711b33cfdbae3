// session-recordings-api/mock: a stateful mock of the API, on Fetch API types.
export { createMock, MockResponseViolationError, type Mock, type MockOptions, type MockRequestRecord, type MockSnapshot } from "./engine.js";
export { scenarioNames, type ScenarioName, type ScenarioOption } from "./scenarios.js";
export { MockStateError } from "./state/snapshot.js";
export type { KeyScopes } from "./spec/auth.js";
