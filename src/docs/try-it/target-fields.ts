// The panel's choice of target, and each target's own fields: the in-page mock's scenario and
// Reset, the local mock's URL, and the reader's server's base URL and key; for both servers, the
// timeout and the size up to which an answer is read. The key is read out
// of its field into memory (./targets.ts) and the field emptied at once; the page shows only
// whether one is set.
import { freshId, h } from "./dom.js";
import { bodyLimit, size } from "./read-body.js";
import { baseOf, hasYourKey, setYourKey, type TargetKind, targets } from "./targets.js";
import type { InPageEngine } from "./types.js";

const kinds: [TargetKind, string][] = [
  ["page", "In this page"],
  ["local", "Local mock"],
  ["yours", "Your server"],
];

/** The in-page mock's scenario, kept across panels for the tab's life as the mock's state is. */
let pageScenario = "";

export interface TargetFields {
  fieldset: HTMLFieldSetElement;
  /** Reads a key left typed in its field without "Set key" before a try, emptying the field. */
  takeKey(): void;
}

export function targetFields(engine: Promise<InPageEngine>, changed: () => void): TargetFields {
  const name = freshId("target");
  const radios = kinds.map(([kind, text]) => {
    const id = freshId(kind);
    const radio = h("input", { type: "radio", name, id, value: kind, checked: targets.kind === kind });
    return { kind, radio, row: h("span", { class: "try-it-choice" }, radio, h("label", { for: id }, text)) };
  });

  const scenarioId = freshId("scenario");
  const scenario = h("select", { id: scenarioId, disabled: true }, h("option", { value: "" }, "none"));
  const reset = h("button", { type: "button", disabled: true }, "Reset");
  const resetNote = h("span", { "aria-live": "polite" });
  // Without the engine the panel says why; these stay disabled.
  engine.then(
    (ready) => {
      for (const option of ready.scenarios) scenario.append(h("option", { value: option }, option));
      scenario.value = pageScenario;
      scenario.disabled = false;
      reset.disabled = false;
      scenario.addEventListener("change", () => {
        pageScenario = scenario.value;
        ready.setScenario(pageScenario || null);
        resetNote.textContent = `Scenario: ${pageScenario || "none"}; the mock starts again from its seed.`;
      });
      reset.addEventListener("click", () => {
        ready.reset();
        pageScenario = "";
        scenario.value = "";
        resetNote.textContent = "The mock is back to its seed, in no scenario.";
      });
    },
    () => undefined,
  );
  const page = h("div", {}, h("label", { for: scenarioId }, "Scenario"), scenario, reset, resetNote);

  const localId = freshId("local");
  const localUrl = h("input", { id: localId, type: "url", value: targets.localUrl, autocomplete: "off" });
  localUrl.addEventListener("input", () => (targets.localUrl = localUrl.value));
  const local = h("div", {}, h("label", { for: localId }, "Local mock URL (npm start)"), localUrl);

  const yourId = freshId("your-url");
  const keyId = freshId("key");
  const yourUrl = h("input", { id: yourId, type: "url", value: targets.yourUrl, autocomplete: "off" });
  const key = h("input", { id: keyId, type: "password", autocomplete: "off", spellcheck: "false" });
  const setKey = h("button", { type: "button" }, "Set key");
  const keyState = h("span", { "aria-live": "polite" });
  const showKeyState = () => {
    const base = baseOf({ ...targets, kind: "yours" });
    keyState.textContent = "base" in base && hasYourKey(base.base) ? "key set" : "no key set";
  };
  const takeKey = () => {
    const typed = key.value;
    key.value = "";
    if (!typed) return;
    const base = baseOf({ ...targets, kind: "yours" });
    if ("refused" in base) keyState.textContent = `Key not kept: ${base.refused}`;
    else {
      setYourKey(typed, base.base);
      showKeyState();
    }
  };
  yourUrl.addEventListener("input", () => {
    targets.yourUrl = yourUrl.value;
    showKeyState();
  });
  setKey.addEventListener("click", takeKey);
  key.addEventListener("keydown", (event) => event.key === "Enter" && takeKey());
  showKeyState();
  const yours = h(
    "div",
    {},
    h("label", { for: yourId }, "Base URL"),
    yourUrl,
    h("label", { for: keyId }, "API key (kept in memory for this origin only)"),
    key,
    setKey,
    keyState,
  );

  const timeoutId = freshId("timeout");
  const timeout = h("input", {
    id: timeoutId,
    type: "number",
    min: "1",
    max: "600",
    step: "1",
    value: targets.timeout,
    "aria-describedby": `${timeoutId}-hint`,
  });
  timeout.addEventListener("input", () => (targets.timeout = timeout.value));
  const limits = h(
    "div",
    {},
    h("label", { for: timeoutId }, "Timeout (seconds)"),
    timeout,
    h(
      "small",
      { id: `${timeoutId}-hint` },
      `A try is stopped when its whole answer has not come by then. An answer is read up to ${size(bodyLimit)}: past that, the panel shows its first part.`,
    ),
  );

  const sections: Record<TargetKind, HTMLElement> = { page, local, yours };
  const show = () => {
    for (const [kind, section] of Object.entries(sections)) section.hidden = kind !== targets.kind;
    limits.hidden = targets.kind === "page";
  };
  for (const { kind, radio } of radios) {
    radio.addEventListener("change", () => {
      targets.kind = kind;
      show();
      changed();
    });
  }
  show();
  const fieldset = h("fieldset", { class: "try-it-targets" }, h("legend", {}, "Target"), ...radios.map((r) => r.row), page, local, yours, limits);
  return { fieldset, takeKey };
}
