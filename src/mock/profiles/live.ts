// The live service as openapi/overlays/live.yaml describes it, as a profile: the `/live`
// entry's, so the default entry never loads its tables.
import * as coercing from "../../../generated/mock/live/coercing-validators.js";
import compiled from "../../../generated/mock/live/operations.json";
import * as plain from "../../../generated/mock/live/validators.js";
import * as state from "../../../generated/mock/state-validators.js";
import { type Profile, profileOf } from "../spec/operations.js";
import type { MockValidator } from "../spec/validators.js";

export const liveProfile: Profile = profileOf("live", compiled, {
  plain: plain as unknown as Record<string, MockValidator>,
  coercing: coercing as unknown as Record<string, MockValidator>,
  state: state as unknown as Record<string, MockValidator>,
});
