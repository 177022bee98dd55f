// The results screen: the user's past games (variant, result, score, the
// players with their ratings' changes, chips; each opens the replay
// viewer), their wins and losses per game, and the leaderboards (by rating
// per pool, and by games won per game).
import type { App, Screen } from "../app";
import { h, fill } from "../core/dom";
import { errorText } from "../core/errors";
import { playerLink } from "../core/players";
import { Leaderboards } from "./leaders";
import { pastGameList, variantStats } from "./past_games";
import { backButton } from "./wallet";
import type { GamesAnswer, PastGame, StatsAnswer } from "../core/types_results";
import { t } from "../i18n";

export class ResultsScreen implements Screen {
  readonly el: HTMLElement;
  private readonly gamesEl: HTMLElement;
  private readonly statsEl: HTMLElement;
  private readonly leaders: Leaderboards;
  private games: PastGame[] | null = null;
  private next: number | null = null;
  private stats: StatsAnswer | null = null;
  private error = "";

  constructor(private readonly app: App) {
    this.gamesEl = h("div", { class: "games", "data-role": "my-games" });
    this.statsEl = h("div", { class: "stats", "data-role": "stats" });
    this.leaders = new Leaderboards(app);
    this.el = h(
      "section",
      { class: "results-screen page-screen" },
      h(
        "div",
        { class: "page-head" },
        h("h2", null, t("chips.myGames"), app.user ? h("small", null, " · ", playerLink(app.user.name)) : null),
        backButton(app),
      ),
      h("div", { class: "results-layout" }, h("div", { class: "card-panel" }, this.statsEl, this.gamesEl), h("div", { class: "card-panel" }, this.leaders.el)),
    );
    void this.load();
  }

  private async load(): Promise<void> {
    try {
      const [games, stats] = await Promise.all([
        this.app.conn.request<GamesAnswer>("results.games", { limit: 20 }),
        this.app.conn.request<StatsAnswer>("results.stats"),
      ]);
      this.games = games.games;
      this.next = games.next;
      this.stats = stats;
    } catch (e) {
      this.error = errorText(e);
    }
    this.update();
  }

  private async more(): Promise<void> {
    if (this.next === null) return;
    try {
      const a = await this.app.conn.request<GamesAnswer>("results.games", { limit: 20, before: this.next });
      this.games = [...(this.games ?? []), ...a.games];
      this.next = a.next;
    } catch (e) {
      this.app.fail(e);
    }
    this.update();
  }

  update(): void {
    this.renderStats();
    this.renderGames();
  }

  private renderStats(): void {
    const s = this.stats;
    if (!s) {
      fill(this.statsEl);
      return;
    }
    fill(this.statsEl, s.variants.length === 0 ? null : variantStats(s.variants));
  }

  private renderGames(): void {
    if (this.error) {
      fill(this.gamesEl, h("p", { class: "empty" }, this.error));
      return;
    }
    if (this.games === null) {
      fill(this.gamesEl, h("p", { class: "empty" }, t("common.loading")));
      return;
    }
    if (this.games.length === 0) {
      fill(this.gamesEl, h("p", { class: "empty" }, t("games.noneYet")));
      return;
    }
    fill(
      this.gamesEl,
      pastGameList(this.games),
      this.next !== null ? h("button", { type: "button", class: "more", onclick: () => void this.more() }, t("games.older")) : null,
      h("small", { class: "hint" }, t("games.hint")),
    );
  }
}
