// The ajv validators scripts/compile-mock.mjs compiles ahead of time from the spec, typed:
// `plainValidators` for bodies, responses and whole schemas (`schema_Playlist`, …), and
// `coercingValidators` for path and query parameters, which arrive as strings.
import * as coercing from "../../../generated/mock/coercing-validators.js";
import * as plain from "../../../generated/mock/validators.js";

/** One failure reported by a generated ajv validator. */
export interface ValidationError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** A validator compiled ahead of time. */
export interface MockValidator {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

export const plainValidators = plain as unknown as Record<string, MockValidator>;
export const coercingValidators = coercing as unknown as Record<string, MockValidator>;
