// A labelled field per path and query parameter, from the operation's table: an enum or a
// boolean as a choice, a required one marked, each starting from its default or example.
import { freshId, h } from "./dom.js";
import { inlineMarkdown } from "./inline-markdown.js";
import type { FieldSpec } from "./types.js";

export interface Field {
  spec: FieldSpec;
  control: HTMLInputElement | HTMLSelectElement;
  row: HTMLElement;
}

export function fieldFor(spec: FieldSpec): Field {
  const id = freshId(spec.name);
  const control = spec.choices ? choice(spec, id) : h("input", { id, type: "text", value: spec.initial, autocomplete: "off", spellcheck: "false" });
  if (spec.required) {
    control.required = true;
    control.setAttribute("aria-required", "true");
  }
  if (spec.description) {
    const hint = h("small", { id: `${id}-hint` }, ...inlineMarkdown(spec.description));
    control.setAttribute("aria-describedby", hint.id);
    return { spec, control, row: h("div", { class: "try-it-field" }, labelFor(spec, id), control, hint) };
  }
  return { spec, control, row: h("div", { class: "try-it-field" }, labelFor(spec, id), control) };
}

function labelFor(spec: FieldSpec, id: string): HTMLLabelElement {
  const label = h("label", { for: id }, h("code", {}, spec.name), ` (${spec.in})`);
  if (spec.required) label.append(" ", h("strong", {}, "required"));
  return label;
}

function choice(spec: FieldSpec, id: string): HTMLSelectElement {
  // An optional parameter can also be left out of the request.
  const options = spec.required ? [] : [h("option", { value: "" }, "(not sent)")];
  for (const value of spec.choices!) options.push(h("option", { value: String(value) }, String(value)));
  const select = h("select", { id }, ...options);
  select.value = spec.initial;
  return select;
}

/** The reader's text as the value the parameter's type says, for the samples. */
export function typed(spec: FieldSpec, text: string): unknown {
  if ((spec.type === "integer" || spec.type === "number") && text.trim() !== "" && Number.isFinite(Number(text))) return Number(text);
  if (spec.type === "boolean" && (text === "true" || text === "false")) return text === "true";
  return text;
}

/** The fields' values by name: every path parameter, and the query parameters that are filled in. */
export function valuesOf(fields: Field[], where: FieldSpec["in"]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { spec, control } of fields) if (spec.in === where && (where === "path" || control.value !== "")) values[spec.name] = control.value;
  return values;
}
