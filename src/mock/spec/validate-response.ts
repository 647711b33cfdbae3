// Checks the mock's own answers against the spec before they leave: the body against the
// schema of its documented status, or the error body for an undocumented error status.
import type { OperationEntry } from "./operations.js";
import { plainValidators } from "./validators.js";

// The error body is one schema in both descriptions.
const errorBody = plainValidators.schema_ErrorBody!;

/** Failures of a response body against the spec's schema for its status (or the error body). */
export function responseViolations(operation: OperationEntry, status: number, body: unknown): string[] {
  const declared = operation.responses[String(status)];
  if (!declared && status < 400) return [`status ${status} is not a documented response of ${operation.id}`];
  // An undocumented error status (413, a scenario's 5xx) still carries the error body.
  const validator = declared ? (declared.json ? operation.validate.responses[String(status)] : undefined) : errorBody;
  if (!validator) return body === undefined ? [] : [`status ${status} of ${operation.id} has no body in the spec, but one was sent`];
  if (validator(body)) return [];
  return (validator.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`);
}
