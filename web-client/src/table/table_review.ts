// Looking back during the game, beside the table: every trick of the deal
// in play (its number, who led, the cards in the order played with who
// played each, who won it) and the score sheet of every deal of the game
// so far. Opened from the buttons at the top of the side column (the T key
// opens the tricks), one at a time; the close button or Escape closes it
// and gives the keyboard back. It never covers the table: the hand and the
// turn's prompt stay where they are, and play goes on while it is open.
// Only what the view holds: the deal's completed tricks and the results.
import { cardFace } from "../core/cards";
import { h, fill } from "../core/dom";
import { keepFocus } from "../core/keys";
import { byPointer } from "../core/pointer";
import type { PlayedTrick, View } from "../core/types";
import { rowNames, seatName, type TableState } from "./game";
import { isRubber } from "./rubber";
import { scoreSheetTable, sheetSummaries } from "./summary";
import { t } from "../i18n";

type Kind = "tricks" | "sheet";

export class Review {
  readonly el: HTMLElement;
  private readonly bar: HTMLElement;
  private readonly buttons: Record<Kind, HTMLButtonElement>;
  private readonly panel: HTMLElement;
  private open: Kind | null = null;
  /** What the panel shows (its kind and the view's part it was drawn from): drawn again when that changes. */
  private drawn = "";
  /** Where the keyboard was when the panel was opened, to give it back on closing. */
  private returnTo: HTMLElement | null = null;
  private st: TableState | null = null;

  /** `fallback`: what takes the keyboard on closing when where it was is gone (the user's turn's card or button), or null. */
  constructor(private readonly fallback: () => HTMLElement | null) {
    const toggle = (kind: Kind, id: string, label: string, title: string, key: string | null): HTMLButtonElement =>
      h(
        "button",
        {
          type: "button",
          class: "review-toggle",
          id,
          title,
          "aria-expanded": "false",
          "aria-controls": "review-panel",
          "aria-keyshortcuts": key,
          onclick: () => this.toggle(kind),
        },
        label,
      );
    this.buttons = {
      tricks: toggle("tricks", "review-tricks", t("review.tricks"), t(byPointer("review.tricksTitle", "review.tricksTitleTouch")), "T"),
      sheet: toggle("sheet", "review-sheet", t("review.sheet"), t("review.sheetTitle"), null),
    };
    this.bar = h("div", { class: "review-bar", "data-role": "review-bar" }, this.buttons.tricks, this.buttons.sheet);
    this.panel = h("div", { class: "review-area", id: "review-panel" });
    this.el = h("div", { class: "review" }, this.bar, this.panel);
  }

  /** Whether there is a game to look back on (a deal dealt, or a game over). */
  available(): boolean {
    const v = this.st?.view;
    return !!v && v.deal >= 0;
  }

  isOpen(): boolean {
    return this.open !== null;
  }

  update(st: TableState): void {
    this.st = st;
    const v = st.view;
    this.el.hidden = !this.available();
    if (!v || !this.available()) {
      if (this.open) this.close();
      return;
    }
    this.buttons.tricks.textContent = v.tricks.length > 0 ? t("review.tricksCount", { n: v.tricks.length }) : t("review.tricks");
    if (!this.open) return;
    const names = st.summary.seats.map((s) => s.name ?? "").join("\n");
    const key = this.open === "tricks" ? `tricks/${v.deal}/${v.tricks.length}/${names}` : `sheet/${v.results.length}/${v.games?.length ?? 0}/${names}`;
    if (key === this.drawn) return;
    this.drawn = key;
    const kind = this.open;
    keepFocus(this.panel, () => fill(this.panel, kind === "tricks" ? tricksPanel(st, v, () => this.close()) : sheetPanel(st, v, () => this.close())));
    // The latest trick or deal in sight.
    const scroll = this.panel.querySelector<HTMLElement>(".review-scroll");
    if (scroll) scroll.scrollTop = scroll.scrollHeight;
  }

  /** Opens the panel of `kind`, or closes it if it is the one open. */
  toggle(kind: Kind): void {
    if (this.open === kind) {
      this.close();
      return;
    }
    if (!this.available()) return;
    if (!this.open) {
      const active = document.activeElement as HTMLElement | null;
      this.returnTo = active && active !== document.body && !this.panel.contains(active) ? active : null;
    }
    this.open = kind;
    this.drawn = "";
    this.setButtons();
    if (this.st) this.update(this.st);
    this.panel.scrollIntoView({ block: "nearest" });
    this.panel.querySelector<HTMLElement>("h3")?.focus({ preventScroll: true });
  }

