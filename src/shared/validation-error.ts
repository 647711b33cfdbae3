/**
 * One failure reported by a validator ajv compiled ahead of time (scripts/build/compile-mock.mjs,
 * scripts/build/compile-conformance.mjs): what the mock's answers and the conformance command's
 * differences are read from.
 */
export interface ValidationError {
  instancePath: string;
  /** Where in the schema the failing keyword stands, such as `#/anyOf/0/required`. */
  schemaPath?: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}
