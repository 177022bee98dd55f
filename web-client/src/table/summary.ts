// The summary of a finished deal: tricks per side or player, the contract
// made or set (bid whist) or each bid hit or missed (exact whist), honours
// (classic whist), the points it added and the running score against the
// target. Built from the view as the deal ended, so the table and the
// replay viewer show the same thing.
import { h } from "../core/dom";
import { bidName } from "../core/rules";
import type { Contract, HandResult, RubberGame, TableSummary, View } from "../core/types";
import { list } from "../i18n/format";
import { t } from "../i18n";
import { gamesWon, rubberGameText, rubberPoints, rubberWinner } from "./rubber";

/** A row's name: a player's, or a side's two players' (put together when shown: "Ann & Cid", "Ana și Ciprian"). */
export type RowName = string | readonly [string, string];

export function rowName(n: RowName | undefined): string {
  return typeof n === "string" ? n : n ? t("table.side", { a: n[0], b: n[1] }) : "";
}

export interface DealSummary {
  deal: number;
  variant: TableSummary["variant"];
  /** Row names: the two sides, or each player. */
  names: RowName[];
  tricks: number[];
  score: number[];
  honours: number[] | null;
  /** Exact whist: each player's bid. */
  bids: (number | null)[] | null;
  contract: (Contract & { declarerName: string }) | null;
  totals: number[];
  target: number | null;
  gameOver: boolean;
  /** A classic rubber: the game of the rubber the deal belongs to (from 0). */
  game?: number;
  /** At an event: the deal's board. */
  board?: number;
}

export function makeSummary(
  t: TableSummary,
  names: RowName[],
  v: View,
  tricks: number[],
  score: number[],
  honours: number[] | null,
  declarerName: (seat: number) => string,
): DealSummary {
  let bids: (number | null)[] | null = null;
  if (t.variant === "exact") {
    bids = Array.from({ length: t.players }, (_, i) => v.calls.find((c) => c.seat === i)?.tricks ?? null);
  }
  // An event's boards are scored each alone: no score to reach.
  const target = t.variant === "exact" || t.event ? null : Number(t.options["play_to"] ?? 0) || null;
  return {
    ...(t.event ? { board: t.event.first_board + v.deal } : {}),
    deal: v.deal,
    variant: t.variant,
    names,
    tricks,
    score,
    honours: honours && honours.some((x) => x !== 0) ? honours : null,
    bids,
    contract: v.contract ? { ...v.contract, declarerName: declarerName(v.contract.declarer) } : null,
    totals: v.scores,
    target,
    gameOver: v.game_over,
  };
}

const signed = (x: number): string => (x > 0 ? `+${x}` : String(x));

/** The headline: who did what this deal. */
export function summaryHeadline(s: DealSummary): string {
  if (s.variant === "bid" && s.contract) {
    const c = s.contract;
    const side = c.declarer % 2;
    const need = 6 + c.level;
    const took = s.tricks[side] ?? 0;
    const params = { name: c.declarerName, bid: bidName(c.level, c.mode), took, n: need };
    return took >= need ? t("summary.made", params) : t("summary.set", params);
  }
  if (s.variant === "exact" && s.bids) {
    const hit = s.bids.map((b, i) => (b !== null && b === s.tricks[i] ? rowName(s.names[i]) : null)).filter((x): x is string => x !== null);
    if (hit.length === 0) return t("summary.nobodyMade");
    if (hit.length === s.names.length) return t("summary.everyoneMade");
    return t("summary.madeBid", { names: list(hit), n: hit.length });
  }
  const best = (s.tricks[0] ?? 0) >= (s.tricks[1] ?? 0) ? 0 : 1;
  const over = (s.tricks[best] ?? 0) - 6;
  return over > 0 ? t("summary.over", { name: rowName(s.names[best]), took: s.tricks[best] ?? 0, n: over }) : t("summary.noneOver");
}

/** The rows of a deal's summary: a side or player each, with the deal's tricks (and bid), honours, points and the score after it. */
export function summaryRows(s: DealSummary): HTMLElement[] {
  return s.names.map((name, i) => {
    const bid = s.bids ? s.bids[i] : undefined;
    const hit = bid !== undefined && bid !== null ? bid === s.tricks[i] : null;
    const hon = s.honours ? (s.honours[i] ?? 0) : 0;
    return h(
      "tr",
      { "data-row": i },
      h("th", { scope: "row" }, rowName(name)),
      s.bids ? h("td", null, bid === null || bid === undefined ? "—" : String(bid)) : null,
      h(
        "td",
        null,
        String(s.tricks[i] ?? 0),
        hit === null
          ? null
          : h(
              "span",
              { class: hit ? "hit" : "miss", title: hit ? t("summary.bidMade") : t("summary.bidMissed") },
              hit ? " ✓" : " ✗",
              h("span", { class: "sr-only" }, hit ? t("summary.srMade") : t("summary.srMissed")),
            ),
      ),
      s.honours ? h("td", null, hon ? signed(hon) : "—") : null,
      h("td", { class: (s.score[i] ?? 0) < 0 ? "neg" : "" }, signed(s.score[i] ?? 0)),
      h("td", { class: "total" }, String(s.totals[i] ?? 0), s.target ? h("small", null, ` / ${s.target}`) : null),
    );
  });
}