  /** Closes the panel; the keyboard, if it was in the panel, goes back where it was. */
  close(): void {
    if (!this.open) return;
    const kind = this.open;
    const active = document.activeElement;
    const inside = active === null || active === document.body || this.el.contains(active);
    this.open = null;
    this.drawn = "";
    this.setButtons();
    fill(this.panel);
    if (!inside) return;
    const back = this.returnTo?.isConnected && !this.el.hidden ? this.returnTo : (this.fallback() ?? this.buttons[kind]);
    this.returnTo = null;
    back.focus();
  }

  private setButtons(): void {
    for (const [kind, b] of Object.entries(this.buttons)) b.setAttribute("aria-expanded", kind === this.open ? "true" : "false");
  }
}

/** A panel's frame: its title (which takes the keyboard on opening), the close button, the body. */
function reviewFrame(role: string, title: string, closeLabel: string, onClose: () => void, ...body: HTMLElement[]): HTMLElement {
  return h(
    "section",
    { class: "review-panel", "data-role": role, "aria-labelledby": "review-title" },
    h(
      "header",
      null,
      h("h3", { id: "review-title", tabindex: -1 }, title),
      h("button", { type: "button", class: "link close", "aria-label": closeLabel, "data-key": "review-close", onclick: onClose }, t("common.close")),
    ),
    body,
  );
}

/** The deal's completed tricks, the first first. */
function tricksPanel(st: TableState, v: View, onClose: () => void): HTMLElement {
  const body =
    v.tricks.length === 0
      ? h("p", { class: "hint review-empty" }, t("review.noTrick"))
      : h(
          "ol",
          { class: "review-scroll review-tricks", tabindex: 0, "aria-label": t("review.tricksLabel", { n: v.tricks.length }) },
          v.tricks.map((x, k) => trickItem(st, x, k)),
        );
  return reviewFrame("trick-review", t("review.tricksOfDeal", { n: v.deal + 1 }), t("review.closeTricks"), onClose, body);
}

function trickItem(st: TableState, trick: PlayedTrick, k: number): HTMLElement {
  const n = st.summary.players;
  return h(
    "li",
    { class: "review-trick", "data-trick": k, "data-leader": trick.leader, "data-winner": trick.winner },
    h(
      "p",
      { class: "review-trick-head" },
      h("b", null, t("review.trick", { n: k + 1 })),
      h("span", { class: "led-by" }, " · ", t("review.ledBy", { name: seatName(st, trick.leader) })),
      h("span", { class: "won-by" }, " · ", t("review.wonBy", { name: seatName(st, trick.winner) })),
    ),
    h(
      "div",
      { class: "review-cards", style: `--n: ${n}` },
      trick.cards.map((c, j) => {
        const seat = (trick.leader + j) % n;
        const won = seat === trick.winner;
        const name = seatName(st, seat);
        return h(
          "div",
          { class: `played${won ? " winner" : ""}${j === 0 ? " leader" : ""}`, "data-seat": seat, title: name },
          cardFace(c, "tiny"),
          h("span", { class: "who" }, name),
          won ? h("span", { class: "sr-only" }, t("review.wonTrick")) : null,
        );
      }),
    ),
  );
}

/**
 * Every completed deal of the game: its tricks, honours and points per
 * side or player, and the score after it; at a rubber, by game, with each
 * finished game's value and the rubber's points.
 */
function sheetPanel(st: TableState, v: View, onClose: () => void): HTMLElement {
  const body =
    v.results.length === 0
      ? h("p", { class: "hint review-empty" }, t("review.noDeal"))
      : h(
          "div",
          { class: "review-scroll", tabindex: 0, role: "region", "aria-label": t("review.sheetLabel") },
          scoreSheetTable(sheetSummaries(st.summary, rowNames(st), v.results), t("review.sheetCaption"), isRubber(st.summary) ? (v.games ?? []) : null),
        );
  return reviewFrame("score-sheet", t("review.sheet"), t("review.closeSheet"), onClose, body);
}
