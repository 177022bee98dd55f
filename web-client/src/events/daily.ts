// The daily duplicate's page (#daily): the day's boards, its window in
// local time, how many have entered, the user's boards played with each
// side's points, Play or Continue (daily.play, then the table it opens),
// and, once the user has played every board (or the window has closed),
// everyone's ranking and every board's travellers. Read again every 15
// seconds while shown (the boards are scored as the table finishes them).
import type { App, Screen } from "../app";
import { fill, h } from "../core/dom";
import { keepFocus } from "../core/keys";
import { playerLink } from "../core/players";
import type { DailyView, TravellerLine } from "../core/types_events";
import { lang, t } from "../i18n";
import { dailyDate, dailyWindow } from "./daily_words";
import { travellersSection, type TravellerNames } from "./travellers";
import { boardRules, percentText, score, scoringName } from "./words";

function playedTable(d: DailyView): HTMLElement {
  return h(
    "table",
    { class: "standings-table daily-played", "data-role": "daily-played" },
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        h("th", { class: "num" }, t("daily.colBoard")),
        h("th", { class: "num" }, t("daily.colYou")),
        h("th", { class: "num" }, t("daily.colThem")),
      ),
    ),
    h(
      "tbody",
      null,
      d.played.map((p) =>
        h(
          "tr",
          { "data-board": p.board },
          h("td", { class: "num" }, String(p.board)),
          h("td", { class: "num" }, score(p.ns)),
          h("td", { class: "num" }, score(p.ew)),
        ),
      ),
    ),
  );
}

function rankingTable(d: DailyView, me: string | null): HTMLElement {
  const mp = d.scoring === "matchpoints";
  return h(
    "section",
    { class: "card-panel standings", "data-role": "daily-ranking" },
    h("h2", null, t("daily.ranking")),
    h(
      "table",
      { class: "standings-table" },
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          h("th", { class: "num" }, t("events.colRank")),
          h("th", null, t("events.colPlayer")),
          h("th", { class: "num" }, t("events.colBoards")),
          h("th", { class: "num" }, mp ? t("events.colMp") : t("events.colTotal")),
          mp ? h("th", { class: "num" }, t("events.colPercent")) : null,
        ),
      ),
      h(
        "tbody",
        null,
        (d.ranking ?? []).map((r) =>
          h(
            "tr",
            { class: r.name === me ? "me" : "", "data-entrant": r.entrant },
            h("td", { class: "num rank" }, String(r.rank)),
            h("td", { class: "who" }, playerLink(r.name)),
            h("td", { class: "num" }, String(r.boards)),
            h("td", { class: "num" }, score(r.score)),
            mp ? h("td", { class: "num" }, percentText(r.percent)) : null,
          ),
        ),
      ),
    ),
  );
}

export class DailyScreen implements Screen {
  readonly el: HTMLElement;
  private readonly body: HTMLElement;
  private key = "";
  private readonly timer: number;

  constructor(private readonly app: App) {
    this.body = h("div", { class: "daily-body" });
    this.el = h(
      "section",
      { class: "daily-screen page-screen" },
      h(
        "div",
        { class: "page-head event-head" },
        h("div", { class: "title" }, h("h2", null, t("daily.title"))),
        h(
          "div",
          { class: "head-actions" },
          h("button", { type: "button", class: "leave", onclick: () => this.app.pages.closeEventPage() }, t("events.toEvents")),
        ),
      ),
      this.body,
    );
    void app.events.refreshDaily();
    this.timer = window.setInterval(() => void app.events.refreshDaily(), 15_000);
  }

  dispose(): void {
    window.clearInterval(this.timer);
  }

  update(): void {
    const d = this.app.events.daily;
    const key = JSON.stringify([lang(), d, this.app.events.dailyError]);
    if (key === this.key) return;
    this.key = key;
    if (!d) {
      fill(this.body, h("p", { class: "empty card-panel" }, this.app.events.dailyError || t("daily.noneOpen")));
      return;
    }
    const me = this.app.user?.name ?? null;
    const names: TravellerNames = {
      ns: (l: TravellerLine) => [playerLink(d.ranking?.find((r) => r.entrant === l.ns)?.name ?? String(l.ns))],
      ew: () => null,
      mine: (l: TravellerLine) => d.ranking?.find((r) => r.entrant === l.ns)?.name === me,
    };
    keepFocus(this.body, () =>
      fill(
        this.body,
        h("div", { class: "event-layout" }, h("div", { class: "event-main" }, this.mine(d), d.ranking ? rankingTable(d, me) : null), this.about(d)),
        d.travellers ? travellersSection(d.travellers, names, { scoring: d.scoring, hasEw: false, points: true }) : null,
      ),
    );
  }

  private about(d: DailyView): HTMLElement {
    return h(
      "div",
      { class: "event-side" },
      h(
        "section",
        { class: "card-panel event-facts" },
        h("h2", null, dailyDate(d)),
        h("p", { class: "hint" }, t("daily.blurb", { n: d.boards })),
        h(
          "dl",
          { class: "facts" },
          h("dt", null, t("daily.window")),
          h("dd", null, dailyWindow(d)),
          h("dt", null, t("daily.boards")),
          h("dd", null, String(d.boards)),
          h("dt", null, t("events.rulesLabel")),
          h("dd", null, boardRules(d)),
          h("dt", null, t("events.scoring")),
          h("dd", null, scoringName(d.scoring)),
          h("dt", null, t("daily.entrantsLabel")),
          h("dd", { "data-role": "daily-entrants" }, String(d.entrants)),
        ),
      ),
    );
  }

  /** The user's boards and the way to the next. */
  private mine(d: DailyView): HTMLElement {
    const done = d.entered && d.next_board === 0;
    const play = d.open && !done;
    return h(
      "section",
      { class: "card-panel event-you", "data-role": "daily-you" },
      h("h2", null, t("events.yourPart")),
      h(
        "p",
        { "data-role": "daily-progress" },
        !d.entered ? t("daily.notEntered") : done ? t("daily.allPlayed", { n: d.boards }) : t("daily.progress", { n: d.played.length, boards: d.boards }),
      ),
      play
        ? h(
            "button",
            { type: "button", class: "primary big", id: "daily-play", onclick: () => void this.app.events.playDaily() },
            d.entered ? t("daily.continue", { n: d.next_board }) : t("daily.play"),
          )
        : null,
      !d.open && !done ? h("p", { class: "hint" }, t("daily.closed")) : null,
      d.played.length ? playedTable(d) : null,
      d.entered && !d.ranking ? h("p", { class: "hint" }, t("daily.rankingLater")) : null,
    );
  }
}
