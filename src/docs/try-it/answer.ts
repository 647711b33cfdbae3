// Shows an answer: its status (in the panel's status region, so a screen reader hears it), the
// time to the whole answer (or to where it was cut off), whether it conforms to the
// description, its headers and its body, pretty-printed when that stays near its own size.
import { h } from "./dom.js";
import { bodyLimit, readBody } from "./read-body.js";
import type { InPageEngine, TryItOperation } from "./types.js";

export interface AnswerView {
  status: HTMLElement;
  details: HTMLElement;
}

export function answerView(): AnswerView {
  return { status: h("p", { role: "status", class: "try-it-status" }), details: h("div", { class: "try-it-answer" }) };
}

/** What the status region says before any answer, or when a try could not be sent. */
export function say(view: AnswerView, text: string): void {
  view.status.textContent = text;
  view.details.replaceChildren();
}

export async function showAnswer(
  view: AnswerView,
  operation: TryItOperation,
  response: Response,
  started: number,
  engine: InPageEngine,
  signal: AbortSignal,
): Promise<void> {
  if (response.type === "opaqueredirect") return say(view, "The server answered with a redirect, which the panel does not follow.");
  const { text, cut } = await readBody(response, signal);
  const took = Math.round(performance.now() - started);
  let body: unknown;
  let shown = text;
  if (!cut && text !== "" && /json/i.test(response.headers.get("content-type") ?? "")) {
    try {
      body = JSON.parse(text);
      if (nesting(text) <= maxNesting) shown = JSON.stringify(body, null, 2);
      // Indenting can make a body of short items several times longer: then it is shown as sent.
      if (shown.length > 2 * bodyLimit) shown = text;
    } catch {
      body = text;
    }
  } else if (text !== "") body = text;
  view.status.textContent = `${response.status}${response.statusText ? ` ${response.statusText}` : ""} in ${took} ms${cut ? " (cut off)" : ""}`;
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
  let verdict = "Not checked against the description: the body is not whole.";
  if (!cut) {
    const violations = engine.violations(operation.id, response.status, body);
    verdict = violations.length ? `Does not conform to the description: ${violations.join("; ")}` : "Conforms to the description.";
  }
  view.details.replaceChildren(
    cut ? h("p", { class: "try-it-cut" }, `Cut off: ${cut}.`) : "",
    h("p", { class: "try-it-conformance" }, verdict),
    h("h3", {}, "Headers"),
    h("pre", {}, headers || "(none)"),
    h("h3", {}, "Body"),
    h("pre", { tabindex: "0" }, shown || "(empty)"),
  );
}

/** Past this depth a body is shown as sent: indentation grows with depth, and with it the text. */
const maxNesting = 64;

/** How deeply JSON text nests arrays and objects, counted without parsing. */
function nesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (inString) {
      if (char === "\\") at++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") deepest = Math.max(deepest, ++depth);
    else if (char === "]" || char === "}") depth--;
  }
  return deepest;
}
