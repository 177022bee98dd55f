// The cards' motion at the table, with the Web Animations API and FLIP
// (where a card was drawn before a redraw, where it is after, and a
// transform from the one to the other): a new deal's cards come from the
// dealer's seat (the hand and the others' fans); a card played flies to
// the trick from its player's seat (one's own from its place in the hand);
// a finished trick, shown with its winner's card marked until the next
// card is led or the next deal comes (the felt, table_felt.ts), is then
// swept to the winner's seat. Each animation is a transform of at most
// MAX_MS, started after a redraw on the elements just drawn, and nothing
// waits for one: the cards take clicks and keys at once. A redraw in the
// middle of one carries it on to the card's new element. None under the
// system's reduced motion, nor when the user turned motion off (the
// speaker's popover or the preferences; prefs.ts).
import { prefs } from "../prefs";
import type { TableState } from "./game";
import type { View } from "../core/types";

/** The longest animation, in ms (each kind's below is shorter). */
export const MAX_MS = 300;
const PLAY_MS = 260;
const SWEEP_MS = 280;
const DEAL_MS = 240;
/** The hand's cards start one after another within this (ms), before their DEAL_MS. */
const DEAL_SPREAD_MS = 60;
const EASE_IN_PLACE = "cubic-bezier(0.2, 0.7, 0.3, 1)";

const REDUCE = "(prefers-reduced-motion: reduce)";

/** Whether the cards move: the user's preference, and the system's. */
export function motionWanted(): boolean {
  if (!prefs().motion) return false;
  if (typeof Element === "undefined" || typeof Element.prototype.animate !== "function") return false;
  return !(typeof matchMedia === "function" && matchMedia(REDUCE).matches);
}

/** A card of the trick as it was drawn before a redraw. */
interface Shown {
  card: string;
  rect: DOMRect;
  clone: HTMLElement;
  winner: boolean;
}

/** An animation under way on an element that a redraw replaces. */
interface Running {
  keyframes: Keyframe[];
  timing: KeyframeAnimationOptions;
  time: number;
}

const center = (r: DOMRect): [number, number] => [r.left + r.width / 2, r.top + r.height / 2];

/** Every card played in the view's deal (the tricks and the trick in play). */
function playedCards(v: View | null): Set<string> {
  return new Set(v ? [...v.tricks.flatMap((t) => t.cards), ...v.trick.cards] : []);
}

/** Which card or fan an element is, the same across redraws. */
function keyOf(el: HTMLElement): string {
  if (el.classList.contains("fan")) return `f:${el.closest<HTMLElement>(".seat")?.dataset["seat"] ?? ""}`;
  return `${el.closest(".trick") ? "t" : "h"}:${el.dataset["card"] ?? ""}`;
}

export class Motion {
  /** The table, deal and cards played as last drawn (null: not drawn yet). */
  private table: number | null = null;
  private deal: number | null = null;
  private played = new Set<string>();
  /** The deal whose hand was drawn, and the deal that began in front of the user. */
  private handDeal: number | null = null;
  private liveDeal: number | null = null;
  /** Before the redraw: the trick's cards (not a last trick looked at again), the hand's places, the animations under way. */
  private trick: Shown[] = [];
  private trickWinner: number | null = null;
  private hand = new Map<string, DOMRect>();
  private running = new Map<string, Running>();

  constructor(
    private readonly felt: HTMLElement,
    private readonly handArea: HTMLElement,
  ) {}

  /** The table is left: a trick's cards on their way to its winner (over the page, not the table) go at once. */
  dispose(): void {
    for (const ghost of document.querySelectorAll(".card.sweep-ghost")) ghost.remove();
  }

