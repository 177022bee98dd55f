// The game's result at the table: the winners, the points of each deal
// with the tricks taken (a rubber's by game, with each game's value and
// the rubber's points), the rematch, the replay and the way out.
import type { App } from "../app";
import { gameChipsLine } from "../lobby/compete";
import { h } from "../core/dom";
import { playerName, ratingTag } from "../core/players";
import { isComputer, seatName, sideName, type SeatRating, type TableState } from "./game";
import { hasSides } from "../core/rules";
import type { HandResult, RubberGame, View } from "../core/types";
import { gamesWon, isRubber, rubberGameText, rubberPoints, rubberWinner } from "./rubber";
import { list } from "../i18n/format";
import { t, tx } from "../i18n";

export function resultPanel(app: App, st: TableState, v: View | null): HTMLElement {
  const table = st.summary;
  const scores = st.result?.scores ?? v?.scores ?? [];
  const winners = st.result?.winners ?? v?.winners ?? [];
  const sides = hasSides(table);
  const heads = sides ? [0, 1].map((s) => tx("table.side", { a: seatLink(st, s), b: seatLink(st, s + 2) })) : table.seats.map((_, i) => [seatLink(st, i)]);
  const results = v?.results ?? [];
  const games = isRubber(table) ? (v?.games ?? []) : null;
  const seated = st.seat !== null;
  // Computer players agree to every rematch: only the people are waited for.
  const waiting = table.seats.filter((s) => !st.rematch.has(s.seat) && !s.computer).map((s) => s.name ?? t("table.seat", { n: s.seat + 1 }));
  // An event's table (or the daily's): its boards are played; no rematch, and back to the event.
  const event = table.event ?? null;
  return h(
    "div",
    { class: "result", "data-role": "result" },
    h("h3", null, event ? t("result.boardsPlayed", { n: results.length }) : games ? rubberHeadline(st, games, winners) : gameHeadline(st, scores, winners)),
    h(
      "table",
      { class: "deals" },
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          h("th", null, event ? t("status.board") : t("status.deal")),
          heads.map((x) => h("th", null, x)),
        ),
      ),
      h("tbody", null, games ? rubberRows(st, results, games) : dealRows(results, event?.first_board ?? 1), totalRow(scores, games)),
    ),
    h(
      "small",
      { class: "hint" },
      event ? (event.own_pace ? t("result.dailyHint") : t("result.eventHint")) : games ? t("result.rubberHint") : t("result.pointsHint"),
    ),
    ratingsLine(st),
    seated && table.settings.kind === "compete" && table.state === "finished" ? gameChipsLine(app, st.result?.game ?? null) : null,
    event
      ? eventActions(app, event.own_pace)
      : h(
          "div",
          { class: "result-actions" },
          // Also once someone left (the table open again): at a Compete table
          // the next game waits for everyone's rematch.
          seated && st.seat !== null && !st.rematch.has(st.seat) && table.state !== "playing"
            ? h("button", { type: "button", class: "primary", id: "rematch", onclick: () => void app.tableRequest("table.rematch") }, t("result.rematch"))
            : null,
          seated && st.seat !== null && st.rematch.has(st.seat) ? h("span", null, t("result.waitingAgree", { names: list(waiting) })) : null,
          st.result?.game != null && table.state === "finished"
            ? h("button", { type: "button", id: "replay", onclick: () => app.openReplay(st.result?.game ?? 0) }, t("result.replay"))
            : null,
          h("button", { type: "button", onclick: () => void app.toLobby() }, seated ? t("result.leave") : t("common.backToLobby")),
        ),
  );
}

function gameHeadline(st: TableState, scores: number[], winners: number[]): string {
  return hasSides(st.summary)
    ? t("result.overSides", { winners: winnersText(st, winners), score: [...scores].sort((a, b) => b - a).join(t("result.scoreTo")) })
    : t("result.overPlayers", { winners: winnersText(st, winners), n: scores[winners[0] ?? 0] ?? 0 });
}

