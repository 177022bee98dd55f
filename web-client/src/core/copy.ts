// Copying an address (a table's, an invite link, a replay's) to the
// clipboard: navigator.clipboard where the browser allows it; where it
// refuses (no permission, an insecure page), the address in a read-only
// field, selected, to copy by hand.
import { h } from "./dom";
import { t } from "../i18n";

/** The address of this page's client with `hash` (e.g. "#table/4"). */
export function pageAddress(hash: string): string {
  return `${location.origin}${location.pathname}${hash}`;
}

/** A line that says what was copied, and the fallback field; kept across redraws (its owner puts `el` back each time). */
export class CopyNote {
  readonly el: HTMLElement;
  private readonly note: HTMLElement;
  private readonly field: HTMLInputElement;

  constructor(role: string) {
    this.note = h("span", { class: "copy-status", role: "status" });
    this.field = h("input", { type: "text", readonly: true, class: "copy-field", "aria-label": t("links.fieldLabel"), "data-copy-field": role });
    this.field.hidden = true;
    this.field.addEventListener("focus", () => this.field.select());
    this.el = h("div", { class: "copy-note", "data-copy": role }, this.note, this.field);
  }

  /** Copies `text`; `done` is what the line says then. */
  async copy(text: string, done: string): Promise<void> {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(text);
      this.field.hidden = true;
      this.note.textContent = done;
    } catch {
      this.field.value = text;
      this.field.hidden = false;
      this.note.textContent = t("links.copyByHand");
      this.field.focus();
      this.field.select();
    }
  }

  /** Says `text` (and hides the field). */
  say(text: string): void {
    this.field.hidden = true;
    this.field.value = "";
    this.note.textContent = text;
  }
}

/** A small button that copies the address `hash()` gives, saying so in `note`. */
export function copyLinkButton(id: string, note: CopyNote, hash: () => string, label = t("links.copyLink")): HTMLButtonElement {
  return h("button", { type: "button", class: "small copy-link", id, onclick: () => void note.copy(pageAddress(hash()), t("links.copied")) }, label);
}
