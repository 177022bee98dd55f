// Suggestions at the table (where its settings allow them): the Suggest
// button (key S) asks the server what the computer would do in the user's
// place; the answer is highlighted for this turn only, never played.
import type { App } from "../app";
import { cardText, suitName, type Suit } from "../core/cards";
import { h } from "../core/dom";
import type { TableState } from "./game";
import { bidName, modeName } from "../core/rules";
import type { Action, View } from "../core/types";
import { byPointer } from "../core/pointer";
import { t, tx } from "../i18n";

export class Suggestions {
  /** The server's suggestion for the user's current turn (turnKey says which turn), shown until they act. */
  private suggestion: { key: string; action: Action } | null = null;
  private suggesting = false;

  constructor(
    private readonly app: App,
    private readonly el: HTMLElement,
    private readonly redraw: () => void,
    /** Chooses a suggested discard's cards in the hand. */
    private readonly choose: (cards: string[]) => void,
  ) {}

  /** Names the user's current turn: a suggestion holds for this turn only. */
  private turnKey(v: View): string {
    return `${v.deal}/${v.phase}/${v.calls.length}/${v.tricks.length}/${v.trick.cards.length}`;
  }

  canSuggest(): boolean {
    const st = this.app.table;
    const v = st?.view;
    if (!st || !v || st.seat === null || !st.summary.settings.suggestions) return false;
    if (v.to_act !== st.seat || st.actedV === st.v || v.game_over || st.claim || st.undo) return false;
    // A discard's choices are the hand (the view says how many); the other phases list their legal actions.
    return v.phase === "discard" ? !!v.discard : v.legal.length > 0 && ["bidding", "choose", "play"].includes(v.phase);
  }

  /** The suggestion for this turn, if there is one. */
  current(v: View | null): Action | null {
    return v && this.suggestion && this.suggestion.key === this.turnKey(v) ? this.suggestion.action : null;
  }

  /** Asks the server for a suggestion, then highlights it (a discard's cards are chosen), without acting. */
  async ask(): Promise<void> {
    const st = this.app.table;
    if (!st?.view || this.suggesting) return;
    const key = this.turnKey(st.view);
    this.suggesting = true;
    this.redraw();
    const got = await this.app.suggest();
    this.suggesting = false;
    const v = this.app.table?.view;
    if (got && v && this.turnKey(v) === key) {
      this.suggestion = { key, action: got.action };
      if (got.action.type === "discard" && got.action.cards) this.choose(got.action.cards);
    }
    this.redraw();
    this.el.querySelector<HTMLElement>(".suggested")?.focus({ preventScroll: true });
  }

  /** The suggestion in words. */
  private suggestionText(st: TableState, a: Action): string {
    switch (a.type) {
      case "play":
        return t("suggest.play", { card: cardText(a.card ?? "") });
      case "pass":
        return t("call.pass");
      case "bid":
        return st.summary.variant === "exact" ? t("call.tricks", { n: a.tricks ?? 0 }) : t("suggest.bid", { bid: bidName(a.level, a.mode) });
      case "discard":
        return t("suggest.discard", { cards: (a.cards ?? []).map(cardText).join(" ") });
      case "trump":
        return t("suggest.trump", { suit: suitName((a.suit ?? "S") as Suit) });
      case "direction":
        return modeName(a.mode === "downtown" ? "downtown" : "uptown");
      case "claim": // never suggested: a claim or an undo is not an action of table.act
      case "undo":
        return "";
    }
  }

  /** The Suggest button and the suggestion, where the table allows them. */
  row(st: TableState, v: View): HTMLElement | null {
    if (!st.summary.settings.suggestions || !this.canSuggest()) return null;
    const a = this.current(v);
    return h(
      "div",
      { class: "suggest-row", "data-role": "suggest" },
      h(
        "button",
        {
          type: "button",
          class: "suggest",
          id: "suggest",
          disabled: this.suggesting,
          title: t(byPointer("suggest.title", "suggest.titleTouch")),
          onclick: () => void this.ask(),
        },
        this.suggesting ? t("suggest.thinking") : t("suggest.suggest"),
      ),
      a
        ? h("span", { class: "suggestion", "data-role": "suggestion" }, tx("suggest.suggested", { what: h("b", null, this.suggestionText(st, a)) }))
        : byPointer(h("small", { class: "hint keys-hint" }, t("suggest.key")), null),
    );
  }

  /** Marks the buttons of a bidding or choice prompt that match the suggestion. */
  mark(panel: HTMLElement, v: View): void {
    const a = this.current(v);
    if (!a) return;
    let sel = "";
    if (a.type === "pass") sel = 'button[data-bid="pass"]';
    else if (a.type === "bid") sel = `button[data-bid="${a.tricks !== undefined ? String(a.tricks) : `${a.level ?? 0}${a.mode ?? ""}`}"]`;
    else if (a.type === "trump") sel = `button[data-trump="${a.suit ?? ""}"]`;
    else if (a.type === "direction") sel = `button[data-direction="${a.mode ?? ""}"]`;
    if (sel) panel.querySelector(sel)?.classList.add("suggested");
  }
}
