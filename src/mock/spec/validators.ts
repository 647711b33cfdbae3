// The ajv validators scripts/build/compile-mock.mjs compiles ahead of time, typed. Each profile has
// plain validators for bodies and responses, and coercing ones for path and query parameters,
// which arrive as strings (../profiles/), and the validators of the records the state keeps.

import type { ValidationError } from "../../shared/validation-error.js";

/** A validator compiled ahead of time. */
export interface MockValidator {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

export interface ValidatorSet {
  plain: Record<string, MockValidator>;
  coercing: Record<string, MockValidator>;
  /** The records the state keeps (`schema_Playlist`, …), in the description's shapes whatever the profile: a restored snapshot is checked with them. */
  state: Record<string, MockValidator>;
}
