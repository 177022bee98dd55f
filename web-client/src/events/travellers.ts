// Travellers: every table's result on each board (docs/protocol.md, the
// event's view), as a card room prints them: the board (and its top), then
// a line per table with its sides (pairs, a drive's players, or the
// daily's entrant), each side's points (or the adjusted score of a board
// not finished in time; a drive's board not played to its end), the
// matchpoints or total points (pairs events and the daily), and the
// table's game in the replay viewer where the server gives it (the line's
// `game`, or event.results'). An event's page and the daily's draw them.
import { SUIT_SYMBOLS, type Suit } from "../core/cards";
import { h } from "../core/dom";
import { bidName } from "../core/rules";
import type { EventScoring, Traveller, TravellerLine } from "../core/types_events";
import { replayHash } from "../saved";
import { t } from "../i18n";
import { score } from "./words";

export interface TravellerNames {
  /** The N/S side of a line, and the E/W side (the daily: null, computers). */
  ns(line: TravellerLine): (HTMLElement | string)[];
  ew(line: TravellerLine): (HTMLElement | string)[] | null;
  /** The line the user's side played: marked. */
  mine(line: TravellerLine): boolean;
}

/** How the travellers are drawn: the scoring, an E/W side with names, and matchpoints or points per line (not a drive's). */
export interface TravellerShape {
  scoring: EventScoring;
  hasEw: boolean;
  points: boolean;
  /** Columns for how each table played the board, where the server kept it: the tricks, and bid whist's contract. */
  tricks?: boolean;
  contract?: boolean;
}

/** A bid whist contract as a traveller prints it: "4 uptown ♠ E". */
export function contractText(c: NonNullable<TravellerLine["contract"]>): string {
  const trump = c.trump && c.trump in SUIT_SYMBOLS ? ` ${SUIT_SYMBOLS[c.trump as Suit]}` : "";
  const seats = ["events.seat0", "events.seat1", "events.seat2", "events.seat3"] as const;
  return t("events.contractBy", { bid: bidName(c.level, c.mode), trump, seat: t(seats[c.declarer] ?? "events.seat0") });
}

function playCells(line: TravellerLine, shape: TravellerShape): HTMLElement[] {
  const cells: HTMLElement[] = [];
  if (shape.contract) cells.push(h("td", { class: "contract" }, line.contract ? contractText(line.contract) : ""));
  if (shape.tricks) cells.push(h("td", { class: "num tricks" }, line.tricks ? t("events.tricks", { ns: line.tricks[0], ew: line.tricks[1] }) : ""));
  return cells;
}

function scoreCells(line: TravellerLine): HTMLElement | HTMLElement[] {
  if (line.played === false) return h("td", { class: "num adjusted", colspan: 2 }, t("events.notPlayed"));
  if (line.adjusted !== undefined && line.adjusted !== null)
    return h("td", { class: "num adjusted", colspan: 2 }, t("events.adjusted", { ns: `${score(line.adjusted)}%`, ew: `${score(100 - line.adjusted)}%` }));
  return [h("td", { class: "num score" }, score(line.ns_score)), h("td", { class: "num score" }, score(line.ew_score))];
}

function lineRow(line: TravellerLine, names: TravellerNames, shape: TravellerShape): HTMLElement {
  const game = typeof line.game === "number" ? line.game : null;
  return h(
    "tr",
    { class: names.mine(line) ? "me" : "", "data-ns": line.ns ?? null, "data-ew": line.ew ?? null },
    h("td", { class: "who" }, names.ns(line)),
    shape.hasEw ? h("td", { class: "who" }, names.ew(line)) : null,
    playCells(line, shape),
    scoreCells(line),
    shape.points ? [h("td", { class: "num mp" }, score(line.ns_points)), h("td", { class: "num mp" }, score(line.ew_points))] : null,
    h(
      "td",
      { class: "replay-cell" },
      game !== null ? h("a", { href: replayHash(game), "data-replay-game": game, class: "small" }, t("events.replayBoard")) : null,
    ),
  );
}

function headRow(shape: TravellerShape): HTMLElement {
  const total = shape.scoring === "total";
  return h(
    "tr",
    null,
    h("th", null, shape.hasEw ? t("events.colNs") : t("events.colPlayer")),
    shape.hasEw ? h("th", null, t("events.colEw")) : null,
    shape.contract ? h("th", null, t("events.colContract")) : null,
    shape.tricks ? h("th", { class: "num" }, t("events.colTricks")) : null,
    h("th", { class: "num" }, t("events.colNsScore")),
    h("th", { class: "num" }, t("events.colEwScore")),
    shape.points
      ? [
          h("th", { class: "num" }, total ? t("events.colTotalNs") : t("events.colMpNs")),
          h("th", { class: "num" }, total ? t("events.colTotalEw") : t("events.colMpEw")),
        ]
      : null,
    h("th", { class: "replay-cell" }, h("span", { class: "sr-only" }, t("events.colReplay"))),
  );
}

/** One board's traveller. */
function travellerTable(tr: Traveller, names: TravellerNames, shape: TravellerShape): HTMLElement {
  return h(
    "table",
    { class: "traveller", "data-board": tr.board },
    h(
      "caption",
      null,
      tr.top !== undefined && shape.scoring !== "total" ? t("events.boardTop", { n: tr.board, top: score(tr.top) }) : t("events.boardN", { n: tr.board }),
    ),
    h("thead", null, headRow(shape)),
    h(
      "tbody",
      null,
      tr.lines.map((l) => lineRow(l, names, shape)),
    ),
  );
}

/** Every board's traveller, in order; the tricks and contract columns where any line has them. */
export function travellersSection(travellers: Traveller[], names: TravellerNames, given: TravellerShape): HTMLElement {
  const lines = travellers.flatMap((tr) => tr.lines);
  const shape = { ...given, tricks: lines.some((l) => l.tricks), contract: lines.some((l) => l.contract) };
  const help = !shape.points ? t("events.travellersDriveHelp") : shape.scoring === "total" ? t("events.travellersTotalHelp") : t("events.travellersHelp");
  return h(
    "section",
    { class: "card-panel travellers", "data-role": "travellers" },
    h("h2", null, t("events.travellers")),
    h("p", { class: "hint" }, help),
    travellers.length === 0
      ? h("p", { class: "empty" }, t("events.noTravellers"))
      : h(
          "div",
          { class: "traveller-list" },
          [...travellers].sort((a, b) => a.board - b.board).map((tr) => travellerTable(tr, names, shape)),
        ),
  );
}