/** "Rubber over: Ann & Cid win the rubber, 2 games to 1: 4 points." */
function rubberHeadline(st: TableState, games: RubberGame[], winners: number[]): string {
  const [a, b] = gamesWon(games);
  const side = rubberWinner(games) ?? winners[0] ?? 0;
  const n = rubberPoints(games) ?? 0;
  return t("result.rubberOver", { names: sideName(st, side), won: Math.max(a, b), lost: Math.min(a, b), n });
}

/** The way back from an event's table whose boards are played. */
function eventActions(app: App, daily: boolean): HTMLElement {
  return h(
    "div",
    { class: "result-actions" },
    h(
      "button",
      { type: "button", class: "primary", id: "back-to-event", onclick: () => app.events.toEventPage() },
      daily ? t("daily.page") : t("events.eventPage"),
    ),
  );
}

/** A row per deal (at an event, per board: deal k is board `first` + k): its points and, in brackets, its tricks. */
function dealRows(results: HandResult[], first = 1): HTMLElement[] {
  return results.map((r, i) =>
    h(
      "tr",
      null,
      h("td", null, String(i + first)),
      r.score.map((sc, j) => h("td", null, `${sc > 0 ? "+" : ""}${sc}`, h("small", null, ` (${r.tricks[j] ?? 0})`))),
    ),
  );
}

/** A rubber's deals, and after each finished game's a row with its winners, score and value. */
function rubberRows(st: TableState, results: HandResult[], games: RubberGame[]): HTMLElement[] {
  const rows = dealRows(results);
  const out: HTMLElement[] = [];
  results.forEach((r, i) => {
    out.push(rows[i]!);
    const game = r.game;
    const won = game !== undefined && game !== results[i + 1]?.game ? games[game] : undefined;
    if (won && game !== undefined) {
      out.push(h("tr", { class: "game-end", "data-game-end": game }, h("td", { colspan: 3 }, rubberGameText(game, sideName(st, won.winner), won))));
    }
  });
  return out;
}

/** The total: the last scores, or at a rubber the games each side won. */
function totalRow(scores: number[], games: RubberGame[] | null): HTMLElement {
  const cells = games ? gamesWon(games).map((n) => t("result.games", { n })) : scores.map(String);
  return h(
    "tr",
    { class: "total" },
    h("td", null, games ? t("result.gamesLabel") : t("result.total")),
    cells.map((c) => h("td", null, c)),
  );
}

/** A seat's player: a link to their profile (a computer player's bare name). */
function seatLink(st: TableState, seat: number): HTMLElement | string {
  return playerName(seatName(st, seat), isComputer(st, seat) || st.summary.seats[seat]?.name == null);
}

/** A rated game's new ratings and their changes ("Ann 1512 (+12)"; "?" while provisional). */
function ratingsLine(st: TableState): HTMLElement | null {
  const ratings = st.result?.ratings;
  if (!ratings?.length) return null;
  const one = (r: SeatRating, i: number): (HTMLElement | string | null)[] => [i > 0 ? ", " : null, seatLink(st, r.seat), ratingTag(r, r.change)];
  return h("p", { class: "ratings", "data-role": "ratings" }, tx("result.ratings", { list: h("span", null, ratings.map(one)) }));
}

/** The winners of the game, in words. */
export function winnersText(st: TableState, winners: number[]): string {
  if (hasSides(st.summary)) {
    const side = winners[0];
    return side === undefined ? t("result.nobodyWins") : t("result.sideWins", { names: sideName(st, side) });
  }
  const names = winners.map((w) => seatName(st, w));
  if (names.length === 0) return t("result.nobodyWins");
  if (names.length === 1) return t("result.playerWins", { name: names[0] ?? "" });
  return t("result.shareWin", { names: list(names) });
}
