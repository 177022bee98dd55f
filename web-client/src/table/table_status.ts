// The status bar above the table: the deal, trumps, the turned card or the
// contract, the kitty, and the score with its target.
import { cardFace, SUIT_NAMES, suitIcon, type Suit } from "../core/cards";
import { h } from "../core/dom";
import { seatName, sideName, type TableState } from "./game";
import { hasSides, MODE_LABELS } from "../core/rules";
import { countdown, waitingText } from "../core/schedule";
import type { View } from "../core/types";

/** The status bar's items; `creator`: the user created the table (and may add computers). */
export function statusItems(st: TableState, v: View | null, creator: boolean): HTMLElement[] {
  const t = st.summary;
  if (!v || v.deal < 0) {
    const free = t.seats.filter((s) => s.name === null).length;
    return [
      h(
        "div",
        { class: "chip wide" },
        t.state === "open" ? waitingText(t, free) : "Waiting for the game.",
        t.settings.kind === "play" && free > 0
          ? h(
              "small",
              { class: "hint", "data-role": "quick-wait" },
              t.fill_at
                ? [" Computer players take the free seats ", countdown(t.fill_at), "; people who come before sit here."]
                : " People who come sit here; after a short wait, computer players take the free seats.",
            )
          : null,
        t.settings.kind === "compete"
          ? h("small", { class: "hint" }, ` Each seat pays the buy-in of ${t.settings.buy_in ?? 0} chips when the game starts.`)
          : null,
        creator && free > 0 && t.settings.kind !== "compete" && t.settings.kind !== "play"
          ? h("small", { class: "hint" }, " You may fill a seat with a computer player: “Add computer”.")
          : null,
      ),
    ];
  }
  // The deal's chips on one line, the score beside them (under them on a
  // phone): the bar keeps its height all the game, so the felt and the hand
  // below it stay where they are. (Bid whist's contract and kitty are on the
  // felt, in its free corners.)
  const items: HTMLElement[] = [];
  items.push(h("div", { class: "chip" }, h("span", { class: "k" }, "Deal"), ` ${v.deal + 1}`, t.variant === "exact" ? ` · ${v.hand_size} cards` : null));
  items.push(h("div", { class: "chip", "data-role": "trump" }, h("span", { class: "k" }, "Trumps"), " ", trumpLabel(v)));
  if (v.turned) {
    items.push(
      h(
        "div",
        {
          class: "chip turned",
          title:
            t.variant === "classic" ? "the dealer's last card, turned up: it names trumps and stays in the dealer's hand" : "the turned card: it names trumps",
        },
        h("span", { class: "k" }, "Turned"),
        cardFace(v.turned, "tiny"),
      ),
    );
  }
  return [h("div", { class: "deal-chips" }, items), scoreChip(st, v)];
}

/** Bid whist: the contract (the highest bid while bidding), and the kitty when the user may see it; for the felt's top corners. */
export function contractBox(st: TableState, v: View | null): HTMLElement | null {
  if (!v?.contract) return null;
  const c = v.contract;
  return h(
    "div",
    { class: "corner-box contract", "data-role": "contract" },
    h("span", { class: "k" }, v.phase === "bidding" ? "High bid" : "Contract"),
    h("b", null, `${c.level} ${MODE_LABELS[c.mode] ?? c.mode}`),
    h("span", null, ` by ${seatName(st, c.declarer)}`),
    h("small", { class: "needs" }, `needs ${6 + c.level} tricks`),
  );
}

export function kittyBox(v: View | null): HTMLElement | null {
  if (!v?.kitty || v.kitty.length === 0) return null;
  return h(
    "div",
    { class: "corner-box kitty", "data-role": "kitty" },
    h("span", { class: "k" }, "Kitty"),
    h(
      "span",
      { class: "kitty-cards" },
      v.kitty.map((c) => cardFace(c, "tiny")),
    ),
  );
}

function scoreChip(st: TableState, v: View): HTMLElement {
  const t = st.summary;
  const target = t.variant === "exact" ? "" : `to ${t.options["play_to"]}`;
  if (hasSides(t)) {
    const tricks = [0, 1].map((side) => (v.tricks_won[side] ?? 0) + (v.tricks_won[side + 2] ?? 0));
    if (t.variant === "bid" && v.contract && v.phase === "play") {
      const side = v.contract.declarer % 2;
      tricks[side] = (tricks[side] ?? 0) + 1; // the book
    }
    return h(
      "div",
      { class: "chip score", "data-role": "score" },
      h("span", { class: "k" }, `Score ${target}`),
      h(
        "span",
        { class: "sides" },
        [0, 1].map((side) =>
          h(
            "span",
            { class: `side side-${side}` },
            h("b", null, String(v.scores[side] ?? 0)),
            h("span", { class: "names" }, sideName(st, side)),
            v.phase === "play" ? h("small", null, `${tricks[side]} trick${tricks[side] === 1 ? "" : "s"}`) : null,
          ),
        ),
      ),
    );
  }
  return h(
    "div",
    { class: "chip score", "data-role": "score" },
    h("span", { class: "k" }, "Score"),
    h(
      "span",
      { class: "sides" },
      v.scores.map((sc, i) => h("span", { class: "side" }, h("b", null, String(sc)), h("span", { class: "names" }, seatName(st, i)))),
    ),
  );
}

function trumpLabel(v: View): (Element | string)[] {
  if (v.trump === null) return [v.phase === "bidding" || v.phase === "discard" || v.phase === "choose" ? "to be named" : "—"];
  if (v.trump === "NT") return [h("b", null, `No trump${v.contract || v.downtown ? (v.downtown ? ", downtown" : ", uptown") : ""}`)];
  const st = v.trump as Suit;
  return [suitIcon(st, `suit big suit-${st}`), h("b", null, ` ${SUIT_NAMES[st]}`), v.downtown ? " (downtown)" : ""];
}
