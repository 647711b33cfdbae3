// session-recordings-api-mock: a stateful mock of the API, on Fetch API types, answering as the
// description this package follows. The live service's shapes are the `/live` entry's.
import { createMockOf, type Mock, type MockOptions } from "./engine.js";
import { seedProfile } from "./profiles/seed.js";

export * from "./public.js";

/** A stateful mock answering as the description this package follows. */
export const createMock = (options?: MockOptions): Mock => createMockOf(seedProfile, options);
