// The description this package follows, as a profile: the default entry's.
import * as coercing from "../../../generated/mock/coercing-validators.js";
import compiled from "../../../generated/mock/operations.json";
import * as plain from "../../../generated/mock/validators.js";
import { type Profile, profileOf } from "../spec/operations.js";
import type { MockValidator } from "../spec/validators.js";

const plainValidators = plain as unknown as Record<string, MockValidator>;

// The state keeps this description's shapes: its own validators check a restored snapshot.
export const seedProfile: Profile = profileOf("seed", compiled, {
  plain: plainValidators,
  coercing: coercing as unknown as Record<string, MockValidator>,
  state: plainValidators,
});
