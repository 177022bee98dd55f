// The felt: the seats around the table (names, badges, calls, tricks
// taken, who is to act, the backs of the others' cards) and, in the
// middle, the trick in play or the last one.
import { cardBack, cardFace } from "../core/cards";
import { h, fill } from "../core/dom";
import { computerBadge, playerName, ratingTag } from "../core/players";
import { callText, isComputer, seatName, type TableState } from "./game";
import { contractBox, kittyBox } from "./table_status";
import type { View } from "../core/types";
import { t, type Key } from "../i18n";

// Where each seat sits, from the user's seat (bottom) going to the left
// (the replay viewer's too, from seat 0).
export const POSITIONS: Record<number, string[]> = {
  2: ["b", "t"],
  3: ["b", "l", "r"],
  4: ["b", "l", "t", "r"],
  5: ["b", "l", "tl", "tr", "r"],
  6: ["b", "l", "tl", "t", "tr", "r"],
};

const PHASE_VERBS: Record<string, Key> = {
  bidding: "felt.toBid",
  discard: "felt.discarding",
  choose: "felt.choosing",
  play: "felt.toPlay",
};

export interface FeltOptions {
  /** Whether the last trick is shown instead of the current one. */
  showLast: boolean;
  toggleLast: () => void;
  /** The creator's button on a seat (add or remove a computer player), or null. */
  seatManage: (i: number) => HTMLElement | null;
}

/** Draws the seats and the trick into the felt. */
export function renderFelt(felt: HTMLElement, st: TableState, v: View | null, o: FeltOptions): void {
  const table = st.summary;
  const n = table.players;
  const base = st.seat ?? 0;
  const pos = POSITIONS[n] ?? POSITIONS[4]!;
  const seats: HTMLElement[] = [];
  for (let i = 0; i < n; i++) {
    const rel = (i - base + n) % n;
    seats.push(seatBox(st, v, i, pos[rel] ?? "b", o));
  }
  // Bid whist (four players: the top corners are free): the contract and the kitty.
  const corners = table.variant === "bid" ? [contractBox(st, v), kittyBox(v)] : [];
  fill(
    felt,
    seats,
    corners[0] ? h("div", { class: "corner pos-tl" }, corners[0]) : null,
    corners[1] ? h("div", { class: "corner pos-tr" }, corners[1]) : null,
    h("div", { class: "center" }, center(st, v, pos, base, o)),
  );
  felt.dataset["players"] = String(n);
}

function seatBox(st: TableState, v: View | null, i: number, where: string, o: FeltOptions): HTMLElement {
  const table = st.summary;
  const info = table.seats[i];
  const me = i === st.seat;
  const toAct = v && !v.game_over && v.to_act === i && !st.claim && !st.undo; // a claim or an undo waiting stops the turns
  const away = info && info.name !== null && !info.connected;
  const computer = isComputer(st, i);
  const standIn = st.standIns.has(i) && away;
  const badges: HTMLElement[] = [];
  if (v && v.deal >= 0 && v.dealer === i) badges.push(dealerBadge());
  if (v?.contract && v.contract.declarer === i && v.phase !== "bidding")
    badges.push(h("span", { class: "badge declarer", title: t("felt.declarer") }, t("felt.declarer")));
  if (computer) badges.push(computerBadge(info?.strength));
  if (away) badges.push(h("span", { class: "badge away" }, t("felt.away")));
  if (standIn) badges.push(h("span", { class: "badge computer stand-in", title: t("felt.standInTitle") }, t("felt.standIn")));
  if (st.rematch.has(i) && table.state === "finished") badges.push(h("span", { class: "badge" }, t("felt.rematch")));
  const line: (HTMLElement | string)[] = [];
  if (v && v.deal >= 0) {
    const call = [...v.calls].reverse().find((c) => c.seat === i);
    if (call) line.push(h("span", { class: "call" }, callText(call, table.variant)));
    if (v.phase === "play" || v.phase === "over") line.push(h("span", { class: "won" }, t("status.tricks", { n: v.tricks_won[i] ?? 0 })));
  }
  if (toAct) line.push(h("span", { class: "acting" }, t(PHASE_VERBS[v.phase] ?? "felt.toAct"), h("span", { class: "countdown" })));
  const count = v && v.deal >= 0 ? (v.hand_counts[i] ?? 0) : 0;
  const showBacks = !me || st.seat === null;
  return h(
    "div",
    {
      class: `seat pos-${where}${me ? " me" : ""}${toAct ? " to-act" : ""}${away ? " away" : ""}${info?.name ? "" : " empty"}${computer ? " computer" : ""}`,
      "data-seat": i,
      "data-computer": computer ? "true" : null,
      "data-to-act": toAct ? "true" : null,
    },
    h(
      "div",
      { class: "seat-head" },
      h("span", { class: "seat-name" }, info?.name ? playerName(info.name, computer) : t("felt.emptySeat"), me ? h("small", null, t("common.you")) : null),
      ratingTag(info),
      badges,
    ),
    o.seatManage(i),
    // Always there (empty too), so that the seat keeps its height.
    h("div", { class: "seat-line" }, line),
    showBacks && count > 0
      ? h(
          "div",
          { class: "fan", title: t("status.cards", { n: count }), "data-count": count },
          Array.from({ length: Math.min(count, 13) }, () => cardBack("mini")),
          h("span", { class: "count" }, String(count)),
        )
      : null,
  );
}

