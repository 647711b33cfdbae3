// session-recordings-api-mock/live: the same mock answering as the live service, as
// openapi/overlays/live.yaml describes it (the client's `session-recordings-api/live`).
import { createMockOf, type Mock, type MockOptions } from "./engine.js";
import { liveProfile } from "./profiles/live.js";

export * from "./public.js";

/** A stateful mock answering as the live service: its shapes, statuses and paging. */
export const createMock = (options?: MockOptions): Mock => createMockOf(liveProfile, options);
