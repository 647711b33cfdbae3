// Checks the mock's own answers against the spec before they leave: the status must be one the
// operation declares (exactly, or by its range such as `5XX`), and the body must match that
// response's schema.
import type { OperationEntry } from "./operations.js";

/** The operation's declared response for `status`: its own, else its range's. */
export function declaredStatus(operation: OperationEntry, status: number): string | undefined {
  const range = `${String(status)[0]}XX`;
  return String(status) in operation.responses ? String(status) : range in operation.responses ? range : undefined;
}

/** Failures of a response against the spec: an undeclared status, or a body its schema refuses. */
export function responseViolations(operation: OperationEntry, status: number, body: unknown): string[] {
  const key = declaredStatus(operation, status);
  if (key === undefined) return [`status ${status} is not a documented response of ${operation.id}`];
  const declared = operation.responses[key]!;
  const validator = declared.json ? operation.validate.responses[key] : undefined;
  if (!validator) return body === undefined ? [] : [`status ${status} of ${operation.id} has no body in the spec, but one was sent`];
  if (validator(body)) return [];
  return (validator.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`);
}
