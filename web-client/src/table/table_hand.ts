// The user's hand: sorted by suit as the user prefers (prefs.ts), the
// playable cards live (click, Enter or a drag to the table), the others
// dimmed with the reason, and in bid whist the discard's choice. With the
// preference play "confirm", a click or tap picks a card (raised) and a
// second one on it plays it (a double-click plays at once); Escape or a
// click elsewhere puts it back; Enter plays at once. With auto_play, a
// single legal card is played for the user after a short pause.
import type { App } from "../app";
import { cardFace, sortHand, suitName, suitOf } from "../core/cards";
import { h, fill } from "../core/dom";
import type { TableState } from "./game";
import { moveFocus } from "../core/keys";
import type { Action, View } from "../core/types";
import { t } from "../i18n";
import { prefs } from "../prefs";

/** How long a single legal card is shown before it is played for the user (auto_play), in ms. */
const AUTO_PLAY_MS = 500;

export class HandView {
  /** The cards chosen for a discard. */
  selected = new Set<string>();
  /** A card being dragged to the table. */
  private drag: { card: string; el: HTMLElement; ghost: HTMLElement | null; x0: number; y0: number; id: number } | null = null;
  private justDragged = false;
  /** The card picked (play "confirm"): a second click plays it. */
  private picked: string | null = null;
  /** The turn (table/version) whose single legal card is to be played for the user, and its timer. */
  private autoTurn = "";
  private autoTimer: number | undefined;
  private readonly unpickKey = (e: KeyboardEvent): void => {
    if (e.key === "Escape" && this.unpick()) e.preventDefault();
  };
  /** A press outside the hand's playable cards puts the picked card back (on one of them, its click picks or plays). */
  private readonly unpickPointer = (e: PointerEvent): void => {
    const card = e.target instanceof Element ? e.target.closest('.card[role="button"]') : null;
    if (this.picked && !(card && this.handArea.contains(card))) this.unpick();
  };

  constructor(
    private readonly app: App,
    private readonly handArea: HTMLElement,
    private readonly felt: HTMLElement,
    private readonly redraw: () => void,
  ) {
    document.addEventListener("keydown", this.unpickKey);
    document.addEventListener("pointerdown", this.unpickPointer, true);
  }

  dispose(): void {
    this.drag?.ghost?.remove();
    window.clearTimeout(this.autoTimer);
    document.removeEventListener("keydown", this.unpickKey);
    document.removeEventListener("pointerdown", this.unpickPointer, true);
  }

  /** Puts the picked card back; whether there was one. */
  private unpick(): boolean {
    if (!this.picked) return false;
    this.picked = null;
    this.redraw();
    return true;
  }

  /** Draws the hand; `hint`: the suggestion for this turn, highlighted. */
  render(st: TableState, v: View | null, hint: Action | null): void {
    if (st.seat === null || !v || v.deal < 0 || v.hand.length === 0) {
      fill(this.handArea);
      this.handArea.hidden = st.seat === null;
      return;
    }
    this.handArea.hidden = false;
    const ready = v.to_act === st.seat && st.actedV !== st.v && !v.game_over && !st.claim && !st.undo; // a claim or an undo waiting stops play
    const discarding = ready && v.phase === "discard" && !!v.discard;
    const playable = new Set(ready && v.phase === "play" ? v.legal.filter((a) => a.type === "play").map((a) => a.card ?? "") : []);
    if (this.picked && (!playable.has(this.picked) || prefs().play !== "confirm")) this.picked = null;
    this.autoPlay(st, playable);
    const kitty = new Set(discarding ? (v.kitty ?? []) : []);
    const cards = sortHand(v.hand, v.trump && v.trump !== "NT" ? v.trump : null);
    const lead = v.trick.cards[0];
    const hinted = new Set(hint?.type === "play" ? [hint.card ?? ""] : hint?.type === "discard" ? (hint.cards ?? []) : []);
    const els = cards.map((c) => {
      let cls = hinted.has(c) ? "hand-card suggested" : "hand-card";
      let title = "";
      if (discarding) {
        cls += " selectable";
        if (this.selected.has(c)) cls += " selected";
        if (kitty.has(c)) cls += " from-kitty";
      } else if (ready && v.phase === "play") {
        if (playable.has(c)) cls += " playable";
        else {
          cls += " illegal";
          title = this.whyNot(v, c, lead);
        }
      }
      const el = cardFace(c, cls);
      if (title) {
        el.title = title;
        // No hover on a touch screen: a tap on a dimmed card says why.
        el.addEventListener("click", () => this.app.flash(title));
      }
      if (discarding) {
        this.discardable(el, c, v.discard ?? 0);
      } else if (playable.has(c)) {
        this.playableCard(el, c);
      }
      return el;
    });
    // One card of the hand is in the tab order; the arrows move between them.
    const active = els.filter((e) => e.getAttribute("role") === "button");
    if (active[0]) active[0].tabIndex = 0;
    // More than 13 cards (bid whist's discard): two rows, which a narrow
    // screen stacks (app.css) so that every card's index shows.
    const half = Math.ceil(els.length / 2);
    const rows = els.length > 13 ? [els.slice(0, half), els.slice(half)].map((row) => h("div", { class: "hand-row", style: `--rn:${row.length}` }, row)) : els;
    fill(
      this.handArea,
      h(
        "div",
        {
          class: els.length > 13 ? "hand two-rows" : "hand",
          "data-hand": "",
          "data-count": cards.length,
          style: `--n:${cards.length}`,
          role: active.length ? "group" : null,
          "aria-label": active.length ? (discarding ? t("hand.chooseDiscard") : t("hand.choosePlay")) : null,
        },
        rows,
      ),
    );
  }

