// Shows an answer: its status (in the panel's status region, so a screen reader hears it), the
// time it took, whether it conforms to the description, its headers and its body pretty-printed.
import { h } from "./dom.js";
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

export async function showAnswer(view: AnswerView, operation: TryItOperation, response: Response, started: number, engine: InPageEngine): Promise<void> {
  if (response.type === "opaqueredirect") return say(view, "The server answered with a redirect, which the panel does not follow.");
  const text = await response.text();
  const took = Math.round(performance.now() - started);
  let body: unknown;
  let shown = text;
  if (text !== "" && /json/i.test(response.headers.get("content-type") ?? "")) {
    try {
      body = JSON.parse(text);
      shown = JSON.stringify(body, null, 2);
    } catch {
      body = text;
    }
  } else if (text !== "") body = text;
  const violations = engine.violations(operation.id, response.status, body);
  view.status.textContent = `${response.status}${response.statusText ? ` ${response.statusText}` : ""} in ${took} ms`;
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
  view.details.replaceChildren(
    h(
      "p",
      { class: "try-it-conformance" },
      violations.length ? `Does not conform to the description: ${violations.join("; ")}` : "Conforms to the description.",
    ),
    h("h3", {}, "Headers"),
    h("pre", {}, headers || "(none)"),
    h("h3", {}, "Body"),
    h("pre", { tabindex: "0" }, shown || "(empty)"),
  );
}
