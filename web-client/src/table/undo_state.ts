// Undo by consent (docs/rules.md, "Undo"), the table's state of it: an
// undo asked for, from its `undo_asked` event (or the state answer's
// `undo`) until one refusal or its `action`, and the undo applied to the
// view, for the seats and the watchers alike (a watcher gets no view): the
// card out of the trick, or the trick it completed open again without it
// (one trick less for its winner), and back in its player's hand. game.ts
// applies the events with these; the banner and the Undo button are
// undo.ts's.
import { cardText } from "../core/cards";
import type { TableEvent, UndoState, View } from "../core/types";
import { t } from "../i18n";

/** An undo waiting for the answers of everyone else at the table: play and the clocks stop. */
export interface PendingUndo {
  seat: number;
  card: string;
  /** The seats that agreed so far (the computers at once). */
  accepted: Set<number>;
}

/** The parts of the table's state an undo changes (game.ts's TableState). */
interface UndoHolder {
  seat: number | null;
  undo: PendingUndo | null;
  turnSince: number;
  turnDeadline?: number | null;
}

/** A notice of the table's, put in words when shown. */
type Notice = () => string;

/** The undo of a state answer (a reload, a late watcher), or null. */
export function pendingUndo(u: UndoState | undefined): PendingUndo | null {
  return u ? { seat: u.seat, card: u.card, accepted: new Set(u.accepted) } : null;
}

/** `undo_asked` (the undo waits) or `undo_answer` (an agreement, or a refusal that ends it: play goes on, the turn clock from the start). */
export function undoEvent(st: UndoHolder, ev: TableEvent, seat: number, name: string): Notice {
  if (ev.type === "undo_asked") {
    const card = String(ev["card"] ?? "");
    st.undo = { seat, card, accepted: new Set() };
    st.turnDeadline = null;
    return () => t("undo.asks", { name, card: cardText(card) });
  }
  if (ev["accept"] === true) {
    st.undo?.accepted.add(seat);
    return () => t("notice.undoAgrees", { name });
  }
  st.undo = null;
  st.turnSince = Date.now();
  st.turnDeadline = undefined;
  const timeout = ev["timeout"] === true;
  return () => (timeout ? t("notice.undoTimedOut", { name }) : t("notice.undoRefused", { name }));
}

/** The undo applied (its `action`, everyone agreed): the card taken back; the event's phase and seat to act follow (the asker's turn again). */
export function undone(st: UndoHolder, v: View, a: { seat: number; card?: string }, name: string): Notice {
  st.undo = null;
  const card = a.card ?? "";
  takeBack(v, a.seat, card, a.seat === st.seat);
  return () => t("notice.undoApplied", { name, card: cardText(card) });
}

/** The card out of the trick in play, or the trick it completed back in play without it; in its player's hand again. */
export function takeBack(v: View, seat: number, card: string, mine: boolean): void {
  const last = v.tricks[v.tricks.length - 1];
  if (v.trick.cards.includes(card)) {
    v.trick.cards = v.trick.cards.filter((c) => c !== card);
  } else if (v.trick.cards.length === 0 && last?.cards.includes(card)) {
    v.tricks.pop();
    v.tricks_won[last.winner] = Math.max(0, (v.tricks_won[last.winner] ?? 1) - 1);
    v.trick = { leader: last.leader, cards: last.cards.filter((c) => c !== card) };
  } else {
    return; // not in sight (a view that had it taken back already)
  }
  v.hand_counts[seat] = (v.hand_counts[seat] ?? 0) + 1;
  if (mine && !v.hand.includes(card)) v.hand.push(card);
}

/** The last card played in the deal and its seat, or null (none yet, or the deal's last card: the deal is over). */
export function lastCard(v: View, n: number): { seat: number; card: string } | null {
  const k = v.trick.cards.length;
  if (k > 0) return { seat: (v.trick.leader + k - 1) % n, card: v.trick.cards[k - 1] ?? "" };
  const last = v.tricks[v.tricks.length - 1];
  const card = last?.cards[last.cards.length - 1];
  return last && card ? { seat: (last.leader + last.cards.length - 1) % n, card } : null;
}
