// The Try it panel of one operation, a modal dialog: target, parameters, body (checked as the
// reader types, as the mock's 400 would word it), Send and Cancel, the answer, and the code
// samples with the reader's values. A try stops at its timeout, on Cancel or when the panel
// closes. Escape or Close ends the panel and gives focus back to its Try it button.
import { answerView, say, showAnswer } from "./answer.js";
import { freshId, h } from "./dom.js";
import { fieldFor, valuesOf } from "./fields.js";
import { type ReaderValues, requestOf, urlOf } from "./request.js";
import { samplesOf } from "./samples.js";
import { targetFields } from "./target-fields.js";
import { baseOf, inPageBase, keyFor, send, targets, timeoutOf } from "./targets.js";
import type { InPageEngine, TryItOperation, TryItPage } from "./types.js";

export function openPanel(page: TryItPage, operation: TryItOperation, opener: HTMLElement, engine: Promise<InPageEngine>): void {
  const titleId = freshId("title");
  const fields = operation.fields.map(fieldFor);
  const target = targetFields(engine, () => refresh());
  const bodyId = freshId("body");
  // Never empty, so its answer replaces a line rather than pushing Send down under the pointer.
  const bodyCheck = h("p", { id: `${bodyId}-check`, class: "try-it-check", "aria-live": "polite" }, "Checking the body…");
  const body = operation.body
    ? h("textarea", { id: bodyId, rows: "8", spellcheck: "false", "aria-describedby": bodyCheck.id, required: operation.body.required }, operation.body.example)
    : undefined;
  const sendButton = h("button", { type: "button" }, "Send");
  // Beside Send, so neither moves when a try starts or ends.
  const cancel = h("button", { type: "button", disabled: true }, "Cancel");
  const answer = answerView();
  const typescript = h("pre", { tabindex: "0" });
  const curl = h("pre", { tabindex: "0" });
  const close = h("button", { type: "button" }, "Close");

  const dialog = h(
    "dialog",
    { class: "try-it-panel", "aria-labelledby": titleId, "data-operation-id": operation.id },
    h("div", { class: "try-it-head" }, h("h2", { id: titleId }, `Try it: ${operation.summary}`), close),
    h("p", {}, h("code", {}, `${operation.method} ${operation.path}`)),
    target.fieldset,
    fields.length ? h("fieldset", {}, h("legend", {}, "Parameters"), ...fields.map((f) => f.row)) : "",
    body
      ? h(
          "div",
          { class: "try-it-field" },
          h("label", { for: bodyId }, "Body (JSON)", operation.body!.required ? " " : "", operation.body!.required ? h("strong", {}, "required") : ""),
          body,
          bodyCheck,
        )
      : "",
    h("div", { class: "try-it-send" }, sendButton, cancel),
    answer.status,
    answer.details,
    h("h3", {}, "TypeScript"),
    typescript,
    h("h3", {}, "curl"),
    curl,
  );

  const values = (): ReaderValues => ({ path: valuesOf(fields, "path"), query: valuesOf(fields, "query"), body: body?.value ?? "" });
  const base = () => baseOf(targets);

  /** The samples follow the values and target; the body is checked against the request schema by the mock's own check. */
  let pending: ReturnType<typeof setTimeout> | undefined;
  let checks = 0;
  function refresh() {
    clearTimeout(pending);
    pending = setTimeout(async () => {
      const check = ++checks;
      const chosen = base();
      const samples = samplesOf(page, operation, fields, values(), "base" in chosen ? chosen.base : inPageBase);
      typescript.textContent = samples.typescript;
      curl.textContent = samples.curl;
      if (!body) return;
      const ready = await engine.catch(() => undefined);
      if (!ready) return;
      const problem = await ready.check(operation.id, requestOf(inPageBase, operation, values(), undefined), values().path);
      // A slower check of older text must not overwrite the verdict on what the reader typed since.
      if (check !== checks) return;
      bodyCheck.textContent = problem ? `The mock would answer 400: ${problem.attr ? `${problem.attr}: ` : ""}${problem.detail}` : "The request is valid.";
      body.setAttribute("aria-invalid", String(problem !== undefined));
    }, 120);
  }

  /** The try under way: stopping it ends its request and the reading of its answer. */
  let running: AbortController | undefined;

  async function sendTry() {
    target.takeKey();
    const chosen = base();
    if ("refused" in chosen) return say(answer, `Not sent: ${chosen.refused}`);
    // The mock in the page answers from memory: only a server's try has a timeout.
    const timeout = targets.kind === "page" ? undefined : timeoutOf(targets);
    if (timeout && "refused" in timeout) return say(answer, `Not sent: ${timeout.refused}`);
    const stop = new AbortController();
    running = stop;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hadFocus = document.activeElement === sendButton;
    sendButton.disabled = true;
    cancel.disabled = false;
    if (hadFocus) cancel.focus();
    say(answer, timeout ? `Sending… (stopped after ${timeout.ms / 1000} s)` : "Sending…");
    try {
      const ready = await engine;
      // The key is chosen by the origin the request goes to, so a key goes nowhere else.
      const request = requestOf(chosen.base, operation, values(), keyFor(targets.kind, urlOf(chosen.base, operation, values())));
      const started = performance.now();
      // From the request on, as the time shown is: starting the page's mock is not the server's time.
      if (timeout) timer = setTimeout(() => stop.abort(`the timeout (${timeout.ms / 1000} s) ran out`), timeout.ms);
      await showAnswer(answer, operation, await send(targets.kind, request, ready, stop.signal), started, ready, stop.signal);
    } catch (problem) {
      say(answer, `No answer: ${stop.signal.aborted ? `${stop.signal.reason}.` : problem instanceof Error ? problem.message : String(problem)}`);
    } finally {
      clearTimeout(timer);
      // A body cut at the limit is stopped with its request too, not by its reader's cancel alone:
      // the connection closes and the download ends at once, whatever the browser had buffered.
      stop.abort("the try ended");
      running = undefined;
      const focusBack = document.activeElement === cancel;
      cancel.disabled = true;
      sendButton.disabled = false;
      if (focusBack) sendButton.focus();
    }
  }

  dialog.addEventListener("input", refresh);
  dialog.addEventListener("change", refresh);
  sendButton.addEventListener("click", sendTry);
  cancel.addEventListener("click", () => running?.abort("the request was cancelled"));
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    running?.abort("the panel was closed");
    dialog.remove();
    // Redoc may have rendered the section again meanwhile: then its new button takes the focus.
    const button = opener.isConnected ? opener : document.querySelector<HTMLElement>(`button[data-operation-id="${operation.id}"]`);
    button?.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  (fields[0]?.control ?? body ?? sendButton).focus();
  engine.catch((problem: Error) => say(answer, problem.message));
  refresh();
}
