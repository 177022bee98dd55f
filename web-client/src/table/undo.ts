// Undo by consent (docs/rules.md, "Undo"), at a table that allows it: once
// the user has played a card, until the next card is played (and not when
// it ended the deal), "Undo" beside the prompt (or the U key) asks to take
// it back (table.undo). While the undo waits, everyone reads it in a banner
// instead of the turn's prompt: who asks to take back which card, who has
// agreed (the computers at once), and Agree and Refuse for each other
// person seated who has not answered (table.undo_answer); the others read
// whom the table waits for. Its state is the table's (undo_state.ts).
import type { App } from "../app";
import { cardFace, cardText } from "../core/cards";
import { h } from "../core/dom";
import { byPointer } from "../core/pointer";
import type { TableSummary, View } from "../core/types";
import { list } from "../i18n/format";
import { t } from "../i18n";
import { isComputer, seatName, type TableState } from "./game";
import { lastCard } from "./undo_state";

/** Whether the user may ask for an undo now: the last card played is theirs, the deal goes on, nothing waits. */
export function undoOffered(st: TableState, v: View | null): boolean {
  if (!v || st.seat === null || !st.summary.settings.undo || st.undo || st.claim || v.game_over || v.phase !== "play") return false;
  return lastCard(v, st.summary.players)?.seat === st.seat;
}

/** Asks to take back the user's last card. */
export function askUndo(app: App): void {
  void app.tableRequest("table.undo");
}

/** The Undo button (with its key on a device with a keyboard), or null when no undo is offered. */
export function undoButton(app: App, st: TableState, v: View | null): HTMLElement | null {
  if (!undoOffered(st, v)) return null;
  const ask = (e: Event): void => {
    (e.currentTarget as HTMLButtonElement).disabled = true;
    askUndo(app);
  };
  return h(
    "div",
    { class: "suggest-row undo-row" },
    h("button", { type: "button", id: "undo", "data-key": "undo", title: t("undo.title"), "aria-keyshortcuts": "U", onclick: ask }, t("undo.button")),
    byPointer(h("small", { class: "keys-hint" }, t("undo.key")), null),
  );
}

/** An undo waiting for its answers: who asks to take back which card, who agreed, and Agree and Refuse (or whom the table waits for). */
export function undoBanner(app: App, st: TableState): HTMLElement | null {
  const u = st.undo;
  if (!u) return null;
  const name = seatName(st, u.seat);
  const others = st.summary.seats.map((_, i) => i).filter((i) => i !== u.seat);
  const waiting = others.filter((s) => !u.accepted.has(s));
  const asked = st.seat !== null && st.seat !== u.seat && waiting.includes(st.seat) && !isComputer(st, st.seat);
  const agreed = others.filter((s) => u.accepted.has(s)).map((s) => seatName(st, s));
  const answer = (accept: boolean) => (e: Event) => {
    for (const b of (e.currentTarget as HTMLElement).parentElement?.querySelectorAll("button") ?? []) b.disabled = true;
    void app.tableRequest("table.undo_answer", { accept });
  };
  return h(
    "div",
    { class: "prompt undo-banner", "data-role": "undo", "data-seat": u.seat, "data-card": u.card },
    h("p", { class: "undo-text" }, cardFace(u.card, "tiny"), " ", t("undo.asks", { name, card: cardText(u.card) })),
    agreed.length > 0 ? h("p", { class: "undo-agreed", "data-role": "undo-agreed" }, t("undo.agreed", { names: list(agreed) })) : null,
    asked
      ? h(
          "div",
          { class: "claim-buttons undo-buttons" },
          h("small", null, t("undo.ask", { name })),
          h("button", { type: "button", class: "primary", id: "undo-agree", "data-key": "undo-agree", onclick: answer(true) }, t("undo.agree")),
          h("button", { type: "button", id: "undo-refuse", "data-key": "undo-refuse", onclick: answer(false) }, t("undo.refuse")),
        )
      : h("p", { class: "waiting", "data-role": "undo-waiting" }, t("undo.waiting", { names: list(waiting.map((s) => seatName(st, s))) })),
  );
}

/** The table head's badge at a table that allows undo. */
export function undoBadge(table: TableSummary): HTMLElement | null {
  return table.settings.undo ? h("span", { class: "badge undo-badge", "data-role": "undo-badge", title: t("undo.badgeTitle") }, t("undo.badge")) : null;
}
