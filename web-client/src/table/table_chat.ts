// The table's chat: a log and, in the table's mode, a text box or preset
// phrases (none during a no-chat game). The lines of players the user
// muted (social/safety.ts) are left out: each run of them is one discreet
// line that says how many were hidden, without a name; unmuting shows them.
import type { App } from "../app";
import { h, fill } from "../core/dom";
import { playerLink } from "../core/players";
import type { ChatLine, TableState } from "./game";
import { chatMaxChars, chatPhrases } from "../core/rules";
import { ruleWords } from "../i18n/rules_words";
import { t } from "../i18n";

/** The chat: a log and, in the table's mode, a text box or preset phrases. */
export class ChatBox {
  readonly el: HTMLElement;
  private readonly log: HTMLElement;
  private readonly form: HTMLElement;
  private shown = -1;
  private last: ChatLine | undefined;
  /** The mute lists' version the log was drawn with. */
  private mutes = -1;
  private mode = "";

  constructor(private readonly app: App) {
    this.log = h("ol", { class: "chat-log", "aria-live": "polite" });
    this.form = h("div", { class: "chat-form" });
    this.el = h("section", { class: "chat" }, h("h3", null, t("chat.title")), this.log, this.form);
  }

  update(st: TableState): void {
    const table = st.summary;
    // The table's chat mode holds during a game; before and after it, text.
    const mode = table.state === "playing" ? table.settings.chat : "text";
    // At a rated table during a game, a watcher talks to the watchers only.
    const apart = table.state === "playing" && table.settings.rated === true && st.seat === null;
    const key = `${mode}${apart ? "/apart" : ""}`;
    if (key !== this.mode) {
      this.mode = key;
      this.buildForm(mode, apart);
      // No chat box at all while a no-chat game is on: only the line that says so.
      this.log.hidden = mode === "none";
      this.el.classList.toggle("off", mode === "none");
    }
    // A line added, or one moved to the end (a watcher's, once the game is over).
    const safety = this.app.safety;
    if (st.chat.length !== this.shown || st.chat.at(-1) !== this.last || safety.version !== this.mutes) {
      this.shown = st.chat.length;
      this.last = st.chat.at(-1);
      this.mutes = safety.version;
      fill(
        this.log,
        st.chat.length === 0
          ? h("li", { class: "empty" }, mode === "none" ? t("chat.off") : t("chat.empty"))
          : chatLines(st.chat, (name) => safety.isMuted(name)),
      );
      this.log.scrollTop = this.log.scrollHeight;
    }
  }

  private buildForm(mode: string, apart: boolean): void {
    if (mode === "none") {
      fill(this.form, h("small", { class: "hint" }, t("chat.none")));
      return;
    }
    const phrases = h(
      "select",
      { name: "phrase", "aria-label": t("chat.phraseLabel") },
      h("option", { value: "" }, t("chat.say")),
      chatPhrases().map((p, i) => h("option", { value: String(i) }, p)),
    );
    phrases.addEventListener("change", () => {
      if (phrases.value === "") return;
      const phrase = Number(phrases.value);
      phrases.value = "";
      void this.app.chat({ phrase });
    });
    const aside = apart ? h("small", { class: "hint apart" }, t("chat.apart")) : null;
    if (mode === "preset") {
      fill(this.form, phrases, h("small", { class: "hint" }, t("chat.phrasesOnly")), aside);
      return;
    }
    const input = h("input", {
      name: "text",
      maxlength: chatMaxChars(),
      placeholder: t("chat.placeholder"),
      autocomplete: "off",
      "aria-label": t("chat.messageLabel"),
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
      h("button", { type: "submit" }, t("chat.send")),
    );
    fill(this.form, form, phrases, aside);
  }
}

/** The log's lines; each run of muted players' lines is one line that counts them. */
function chatLines(chat: ChatLine[], muted: (name: string) => boolean): HTMLElement[] {
  const out: HTMLElement[] = [];
  let hidden = 0;
  const flush = (): void => {
    if (hidden > 0) out.push(h("li", { class: "muted-lines", "data-hidden": hidden }, t("chat.mutedHidden", { n: hidden })));
    hidden = 0;
  };
  for (const c of chat) {
    if (muted(c.from)) {
      hidden++;
      continue;
    }
    flush();
    out.push(
      h(
        "li",
        { class: c.aside ? `aside ${c.aside}` : null },
        h("b", null, playerLink(c.from)),
        c.seat === null ? h("small", null, asideText(c.aside)) : null,
        ": ",
        // A preset phrase reads in each reader's language.
        c.phrase ? ruleWords(c.text) : c.text,
      ),
    );
  }
  flush();
  return out;
}

/** How a watcher's line is marked. */
function asideText(aside: ChatLine["aside"]): string {
  if (aside === "watchers") return t("chat.asideWatchers");
  if (aside === "after") return t("chat.asideAfter");
  return t("chat.asideWatching");
}
