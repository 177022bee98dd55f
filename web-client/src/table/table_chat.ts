// The table's chat: a log and, in the table's mode, a text box or preset
// phrases (none during a no-chat game).
import type { App } from "../app";
import { h, fill } from "../core/dom";
import type { TableState } from "./game";
import { chatMaxChars, chatPhrases } from "../core/rules";

/** The chat: a log and, in the table's mode, a text box or preset phrases. */
export class ChatBox {
  readonly el: HTMLElement;
  private readonly log: HTMLElement;
  private readonly form: HTMLElement;
  private shown = -1;
  private mode = "";

  constructor(private readonly app: App) {
    this.log = h("ol", { class: "chat-log", "aria-live": "polite" });
    this.form = h("div", { class: "chat-form" });
    this.el = h("section", { class: "chat" }, h("h3", null, "Chat"), this.log, this.form);
  }

  update(st: TableState): void {
    const t = st.summary;
    // The table's chat mode holds during a game; before and after it, text.
    const mode = t.state === "playing" ? t.settings.chat : "text";
    if (mode !== this.mode) {
      this.mode = mode;
      this.buildForm(mode);
      // No chat box at all while a no-chat game is on: only the line that says so.
      this.log.hidden = mode === "none";
      this.el.classList.toggle("off", mode === "none");
    }
    if (st.chat.length !== this.shown) {
      this.shown = st.chat.length;
      fill(
        this.log,
        st.chat.length === 0
          ? h("li", { class: "empty" }, mode === "none" ? "Chat is off during the game." : "No messages yet.")
          : st.chat.map((c) => h("li", null, h("b", null, c.from), c.seat === null ? h("small", null, " (watching)") : null, ": ", c.text)),
      );
      this.log.scrollTop = this.log.scrollHeight;
    }
  }

  private buildForm(mode: string): void {
    if (mode === "none") {
      fill(this.form, h("small", { class: "hint" }, "This table has no chat during the game."));
      return;
    }
    const phrases = h(
      "select",
      { name: "phrase", "aria-label": "a phrase" },
      h("option", { value: "" }, "Say…"),
      chatPhrases().map((p, i) => h("option", { value: String(i) }, p)),
    );
    phrases.addEventListener("change", () => {
      if (phrases.value === "") return;
      const phrase = Number(phrases.value);
      phrases.value = "";
      void this.app.chat({ phrase });
    });
    if (mode === "preset") {
      fill(this.form, phrases, h("small", { class: "hint" }, "Phrases only during the game."));
      return;
    }
    const input = h("input", {
      name: "text",
      maxlength: chatMaxChars(),
      placeholder: "Write a message",
      autocomplete: "off",
      "aria-label": "message",
    });
    const form = h(
      "form",
      {
        class: "chat-text",
        onsubmit: (e) => {
          e.preventDefault();
          const text = input.value.trim();
          if (!text) return;
          void this.app.chat({ text }).then((ok) => {
            if (ok) input.value = "";
          });
        },
      },
      input,
      h("button", { type: "submit" }, "Send"),
    );
    fill(this.form, form, phrases);
  }
}