  /** Before a redraw: where the cards are, and the animations under way. */
  before(): void {
    this.trick = [];
    this.trickWinner = null;
    this.hand.clear();
    this.running.clear();
    if (!motionWanted()) return;
    const trick = this.felt.querySelector<HTMLElement>(".trick");
    if (trick && trick.dataset["shown"] !== "last") {
      const winner = trick.querySelector<HTMLElement>(".slot.winner");
      this.trickWinner = winner ? Number(winner.dataset["seat"]) : null;
      for (const el of trick.querySelectorAll<HTMLElement>(".card[data-card]")) {
        const clone = el.cloneNode(true) as HTMLElement;
        this.trick.push({ card: el.dataset["card"] ?? "", rect: el.getBoundingClientRect(), clone, winner: !!el.closest(".slot.winner") });
      }
    }
    for (const el of this.handArea.querySelectorAll<HTMLElement>(".card[data-card]")) this.hand.set(el.dataset["card"] ?? "", el.getBoundingClientRect());
    for (const el of this.felt.querySelectorAll<HTMLElement>(".trick .card[data-card], .fan")) this.keep(el);
    for (const el of this.handArea.querySelectorAll<HTMLElement>(".card[data-card]")) this.keep(el);
  }

  private keep(el: HTMLElement): void {
    for (const a of el.getAnimations()) {
      if (!a.id.startsWith("motion") || a.playState !== "running" || !(a.effect instanceof KeyframeEffect)) continue;
      const tm = a.effect.getTiming();
      const timing: KeyframeAnimationOptions = { id: a.id, duration: tm.duration, delay: tm.delay, easing: tm.easing, fill: tm.fill };
      this.running.set(keyOf(el), { keyframes: a.effect.getKeyframes(), timing, time: Number(a.currentTime ?? 0) });
    }
  }

  /** After a redraw: the cards dealt, played and swept since the last one. */
  after(st: TableState): void {
    const v = st.view;
    const live = this.table === st.id; // this table was drawn before: what changed happened now (not a reload)
    const started = new Set<Element>();
    if (live && v && motionWanted()) {
      const sameDeal = v.deal === this.deal;
      if (v.deal >= 0 && !sameDeal) {
        this.liveDeal = v.deal;
        for (const fan of this.felt.querySelectorAll<HTMLElement>(".fan")) this.deal1(fan, v, 0, started);
      }
      const hand = [...this.handArea.querySelectorAll<HTMLElement>(".card[data-card]")];
      if (hand.length > 0 && this.handDeal !== v.deal && this.liveDeal === v.deal && v.tricks.length === 0) {
        hand.forEach((el, k) => this.deal1(el, v, hand.length > 1 ? Math.round((k * DEAL_SPREAD_MS) / (hand.length - 1)) : 0, started));
      }
      this.fly(st, v, sameDeal ? this.played : new Set(), started);
      this.sweep(v, st.summary.players, sameDeal, started);
      this.carryOn(started);
    }
    this.table = st.id;
    this.deal = v ? v.deal : null;
    this.played = playedCards(v);
    if (v && this.handArea.querySelector(".card[data-card]")) this.handDeal = v.deal;
  }

  /** The seat's element, or null. */
  private seat(i: number): HTMLElement | null {
    return this.felt.querySelector<HTMLElement>(`.seat[data-seat="${i}"]`);
  }

  /** One card (or fan) dealt: from the dealer's seat to its place. */
  private deal1(el: HTMLElement, v: View, delay: number, started: Set<Element>): void {
    const from = this.seat(v.dealer);
    if (!from) return;
    const [x0, y0] = center(from.getBoundingClientRect());
    const [x1, y1] = center(el.getBoundingClientRect());
    const keyframes = [
      { transform: `translate(${x0 - x1}px, ${y0 - y1}px) scale(0.4)`, opacity: 0 },
      { transform: "none", opacity: 1 },
    ];
    el.animate(keyframes, { id: "motion-deal", duration: DEAL_MS, delay, easing: EASE_IN_PLACE, fill: "backwards" });
    started.add(el);
  }

