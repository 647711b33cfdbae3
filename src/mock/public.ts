// What both entries of the mock export beside their own `createMock`.
export { type Mock, type MockOptions, type MockRequestRecord, MockResponseViolationError, type MockSnapshot } from "./engine.js";
export { type ScenarioName, type ScenarioOption, scenarioNames } from "./scenarios.js";
export type { KeyScopes } from "./spec/auth.js";
export type { RecordChange, StateChange, StatePart } from "./state/changes.js";
export { MockStateError } from "./state/snapshot.js";
