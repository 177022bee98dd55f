// One's account settings, continued: the players one muted and blocked
// (safety.list, kept by social/safety.ts), each with since when and an
// Unmute or Unblock button. Muting, blocking and reporting are done from a
// player's profile (profile/safety_actions.ts).
import type { App } from "../app";
import { h, fill } from "../core/dom";
import { errorText } from "../core/errors";
import { keepFocus } from "../core/keys";
import { playerLink } from "../core/players";
import type { Listed } from "../social/safety";
import { fullDateTime, longDate } from "../i18n/format";
import { t, tx } from "../i18n";

export class SafetyLists {
  readonly el: HTMLElement;
  private readonly body = h("div", { class: "safety-lists" });
  private readonly error = h("p", { class: "form-error", id: "safety-error", role: "alert" });
  /** The lists' version drawn (they change rarely; the app renders often). */
  private drawn = -1;

  constructor(private readonly app: App) {
    this.el = h(
      "section",
      { class: "card-panel care-safety", id: "safety", "aria-labelledby": "safety-title" },
      h("h3", { id: "safety-title" }, t("safety.listsTitle")),
      h("p", { class: "hint" }, t("safety.listsHint")),
      this.error,
      this.body,
    );
  }

  update(): void {
    const s = this.app.safety;
    if (this.drawn === s.version) return;
    this.drawn = s.version;
    this.body.dataset["loaded"] = String(s.loaded);
    keepFocus(this.body, () => fill(this.body, this.list("muted", s.muted), this.list("blocked", s.blocked)));
  }

  private list(kind: "muted" | "blocked", players: Listed[]): HTMLElement {
    const muted = kind === "muted";
    const items = !this.app.safety.loaded
      ? h("p", { class: "empty" }, t("common.loading"))
      : players.length === 0
        ? h("p", { class: "empty" }, muted ? t("safety.noneMuted") : t("safety.noneBlocked"))
        : h(
            "ul",
            { class: "safety-list" },
            players.map((p) => this.item(kind, p)),
          );
    return h("div", { class: "safety-group", "data-list": kind }, h("h4", null, muted ? t("safety.muted") : t("safety.blocked")), items);
  }

  private item(kind: "muted" | "blocked", p: Listed): HTMLElement {
    const muted = kind === "muted";
    const since = h("time", { datetime: new Date(p.since * 1000).toISOString(), title: fullDateTime(p.since) }, longDate(p.since));
    const button = h(
      "button",
      { type: "button", class: "small", "data-key": `${kind}-${p.username}`, [muted ? "data-unmute" : "data-unblock"]: p.username },
      muted ? t("safety.unmute") : t("safety.unblock"),
    );
    button.addEventListener("click", () => void this.undo(kind, p.username, button));
    return h(
      "li",
      { class: "safety-item", "data-name": p.username },
      h("span", { class: "safety-facts" }, playerLink(p.username), h("span", { class: "meta" }, tx("safety.since", { date: since }))),
      button,
    );
  }

  private async undo(kind: "muted" | "blocked", name: string, button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    this.error.textContent = "";
    try {
      if (kind === "muted") {
        await this.app.safety.mute(name, false);
        this.app.flash(t("safety.unmutedNow", { name }));
      } else {
        await this.app.safety.block(name, false);
        this.app.flash(t("safety.unblockedNow", { name }));
      }
    } catch (e) {
      button.disabled = false;
      this.error.textContent = errorText(e);
    }
  }
}
