// The status bar above the table: the deal, trumps, the turned card or the
// contract, the kitty, and the score with its target (and a rubber's games won).
import { cardFace, suitIcon, suitName, type Suit } from "../core/cards";
import { h } from "../core/dom";
import { seatName, sideName, type TableState } from "./game";
import { bidName, hasSides, modeName } from "../core/rules";
import { countdown, waitingText } from "../core/schedule";
import { gamesText, isRubber } from "./rubber";
import type { View } from "../core/types";
import { num } from "../i18n/format";
import { t, tx } from "../i18n";

/** The status bar's items; `creator`: the user created the table (and may add computers). */
export function statusItems(st: TableState, v: View | null, creator: boolean): HTMLElement[] {
  const table = st.summary;
  if (!v || v.deal < 0) {
    const free = table.seats.filter((s) => s.name === null).length;
    const kind = table.settings.kind;
    return [
      h(
        "div",
        { class: "chip wide" },
        table.state === "open" ? waitingText(table, free) : t("status.waitingGame"),
        kind === "play" && free > 0
          ? h(
              "small",
              { class: "hint", "data-role": "quick-wait" },
              " ",
              table.fill_at ? tx("status.quickFillAt", { left: countdown(table.fill_at) }) : t("status.quickFill"),
            )
          : null,
        kind === "compete"
          ? h("small", { class: "hint" }, " ", t("status.competeBuyIn", { n: table.settings.buy_in ?? 0, amount: num(table.settings.buy_in ?? 0) }))
          : null,
        creator && free > 0 && kind !== "compete" && kind !== "play" ? h("small", { class: "hint" }, " ", t("status.addComputer")) : null,
      ),
    ];
  }
  // The deal's chips on one line, the score beside them (under them on a
  // phone): the bar keeps its height all the game, so the felt and the hand
  // below it stay where they are. (Bid whist's contract and kitty are on the
  // felt, in its free corners.)
  const items: HTMLElement[] = [];
  items.push(
    h(
      "div",
      { class: "chip" },
      // At an event, deal k is board first_board + k.
      table.event
        ? [h("span", { class: "k" }, t("status.board")), ` ${table.event.first_board + v.deal}`]
        : [h("span", { class: "k" }, t("status.deal")), ` ${v.deal + 1}`],
      table.variant === "exact" ? ` · ${t("status.cards", { n: v.hand_size })}` : null,
    ),
  );
  items.push(h("div", { class: "chip", "data-role": "trump" }, h("span", { class: "k" }, t("status.trumps")), " ", trumpLabel(v)));
  if (v.turned) {
    items.push(
      h(
        "div",
        {
          class: "chip turned",
          title: table.variant === "classic" ? t("status.turnedClassic") : t("status.turnedTitle"),
        },
        h("span", { class: "k" }, t("status.turned")),
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
    h("span", { class: "k" }, v.phase === "bidding" ? t("status.highBid") : t("status.contract")),
    h("b", null, bidName(c.level, c.mode)),
    h("span", null, " ", t("status.by", { name: seatName(st, c.declarer) })),
    h("small", { class: "needs" }, t("status.needs", { n: 6 + c.level })),
  );
}

export function kittyBox(v: View | null): HTMLElement | null {
  if (!v?.kitty || v.kitty.length === 0) return null;
  return h(
    "div",
    { class: "corner-box kitty", "data-role": "kitty" },
    h("span", { class: "k" }, t("status.kitty")),
    h(
      "span",
      { class: "kitty-cards" },
      v.kitty.map((c) => cardFace(c, "tiny")),
    ),
  );
}

function scoreChip(st: TableState, v: View): HTMLElement {
  const table = st.summary;
  // An event's boards are scored each alone: no score to reach.
  const target = table.variant === "exact" || table.event ? "" : String(table.options["play_to"]);
  if (hasSides(table)) {
    const tricks = [0, 1].map((side) => (v.tricks_won[side] ?? 0) + (v.tricks_won[side + 2] ?? 0));
    if (table.variant === "bid" && v.contract && v.phase === "play") {
      const side = v.contract.declarer % 2;
      tricks[side] = (tricks[side] ?? 0) + 1; // the book
    }
    return h(
      "div",
      { class: "chip score", "data-role": "score" },
      h(
        "span",
        { class: "k" },
        target ? t("status.scoreTo", { n: target }) : t("status.score"),
        // A rubber: the games each side has won ("Games 1–0").
        isRubber(table) ? [" · ", h("span", { "data-role": "games", title: t("status.gamesTitle") }, gamesText(v.games ?? []))] : null,
      ),
      h(
        "span",
        { class: "sides" },
        [0, 1].map((side) =>
          h(
            "span",
            { class: `side side-${side}` },
            h("b", null, String(v.scores[side] ?? 0)),
            h("span", { class: "names" }, sideName(st, side)),
            v.phase === "play" ? h("small", null, t("status.tricks", { n: tricks[side] ?? 0 })) : null,
          ),
        ),
      ),
    );
  }
  return h(
    "div",
    { class: "chip score", "data-role": "score" },
    h("span", { class: "k" }, t("status.score")),
    h(
      "span",
      { class: "sides" },
      v.scores.map((sc, i) => h("span", { class: "side" }, h("b", null, String(sc)), h("span", { class: "names" }, seatName(st, i)))),
    ),
  );
}

function trumpLabel(v: View): (Element | string)[] {
  if (v.trump === null) return [v.phase === "bidding" || v.phase === "discard" || v.phase === "choose" ? t("status.toBeNamed") : "—"];
  if (v.trump === "NT") {
    const direction = v.contract || v.downtown ? (v.downtown ? "downtown" : "uptown") : null;
    return [h("b", null, direction ? t("status.noTrumpDirection", { mode: modeName(direction) }) : t("status.noTrump"))];
  }
  const st = v.trump as Suit;
  return [suitIcon(st, `suit big suit-${st}`), h("b", null, ` ${suitName(st)}`), v.downtown ? ` ${t("status.downtown")}` : ""];
}
