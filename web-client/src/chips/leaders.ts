// The leaderboards: by rating (ratings.leaderboard, one per pool: each
// game's, and events; shown first) and by games won (results.leaderboard,
// one per game). Each player's name opens their profile. The choice of
// board and pool is kept for the tab.
import type { App } from "../app";
import { h, fill } from "../core/dom";
import { errorText } from "../core/errors";
import { playerLink, poolName, ratingText } from "../core/players";
import { variantIds, variantName } from "../core/rules";
import type { Variant } from "../core/types";
import type { LeaderboardAnswer, Pool, RatingLeaderboardAnswer } from "../core/types_results";
import { percent } from "../i18n/format";
import { t, type Key } from "../i18n";

type Board = "rating" | "wins";

const BOARD_KEY = "whist.board";
const POOL_KEY = "whist.ratingPool";
const VARIANT_KEY = "whist.leaderboard";

/** Who is on a rating leaderboard (docs/protocol.md, ratings.leaderboard): the catalogue's leaders.rule. */

function pools(): Pool[] {
  return [...variantIds(), "events"];
}

export class Leaderboards {
  readonly el: HTMLElement;
  private readonly switcher: HTMLElement;
  private readonly tabs: HTMLElement;
  private readonly body: HTMLElement;
  private board: Board = sessionStorage.getItem(BOARD_KEY) === "wins" ? "wins" : "rating";
  private pool: Pool = (sessionStorage.getItem(POOL_KEY) as Pool | null) ?? "classic";
  private variant: Variant = (sessionStorage.getItem(VARIANT_KEY) as Variant | null) ?? "classic";
  private rating: RatingLeaderboardAnswer | null = null;
  private wins: LeaderboardAnswer | null = null;
  private error = "";

  constructor(private readonly app: App) {
    this.switcher = h("div", { class: "board-switch", role: "group", "aria-label": t("leaders.rankBy") });
    this.tabs = h("div", { class: "variant-tabs", role: "tablist", "aria-label": t("lobby.gameFilter") });
    this.body = h("div", { class: "leaders", "data-role": "leaderboard" });
    this.el = h("div", { class: "leaderboards" }, h("h3", null, t("leaders.title")), this.switcher, this.tabs, this.body);
    this.drawControls();
    void this.load();
  }

  private drawControls(): void {
    const mode = (b: Board, label: Key): HTMLElement =>
      h("button", { type: "button", "data-board": b, "aria-pressed": b === this.board ? "true" : "false", onclick: () => void this.choose(b) }, t(label));
    fill(this.switcher, mode("rating", "leaders.byRating"), mode("wins", "leaders.byWins"));
    const tab = (key: string, label: string, selected: boolean, pick: () => void): HTMLElement =>
      h(
        "button",
        {
          type: "button",
          role: "tab",
          [this.board === "rating" ? "data-pool" : "data-variant"]: key,
          "aria-selected": selected ? "true" : "false",
          onclick: pick,
        },
        label,
      );
    fill(
      this.tabs,
      this.board === "rating"
        ? pools().map((p) => tab(p, poolName(p), p === this.pool, () => void this.choose("rating", p)))
        : variantIds().map((v) => tab(v, variantName(v), v === this.variant, () => void this.choose("wins", v))),
    );
  }

  private async choose(board: Board, which?: Pool): Promise<void> {
    this.board = board;
    sessionStorage.setItem(BOARD_KEY, board);
    if (which !== undefined && board === "rating") {
      this.pool = which;
      sessionStorage.setItem(POOL_KEY, which);
    } else if (which !== undefined && which !== "events") {
      this.variant = which;
      sessionStorage.setItem(VARIANT_KEY, which);
    }
    this.drawControls();
    await this.load();
  }

  /** Asks for the board shown; an answer that comes after another choice is dropped. */
  private async load(): Promise<void> {
    const { board, pool, variant } = this;
    const current = (): boolean => this.board === board && this.pool === pool && this.variant === variant;
    this.error = "";
    this.render();
    try {
      if (board === "rating") {
        const a = await this.app.conn.request<RatingLeaderboardAnswer>("ratings.leaderboard", { pool, limit: 20 });
        if (current()) this.rating = a;
      } else {
        const a = await this.app.conn.request<LeaderboardAnswer>("results.leaderboard", { variant, limit: 20 });
        if (current()) this.wins = a;
      }
    } catch (e) {
      if (current()) this.error = errorText(e);
    }
    if (current()) this.render();
  }

  render(): void {
    if (this.error) fill(this.body, h("p", { class: "empty" }, this.error));
    else if (this.board === "rating") this.renderRating();
    else this.renderWins();
  }

  private renderRating(): void {
    const l = this.rating;
    const rule = h("small", { class: "hint", "data-role": "rating-rule" }, t("leaders.rule"), " ", t("leaders.guestsNotRated"));
    if (!l || l.pool !== this.pool) {
      fill(this.body, h("p", { class: "empty" }, t("common.loading")));
      return;
    }
    if (l.players.length === 0) {
      fill(this.body, h("p", { class: "empty", "data-role": "rating-empty" }, t("leaders.nobodyQualifies", { pool: poolName(l.pool) })), rule);
      return;
    }
    fill(
      this.body,
      this.table(
        { class: "leader-table rating-board", "data-pool": l.pool },
        [[t("leaders.rating")], ["±", t("leaders.deviationTitle")], [t("leaders.games")]],
        l.players.map((p) => [
          p,
          [
            h("td", { class: "num", "data-rating": p.rating }, ratingText(p.rating, false)),
            h("td", { class: "num muted" }, String(p.deviation)),
            h("td", { class: "num" }, String(p.games)),
          ],
        ]),
      ),
      rule,
    );
  }

  private renderWins(): void {
    const l = this.wins;
    if (!l || l.variant !== this.variant) {
      fill(this.body, h("p", { class: "empty" }, t("common.loading")));
      return;
    }
    if (l.players.length === 0) {
      fill(this.body, h("p", { class: "empty" }, t("leaders.nobodyRanked", { game: variantName(l.variant) })));
      return;
    }
    fill(
      this.body,
      this.table(
        { class: "leader-table", "data-variant": l.variant },
        [[t("leaders.games")], [t("leaders.won")], [t("leaders.rate")]],
        l.players.map((p) => [
          p,
          [h("td", { class: "num" }, String(p.games)), h("td", { class: "num" }, String(p.wins)), h("td", { class: "num" }, percent(p.win_rate))],
        ]),
      ),
      h("small", { class: "hint" }, t("leaders.winsRule")),
    );
  }

  /**
   * A board: rank and player (a link; "(you)" for oneself, whose row is
   * marked), then its own columns (a heading and, maybe, what it means).
   */
  private table(attrs: Record<string, string>, columns: [string, string?][], rows: [{ rank: number; id: number; name: string }, HTMLElement[]][]): HTMLElement {
    const me = this.app.user?.id;
    return h(
      "table",
      attrs,
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          h("th", null, "#"),
          h("th", null, t("summary.player")),
          columns.map(([label, title]) => h("th", { class: "num", title: title ?? null }, label)),
        ),
      ),
      h(
        "tbody",
        null,
        rows.map(([p, cells]) =>
          h(
            "tr",
            { class: p.id === me ? "me" : "", "data-player": p.name },
            h("td", null, String(p.rank)),
            h("td", null, playerLink(p.name), p.id === me ? h("small", null, t("common.you")) : null),
            cells,
          ),
        ),
      ),
    );
  }
}