function center(st: TableState, v: View | null, pos: string[], base: number, o: FeltOptions): HTMLElement[] {
  const n = st.summary.players;
  if (!v || v.deal < 0) return [h("p", { class: "center-note" }, st.summary.state === "open" ? t("lobby.stateOpen") : "")];
  let cards = v.trick.cards;
  let leader = v.trick.leader;
  let caption: string | null = null;
  let done = false;
  /** Which finished trick is shown: the last one looked at again, or the one just taken (motion sweeps only the latter). */
  let shown: "last" | "took" | null = null;
  const last = v.tricks[v.tricks.length - 1];
  if (o.showLast && last && v.trick.cards.length > 0) {
    cards = last.cards;
    leader = last.leader;
    caption = t("felt.lastTrickCaption", { name: seatName(st, last.winner) });
    done = true;
    shown = "last";
  } else if (cards.length === 0 && last && (v.phase === "play" || v.phase === "over" || v.to_act === null)) {
    cards = last.cards;
    leader = last.leader;
    caption = t("felt.tookTrick", { name: seatName(st, last.winner) });
    done = true;
    shown = "took";
  }
  const out: HTMLElement[] = [];
  // Before the cards, what is going on, in the middle of the trick's place.
  const note =
    v.phase === "bidding" || v.phase === "discard" || v.phase === "choose"
      ? h("p", { class: "center-note" }, v.phase === "bidding" ? t("felt.bidding") : v.phase === "discard" ? t("felt.takesKitty") : t("felt.declarerChooses"))
      : null;
  const trick = h(
    "div",
    { class: `trick${done ? " done" : ""}`, "data-role": done ? "last-trick" : "trick", "data-shown": shown },
    cards.map((c, k) => {
      const seat = (leader + k) % n;
      const winner = done && last && last.winner === seat && caption !== null;
      return h("div", { class: `slot pos-${pos[(seat - base + n) % n] ?? "b"}${winner ? " winner" : ""}`, "data-seat": seat }, cardFace(c, "trick-card"));
    }),
    note,
  );
  out.push(trick);
  // The caption and the Last trick button share a line that is there even
  // when empty, so that the felt keeps its height (and the hand its place).
  const lastOffered = v.phase === "play" && v.tricks.length > 0 && v.trick.cards.length > 0;
  out.push(
    h(
      "p",
      { class: "trick-foot" },
      caption ? h("span", { class: "trick-caption" }, caption) : null,
      lastOffered
        ? h("button", { type: "button", class: "link last-trick-toggle", onclick: o.toggleLast }, o.showLast ? t("felt.backToTrick") : t("felt.lastTrick"))
        : null,
    ),
  );
  return out;
}

/** The dealer's badge (a letter: D, Î, M), the word on hover. */
export function dealerBadge(): HTMLElement {
  return h("span", { class: "badge dealer", title: t("felt.dealer") }, t("felt.dealerLetter"));
}