  /** The cards played since the last redraw fly to the trick from their players' seats (one's own from the hand). */
  private fly(st: TableState, v: View, before: Set<string>, started: Set<Element>): void {
    const trick = this.felt.querySelector<HTMLElement>(".trick");
    if (!trick || trick.dataset["shown"] === "last") return;
    const played = playedCards(v);
    for (const el of trick.querySelectorAll<HTMLElement>(".card[data-card]")) {
      const card = el.dataset["card"] ?? "";
      if (before.has(card) || !played.has(card)) continue;
      const seat = Number(el.closest<HTMLElement>(".slot")?.dataset["seat"]);
      const last = el.getBoundingClientRect();
      let first = seat === st.seat ? this.hand.get(card) : undefined;
      let scale = first ? first.width / last.width : 0.5;
      if (!first) {
        const s = this.seat(seat);
        if (!s) continue;
        first = (s.querySelector(".fan") ?? s).getBoundingClientRect();
        scale = 0.5;
      }
      const [x0, y0] = center(first);
      const [x1, y1] = center(last);
      const keyframes = [{ transform: `translate(${x0 - x1}px, ${y0 - y1}px) scale(${scale.toFixed(3)})` }, { transform: "none" }];
      el.animate(keyframes, { id: "motion-play", duration: PLAY_MS, easing: EASE_IN_PLACE });
      started.add(el);
    }
  }

  /**
   * The trick drawn before, now taken away (the next card led, or a new
   * deal), goes to its winner's seat: copies of its cards, over the page
   * and under no click, that fade as they go and are removed at the end.
   */
  private sweep(v: View, n: number, sameDeal: boolean, started: Set<Element>): void {
    if (this.trick.length === 0) return;
    const shown = new Set([...this.felt.querySelectorAll<HTMLElement>(".trick .card[data-card]")].map((e) => e.dataset["card"]));
    for (const s of this.trick) {
      if (shown.has(s.card)) continue;
      const taken = sameDeal ? v.tricks.find((t) => t.cards.includes(s.card)) : undefined;
      const winner = taken ? taken.winner : sameDeal ? null : this.trickWinner;
      const to = winner === null ? null : this.seat(winner);
      if (!to) continue;
      // The winner's card marked (as the finished trick marks it), also when that trick was never drawn finished.
      const won = taken ? taken.cards[(taken.winner - taken.leader + n) % n] === s.card : s.winner;
      const ghost = s.clone;
      ghost.classList.add("sweep-ghost");
      if (won) ghost.classList.add("winner");
      ghost.removeAttribute("data-card");
      ghost.setAttribute("aria-hidden", "true");
      Object.assign(ghost.style, { left: `${s.rect.left}px`, top: `${s.rect.top}px`, width: `${s.rect.width}px`, height: `${s.rect.height}px` });
      document.body.append(ghost);
      const [x0, y0] = center(s.rect);
      const [x1, y1] = center(to.getBoundingClientRect());
      const keyframes = [
        { transform: "none", opacity: 1 },
        { transform: `translate(${x1 - x0}px, ${y1 - y0}px) scale(0.35)`, opacity: 0.15 },
      ];
      const a = ghost.animate(keyframes, { id: "motion-sweep", duration: SWEEP_MS, easing: "ease-in", fill: "forwards" });
      const done = (): void => ghost.remove();
      a.addEventListener("finish", done);
      a.addEventListener("cancel", done);
      started.add(ghost);
    }
  }

  /** The animations a redraw cut short go on, on the new elements of the same cards. */
  private carryOn(started: Set<Element>): void {
    if (this.running.size === 0) return;
    const els = [
      ...this.felt.querySelectorAll<HTMLElement>(".trick .card[data-card], .fan"),
      ...this.handArea.querySelectorAll<HTMLElement>(".card[data-card]"),
    ];
    for (const el of els) {
      const r = this.running.get(keyOf(el));
      if (!r || started.has(el)) continue;
      const a = el.animate(r.keyframes, r.timing);
      a.currentTime = r.time;
    }
  }
}