  /** A card the user may play: a click (two with play "confirm"), Enter or a drag. */
  private playableCard(el: HTMLElement, c: string): void {
    el.setAttribute("role", "button");
    el.tabIndex = -1;
    const play = (): void => {
      this.picked = null;
      void this.app.act({ type: "play", card: c });
    };
    const confirm = prefs().play === "confirm";
    if (confirm && this.picked === c) {
      el.classList.add("picked");
      el.title = t("prefs.picked");
    }
    el.addEventListener("click", () => {
      if (this.justDragged) return;
      if (!confirm || this.picked === c) return play();
      this.picked = c;
      this.redraw();
    });
    el.addEventListener("keydown", (e) => this.cardKey(e, play));
    el.addEventListener("pointerdown", (e) => this.dragStart(e, c, el));
  }

  /**
   * auto_play: the user's only legal card, played for them after
   * AUTO_PLAY_MS if nothing changed meanwhile (the same version of the
   * table, still their turn to play, no claim waiting).
   */
  private autoPlay(st: TableState, playable: Set<string>): void {
    const single = prefs().auto_play && st.summary.state === "playing" && playable.size === 1;
    const turn = single ? `${st.id}/${st.v}` : "";
    if (turn === this.autoTurn) return;
    this.autoTurn = turn;
    window.clearTimeout(this.autoTimer);
    if (!single) return;
    const [card] = playable;
    this.autoTimer = window.setTimeout(() => {
      const now = this.app.table;
      if (this.autoTurn !== turn || !now || `${now.id}/${now.v}` !== turn || now.claim || now.undo || now.actedV === now.v) return;
      if (now.view?.to_act !== now.seat || now.view.phase !== "play" || !prefs().auto_play) return;
      void this.app.act({ type: "play", card });
    }, AUTO_PLAY_MS);
  }

  /** A card the declarer may choose to discard (of `count`): a click or a key toggles it. */
  private discardable(el: HTMLElement, c: string, count: number): void {
    el.setAttribute("role", "button");
    el.setAttribute("aria-pressed", this.selected.has(c) ? "true" : "false");
    el.tabIndex = -1;
    const toggle = (): void => {
      if (this.selected.has(c)) this.selected.delete(c);
      else if (this.selected.size < count) this.selected.add(c);
      this.redraw();
    };
    el.addEventListener("click", toggle);
    el.addEventListener("keydown", (e) =>
      this.cardKey(e, () => {
        toggle();
        // The last card chosen by the keys: Enter again discards them.
        if (this.selected.size === count) this.handArea.closest(".play-area")?.querySelector<HTMLElement>("#discard")?.focus({ preventScroll: true });
      }),
    );
  }

  /** Keys on a card of the hand: arrows to the next one, Enter or Space to play or choose it. */
  private cardKey(e: KeyboardEvent, press: () => void): void {
    const cards = [...this.handArea.querySelectorAll<HTMLElement>('.card[role="button"]')];
    if (moveFocus(e, cards)) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      press();
    }
  }

  // --- Dragging a card to the table (mouse, pen or touch) -----------------

  private dragStart(e: PointerEvent, card: string, el: HTMLElement): void {
    if (e.button !== 0 || this.drag) return;
    this.drag = { card, el, ghost: null, x0: e.clientX, y0: e.clientY, id: e.pointerId };
  }

  private overTable(x: number, y: number): boolean {
    const r = this.felt.getBoundingClientRect();
    return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  }

  dragMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.ghost) {
      if (Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < 8) return;
      const r = d.el.getBoundingClientRect();
      const ghost = d.el.cloneNode(true) as HTMLElement;
      ghost.classList.add("drag-ghost");
      ghost.removeAttribute("tabindex");
      ghost.removeAttribute("data-card");
      ghost.setAttribute("aria-hidden", "true");
      ghost.style.width = `${r.width}px`;
      ghost.style.height = `${r.height}px`;
      ghost.dataset["w"] = String(r.width);
      ghost.dataset["h"] = String(r.height);
      d.ghost = ghost;
      d.el.classList.add("dragging");
    }
    const w = Number(d.ghost.dataset["w"]);
    const h2 = Number(d.ghost.dataset["h"]);
    d.ghost.style.transform = `translate(${e.clientX - w / 2}px, ${e.clientY - h2 / 2}px)`;
    if (!d.ghost.isConnected) document.body.append(d.ghost); // placed before it is shown
    this.felt.classList.toggle("drop-target", this.overTable(e.clientX, e.clientY));
    e.preventDefault();
  }

  dragEnd(e: PointerEvent, drop: boolean): void {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    this.drag = null;
    if (!d.ghost) return; // a click, not a drag
    d.ghost.remove();
    d.el.classList.remove("dragging");
    this.felt.classList.remove("drop-target");
    // The click that follows the drag's release is not a play.
    this.justDragged = true;
    window.setTimeout(() => (this.justDragged = false), 0);
    if (drop && this.overTable(e.clientX, e.clientY)) void this.app.act({ type: "play", card: d.card });
  }

  private whyNot(v: View, card: string, lead: string | undefined): string {
    const leadSuit = lead ? suitOf(lead) : null;
    const suit = suitOf(card);
    if (leadSuit && suit !== leadSuit && v.hand.some((c) => suitOf(c) === leadSuit)) {
      return t("hand.followSuit", { suit: suitName(leadSuit) });
    }
    if (v.trump && v.trump !== "NT" && suit !== v.trump && this.app.table?.summary.variant === "exact") {
      return t("hand.mustTrump");
    }
    if (!suit && leadSuit) return t("hand.joker");
    return t("hand.notNow");
  }
}
