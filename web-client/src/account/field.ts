// A form's field as the account screens draw it: its label above the
// control, and a hint under it.
import { h } from "../core/dom";

export function field(label: string, input: HTMLElement, hint?: string): HTMLElement {
  return h("label", { class: "field" }, h("span", { class: "field-label" }, label), input, hint ? h("small", { class: "hint" }, hint) : null);
}
