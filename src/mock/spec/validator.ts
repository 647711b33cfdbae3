/** One failure reported by a generated ajv validator. */
export interface ValidationError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** A validator compiled ahead of time by scripts/compile-mock.mjs. */
export interface MockValidator {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}
