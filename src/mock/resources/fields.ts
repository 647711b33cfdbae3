// The body fields a create or an update writes, as the spec declares them (compiled into the
// operation table): the writable properties of the operation's body schema, and on a create
// the defaults of the fields the request leaves out.
import type { OperationEntry } from "../spec/operations.js";

/** Copies onto `record` each writable field the request sent. */
export function writeFields(record: object, operation: OperationEntry, body: unknown): void {
  if (!operation.body || body === null || typeof body !== "object") return;
  const sent = body as Record<string, unknown>;
  for (const field of operation.body.writable) if (sent[field] !== undefined) (record as Record<string, unknown>)[field] = sent[field];
}

/** A new record's writable fields: the spec's defaults, then what the request sent. */
export function createdFields(operation: OperationEntry, body: unknown): Record<string, unknown> {
  const fields = structuredClone(operation.body?.defaults ?? {});
  writeFields(fields, operation, body);
  return fields;
}
