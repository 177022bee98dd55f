// Cards: names as the server writes them ("TS", "AH", "RJ"), drawn with
// CSS and inline SVG suit symbols; sorting a hand by suit.
import { h, s } from "./dom";
import { capitalize, t, type Key } from "../i18n";
import { prefs } from "../prefs";

export type Suit = "S" | "H" | "D" | "C";
export const SUITS: Suit[] = ["S", "H", "D", "C"];

const SUIT_KEYS: Record<Suit, Key> = { S: "suit.S", H: "suit.H", D: "suit.D", C: "suit.C" };

/** A suit's name: "spades", "pică", "picche". */
export function suitName(suit: Suit): string {
  return t(SUIT_KEYS[suit]);
}

export const SUIT_SYMBOLS: Record<Suit, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };

const RANKS = "23456789TJQKA";
const RANK_KEYS: Record<string, Key> = { J: "rank.J", Q: "rank.Q", K: "rank.K", A: "rank.A" };

export function isJoker(card: string): boolean {
  return card === "RJ" || card === "BJ";
}

export function suitOf(card: string): Suit | null {
  if (isJoker(card)) return null;
  const c = card[1];
  return c === "S" || c === "H" || c === "D" || c === "C" ? c : null;
}

export function rankOf(card: string): string {
  return card[0] ?? "?";
}

export function rankValue(card: string): number {
  if (card === "RJ") return 16;
  if (card === "BJ") return 15;
  return RANKS.indexOf(rankOf(card)) + 2;
}

export function isRed(card: string): boolean {
  const st = suitOf(card);
  return card === "RJ" || st === "H" || st === "D";
}

export function rankLabel(card: string): string {
  const r = rankOf(card);
  return r === "T" ? "10" : r;
}

/** "10 of spades", "red joker": for titles and screen readers. */
export function cardName(card: string): string {
  if (card === "RJ") return t("card.redJoker");
  if (card === "BJ") return t("card.blackJoker");
  const st = suitOf(card);
  const r = rankOf(card);
  const rank = RANK_KEYS[r];
  return t("card.name", { rank: rank ? t(rank) : rankLabel(card), suit: st ? suitName(st) : "?" });
}

/** "10♠": short text. */
export function cardText(card: string): string {
  if (isJoker(card)) return capitalize(cardName(card));
  const st = suitOf(card);
  return rankLabel(card) + (st ? SUIT_SYMBOLS[st] : "");
}

// Suit symbols on a 100 x 100 box.
const SUIT_PATHS: Record<Suit, string> = {
  H: "M50 90C22 66 5 49 5 29 5 15 16 5 29 5c9 0 17 5 21 13 4-8 12-13 21-13 13 0 24 10 24 24 0 20-17 37-45 61z",
  D: "M50 3 86 50 50 97 14 50z",
  S: "M50 4C40 22 7 38 7 61c0 14 11 24 24 24 7 0 13-3 17-8-1 8-5 14-13 19h30c-8-5-12-11-13-19 4 5 10 8 17 8 13 0 24-10 24-24C93 38 60 22 50 4z",
  C: "M31 28a19 19 0 1 0 38 0a19 19 0 1 0-38 0zM10 59a19 19 0 1 0 38 0a19 19 0 1 0-38 0zM52 59a19 19 0 1 0 38 0a19 19 0 1 0-38 0zM38 40h24v24H38zM46 60c0 16-5 27-14 36h36c-9-9-14-20-14-36z",
};

export function suitIcon(st: Suit, cls = "suit"): SVGSVGElement {
  return s("svg", { class: `${cls} suit-${st}`, viewBox: "0 0 100 100", "aria-hidden": "true" }, s("path", { d: SUIT_PATHS[st] }));
}

export function jokerIcon(cls = "suit"): SVGSVGElement {
  return s("svg", { class: cls, viewBox: "0 0 100 100", "aria-hidden": "true" }, s("path", { d: "M50 4l13 32 35 3-27 22 9 34-30-19-30 19 9-34L2 39l35-3z" }));
}

/** A face-up card. `data-card` holds its name. */
export function cardFace(card: string, extraClass = ""): HTMLDivElement {
  const st = suitOf(card);
  const colour = isRed(card) ? "red" : "black";
  const title = cardName(card);
  if (!st) {
    return h(
      "div",
      { class: `card face joker ${colour} ${extraClass}`, "data-card": card, title, role: "img", "aria-label": title },
      h("span", { class: "corner" }, h("span", { class: "rank" }, t("card.jokerCorner")), jokerIcon("corner-suit")),
      h("span", { class: "pip" }, jokerIcon("pip-suit")),
      h("span", { class: "joker-word" }, t("card.jokerWord")),
    );
  }
  return h(
    "div",
    { class: `card face ${colour} ${extraClass}`, "data-card": card, title, role: "img", "aria-label": title },
    h("span", { class: "corner" }, h("span", { class: "rank" }, rankLabel(card)), suitIcon(st, "corner-suit")),
    h("span", { class: "pip" }, suitIcon(st, "pip-suit")),
  );
}

/** A face-down card. */
export function cardBack(extraClass = ""): HTMLDivElement {
  return h("div", { class: `card back ${extraClass}`, "aria-hidden": "true" });
}

// The order of suits in a hand: trumps first, then alternating colours
// (the preference alternate_colours), or trumps first and the others in the
// order of SUITS (spades, hearts, diamonds, clubs).
const SUIT_ORDERS: Record<string, Suit[]> = {
  S: ["S", "H", "C", "D"],
  H: ["H", "S", "D", "C"],
  C: ["C", "H", "S", "D"],
  D: ["D", "S", "H", "C"],
  none: ["S", "H", "C", "D"],
};

/** How a hand is sorted: the user's preferences (prefs.ts). */
export interface HandOrder {
  card_order: "descending" | "ascending";
  alternate_colours: boolean;
}

/**
 * A hand sorted by suit (jokers first, then trumps, then the others in
 * alternating colours or not), high cards first or low cards first, as the
 * user prefers.
 */
export function sortHand(cards: string[], trump: string | null, how: HandOrder = prefs()): string[] {
  const t = trump && trump in SUIT_ORDERS ? (trump as Suit) : null;
  const order = how.alternate_colours ? (SUIT_ORDERS[t ?? "none"] ?? SUITS) : t ? [t, ...SUITS.filter((x) => x !== t)] : SUITS;
  const sign = how.card_order === "ascending" ? 1 : -1;
  const key = (c: string): number => {
    const st = suitOf(c);
    const group = st ? order.indexOf(st) + 1 : 0;
    // Jokers (group 0) keep the higher one first whatever the order.
    return group * 100 + (st ? sign * rankValue(c) : -rankValue(c));
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}
