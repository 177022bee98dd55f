// Score cards: once an event is over, one pair's boards (a drive: one
// player's), read from the travellers, as a club hands each pair its card:
// each board with the direction they sat, their opponents, each side's
// points (or the adjusted score), what they earned on it (matchpoints, or
// points under total scoring; a drive: their side's points) and the total.
// A choice of pair (or player) above it; the user's own first.
import { h } from "../core/dom";
import type { EventView, Traveller, TravellerLine } from "../core/types_events";
import { t } from "../i18n";
import { both } from "./event_parts";
import { pairLabel, pairPlayers, score } from "./words";

/** One pair (by its direction in a Mitchell) or a drive's player, as a choice's value. */
interface Card {
  key: string;
  label: string;
  pair: number;
  direction: "ns" | "ew" | null;
  mine: boolean;
}

function cards(v: EventView, me: number | null): Card[] {
  if (v.kind === "drive")
    return (v.players ?? []).map((p) => ({
      key: `p${p.player}`,
      label: `${p.player} ${p.name}`,
      pair: p.player,
      direction: null,
      mine: me !== null && p.account === me,
    }));
  return (v.pairs ?? []).map((p) => {
    const dir = v.kind === "mitchell" ? p.direction : null;
    const names = p.players.map((x) => x.name).join(" & ");
    return {
      key: `${dir ?? ""}${p.pair}`,
      label: `${pairLabel(v, p.pair, dir)}: ${names}`,
      pair: p.pair,
      direction: dir,
      mine: p.players.some((x) => me !== null && x.account === me),
    };
  });
}

/** The side (0 N/S, 1 E/W) the card's pair or player sat at on this line, or null. */
function sideOf(c: Card, v: EventView, l: TravellerLine): 0 | 1 | null {
  if (v.kind === "drive") {
    const at = (l.players ?? []).indexOf(c.pair);
    return at < 0 ? null : ((at % 2) as 0 | 1);
  }
  if (l.ns === c.pair && c.direction !== "ew") return 0;
  if (l.ew === c.pair && c.direction !== "ns") return 1;
  return null;
}

function opponents(v: EventView, l: TravellerLine, side: 0 | 1): (HTMLElement | string)[] {
  if (v.kind === "drive") {
    const player = (n: number | undefined) => (v.players ?? []).find((p) => p.player === n);
    const them = side === 0 ? [1, 3] : [0, 2];
    return both(them.map((k) => player(l.players?.[k])).map((p) => ({ account: p?.account ?? null, name: p?.name ?? "" })));
  }
  const n = side === 0 ? l.ew : l.ns;
  const dir = v.kind === "mitchell" ? (side === 0 ? "ew" : "ns") : null;
  return [h("b", null, String(n ?? "")), " ", ...both(pairPlayers(v, n ?? 0, dir))];
}

/** What the side earned on the line: its matchpoints or points (a drive: its score); null for nothing. */
function earned(v: EventView, l: TravellerLine, side: 0 | 1): number | null {
  if (v.kind === "drive") return l.played === false ? 0 : ((side === 0 ? l.ns_score : l.ew_score) ?? 0);
  const x = side === 0 ? l.ns_points : l.ew_points;
  return x ?? null;
}

function pointsCell(l: TravellerLine, side: 0 | 1): HTMLElement {
  if (l.played === false) return h("td", { class: "num adjusted" }, t("events.notPlayed"));
  if (l.adjusted !== undefined && l.adjusted !== null) {
    const own = side === 0 ? l.adjusted : 100 - l.adjusted;
    return h("td", { class: "num adjusted" }, t("events.cardAdjusted", { own: `${score(own)}%` }));
  }
  const own = side === 0 ? l.ns_score : l.ew_score;
  const theirs = side === 0 ? l.ew_score : l.ns_score;
  return h("td", { class: "num" }, `${score(own)} – ${score(theirs)}`);
}

function cardTable(v: EventView, travellers: Traveller[], c: Card): HTMLElement {
  const rows: HTMLElement[] = [];
  let total = 0;
  for (const tr of [...travellers].sort((a, b) => a.board - b.board)) {
    for (const l of tr.lines) {
      const side = sideOf(c, v, l);
      if (side === null) continue;
      const got = earned(v, l, side);
      total += got ?? 0;
      rows.push(
        h(
          "tr",
          { "data-board": tr.board },
          h("td", { class: "num" }, String(tr.board)),
          h("td", null, side === 0 ? t("events.colNs") : t("events.colEw")),
          h("td", { class: "who" }, opponents(v, l, side)),
          pointsCell(l, side),
          h("td", { class: "num mp" }, score(got)),
        ),
      );
    }
  }
  const earnedHead = v.kind === "drive" || v.scoring === "total" ? t("events.colTotal") : t("events.colMp");
  return h(
    "table",
    { class: "traveller scorecard", "data-card": c.key },
    h("caption", null, c.label),
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        h("th", { class: "num" }, t("events.cardBoard")),
        h("th", null, t("events.cardSat")),
        h("th", null, t("events.cardAgainst")),
        h("th", { class: "num" }, t("events.cardPoints")),
        h("th", { class: "num" }, earnedHead),
      ),
    ),
    h("tbody", null, rows.length ? rows : h("tr", null, h("td", { colspan: 5, class: "empty" }, t("events.noTravellers")))),
    h("tfoot", null, h("tr", null, h("th", { colspan: 4 }, t("events.cardTotal")), h("th", { class: "num", "data-role": "card-total" }, score(total)))),
  );
}

/**
 * The score cards of a finished event: the chosen pair's (or player's),
 * the user's own when nothing is chosen, with the choice above. Null when
 * there are no travellers.
 */
export function scoreCardSection(v: EventView, me: number | null, chosen: string | null, choose: (key: string) => void): HTMLElement | null {
  const travellers = v.travellers;
  if (!travellers || travellers.length === 0) return null;
  const all = cards(v, me);
  if (all.length === 0) return null;
  const card = all.find((c) => c.key === chosen) ?? all.find((c) => c.mine) ?? all[0]!;
  const select = h(
    "select",
    { id: "scorecard-pick", "aria-label": t("events.cardPick"), onchange: (e: Event) => choose((e.target as HTMLSelectElement).value) },
    all.map((c) => h("option", { value: c.key, selected: c.key === card.key }, c.label)),
  );
  return h(
    "section",
    { class: "card-panel scorecards", "data-role": "scorecards" },
    h("h2", null, t("events.scoreCards")),
    h("p", { class: "hint no-print" }, h("label", { for: "scorecard-pick" }, t("events.cardPick")), " ", select),
    cardTable(v, travellers, card),
  );
}