/** The header of a summary's table (and of the score sheet's): the columns `s` has. */
export function summaryHead(s: DealSummary): HTMLElement {
  return h(
    "thead",
    null,
    h(
      "tr",
      null,
      h("th", { class: "col-name", scope: "col" }, s.variant === "exact" ? t("summary.player") : t("summary.side")),
      s.bids ? h("th", { class: "col-bid", scope: "col" }, t("summary.bid")) : null,
      h("th", { class: "col-tricks", scope: "col", title: s.variant === "bid" ? t("summary.tricksBookTitle") : t("summary.tricksTitle") }, t("summary.tricks")),
      s.honours ? h("th", { class: "col-hon", scope: "col", title: t("summary.honoursTitle") }, t("summary.honours")) : null,
      h("th", { class: "col-pts", scope: "col", title: t("summary.pointsTitle") }, t("summary.points")),
      h("th", { class: "col-score", scope: "col", title: s.target ? t("summary.scoreTargetTitle") : t("summary.scoreTitle") }, t("status.score")),
    ),
  );
}

export function summaryPanel(s: DealSummary, onClose: (() => void) | null): HTMLElement {
  return h(
    "section",
    { class: "deal-summary", "data-role": "deal-summary", "data-deal": s.deal, "aria-live": "polite" },
    h(
      "header",
      null,
      h("h3", null, s.board !== undefined ? t("summary.boardOver", { n: s.board }) : t("summary.dealOver", { n: s.deal + 1 })),
      onClose ? h("button", { type: "button", class: "link close", "aria-label": t("summary.close"), onclick: onClose }, t("common.close")) : null,
    ),
    h("p", { class: "headline" }, summaryHeadline(s)),
    h("table", { class: "summary-table" }, summaryHead(s), h("tbody", null, summaryRows(s))),
  );
}

/**
 * The score sheet's deals: every completed deal of the game (the view's
 * results) as a summary, with the running score after it. The honours
 * column is there when honours scored in some deal (classic whist); the
 * results hold no bids.
 */
export function sheetSummaries(t: TableSummary, names: RowName[], results: HandResult[]): DealSummary[] {
  const honours = t.variant === "classic" && results.some((r) => r.honours?.some((x) => x !== 0));
  let totals = names.map(() => 0);
  return results.map((r, deal) => {
    // A rubber's game starts from love.
    if (r.game !== undefined && deal > 0 && r.game !== results[deal - 1]?.game) totals = names.map(() => 0);
    totals = totals.map((x, i) => x + (r.score[i] ?? 0));
    return {
      ...(r.game !== undefined ? { game: r.game } : {}),
      deal,
      variant: t.variant,
      names,
      tricks: r.tricks,
      score: r.score,
      honours: honours ? (r.honours ?? names.map(() => 0)) : null,
      bids: null,
      contract: null,
      totals,
      target: null,
      gameOver: false,
    };
  });
}

/**
 * The score sheet: the summaries' rows under one header, a group of rows
 * per deal (`sums` not empty). At a rubber (`games`: its finished games),
 * the deals by game: a line naming each game, after a finished game's
 * deals its winners, score and value, and once the rubber is won what it
 * is worth.
 */
export function scoreSheetTable(sums: DealSummary[], caption: string, games: RubberGame[] | null = null): HTMLElement {
  const first = sums[0]!;
  const columns = 4 + (first.bids ? 1 : 0) + (first.honours ? 1 : 0);
  const line = (cls: string, attrs: Record<string, string | number>, text: string): HTMLElement =>
    h("tbody", { class: cls, ...attrs }, h("tr", null, h("th", { scope: "rowgroup", colspan: columns }, text)));
  const body: HTMLElement[] = [];
  sums.forEach((s, k) => {
    const game = s.game;
    if (games && game !== undefined && game !== sums[k - 1]?.game) body.push(line("sheet-game", { "data-game": game }, t("sheet.game", { n: game + 1 })));
    body.push(
      h(
        "tbody",
        { "data-deal": s.deal, "data-game": game ?? null },
        h("tr", { class: "sheet-deal" }, h("th", { scope: "rowgroup", colspan: columns }, t("summary.deal", { n: s.deal + 1 }))),
        summaryRows(s),
      ),
    );
    const won = games && game !== undefined && game !== sums[k + 1]?.game ? games[game] : undefined;
    if (won && game !== undefined) body.push(line("sheet-game-end", { "data-game-end": game }, rubberGameText(game, rowName(s.names[won.winner]), won)));
  });
  const points = games ? rubberPoints(games) : null;
  const winner = games ? rubberWinner(games) : null;
  if (games && points !== null && winner !== null) {
    const [a, b] = gamesWon(games);
    const text = t("sheet.rubber", { names: rowName(first.names[winner]), won: Math.max(a, b), lost: Math.min(a, b), n: points });
    body.push(line("sheet-rubber", { "data-role": "rubber-points" }, text));
  }
  return h("table", { class: "summary-table sheet-table" }, h("caption", null, caption), summaryHead(first), body);
}
