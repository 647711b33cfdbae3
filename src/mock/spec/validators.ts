// The ajv validators scripts/compile-mock.mjs compiles ahead of time, typed: for each profile,
// plain validators for bodies, responses and whole schemas (`schema_Playlist`, …), and
// coercing ones for path and query parameters, which arrive as strings.

import * as coercing from "../../../generated/mock/coercing-validators.js";
import * as liveCoercing from "../../../generated/mock/live/coercing-validators.js";
import * as livePlain from "../../../generated/mock/live/validators.js";
import * as plain from "../../../generated/mock/validators.js";
import type { ValidationError } from "../../shared/validation-error.js";

/** A validator compiled ahead of time. */
export interface MockValidator {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

export interface ValidatorSet {
  plain: Record<string, MockValidator>;
  coercing: Record<string, MockValidator>;
}

/** The description's validators. */
export const plainValidators = plain as unknown as Record<string, MockValidator>;
const coercingValidators = coercing as unknown as Record<string, MockValidator>;
export const seedValidators: ValidatorSet = { plain: plainValidators, coercing: coercingValidators };
/** The live service's description's validators. */
export const liveValidators: ValidatorSet = {
  plain: livePlain as unknown as Record<string, MockValidator>,
  coercing: liveCoercing as unknown as Record<string, MockValidator>,
};
