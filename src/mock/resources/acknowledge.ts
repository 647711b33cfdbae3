// The answer to a change that has nothing else to say: the operation's documented success,
// with the live service's `{"success": true}` where its description gives that body, and
// none where the description gives none.
import { type Answer, empty, json } from "../responses.js";
import type { HandlerContext } from "./context.js";

export function acknowledged(c: HandlerContext): Answer {
  const status = c.operation.success ?? 200;
  return c.operation.answers === "acknowledgement" ? json(status, { success: true }) : empty(status);
}
