// The rules a request holds beyond its schemas (`x-request-rules`): each a JSON Schema over the
// request body and the stored record the path names, compiled with the operation's validators,
// and refused by its own 400 example. A handler checks them where the service does: after the
// record is found and the body's fields are valid.
import { documentedRefusal } from "../errors.js";
import type { Answer } from "../responses.js";
import type { OperationEntry } from "../spec/operations.js";

/** The refusal of the first rule `body` and `record` break, in the order the operation states them. */
export function brokenRule(operation: OperationEntry, body: unknown, record?: object): Answer | undefined {
  const subject = { body: body ?? {}, ...(record === undefined ? {} : { record }) };
  const broken = operation.validate.rules.findIndex((holds) => !holds(subject));
  return broken < 0 ? undefined : documentedRefusal(operation, operation.requestRules![broken]!);
}
