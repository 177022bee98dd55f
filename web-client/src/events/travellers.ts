// Travellers: every table's result on each board (docs/protocol.md, the
// event's view), as a card room prints them: the board and its top, then
// a line per table with its pairs (or the daily's entrant), each side's
// points (or the adjusted score of a board not finished in time) and
// matchpoints (or total points), and the table's game in the replay
// viewer where the server gives its id. An event's page and the daily's
// both draw them.
import { h } from "../core/dom";
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

function lineRow(line: TravellerLine, names: TravellerNames, hasEw: boolean): HTMLElement {
  const adjusted = line.adjusted !== undefined && line.adjusted !== null;
  const game = typeof line.game === "number" ? line.game : null;
  return h(
    "tr",
    { class: names.mine(line) ? "me" : "", "data-ns": line.ns, "data-ew": line.ew },
    h("td", { class: "who" }, names.ns(line)),
    hasEw ? h("td", { class: "who" }, names.ew(line)) : null,
    adjusted
      ? h("td", { class: "num adjusted", colspan: 2 }, t("events.adjusted", { ns: `${score(line.adjusted)}%`, ew: `${score(100 - (line.adjusted ?? 50))}%` }))
      : [h("td", { class: "num" }, score(line.ns_score)), h("td", { class: "num" }, score(line.ew_score))],
    h("td", { class: "num mp" }, score(line.ns_points)),
    h("td", { class: "num mp" }, score(line.ew_points)),
    h(
      "td",
      { class: "replay-cell" },
      game !== null ? h("a", { href: replayHash(game), "data-replay-game": game, class: "small" }, t("events.replayBoard")) : null,
    ),
  );
}

/** One board's traveller. */
function travellerTable(tr: Traveller, names: TravellerNames, scoring: EventScoring, hasEw: boolean): HTMLElement {
  const points = scoring === "total" ? t("events.colTotalNs") : t("events.colMpNs");
  const pointsEw = scoring === "total" ? t("events.colTotalEw") : t("events.colMpEw");
  return h(
    "table",
    { class: "traveller", "data-board": tr.board },
    h("caption", null, t("events.boardTop", { n: tr.board, top: score(tr.top) })),
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        h("th", null, hasEw ? t("events.colNs") : t("events.colPlayer")),
        hasEw ? h("th", null, t("events.colEw")) : null,
        h("th", { class: "num" }, t("events.colNsScore")),
        h("th", { class: "num" }, t("events.colEwScore")),
        h("th", { class: "num" }, points),
        h("th", { class: "num" }, pointsEw),
        h("th", { class: "replay-cell" }, h("span", { class: "sr-only" }, t("events.colReplay"))),
      ),
    ),
    h(
      "tbody",
      null,
      tr.lines.map((l) => lineRow(l, names, hasEw)),
    ),
  );
}

/** Every board's traveller, in order; `hasEw`: the E/W side has names (not the daily's computers). */
export function travellersSection(travellers: Traveller[], names: TravellerNames, scoring: EventScoring, hasEw = true): HTMLElement {
  return h(
    "section",
    { class: "card-panel travellers", "data-role": "travellers" },
    h("h2", null, t("events.travellers")),
    h("p", { class: "hint" }, scoring === "total" ? t("events.travellersTotalHelp") : t("events.travellersHelp")),
    travellers.length === 0
      ? h("p", { class: "empty" }, t("events.noTravellers"))
      : h(
          "div",
          { class: "traveller-list" },
          [...travellers].sort((a, b) => a.board - b.board).map((tr) => travellerTable(tr, names, scoring, hasEw)),
        ),
  );
}
