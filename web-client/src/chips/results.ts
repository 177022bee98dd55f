// The results screen: the user's past games (variant, result, score,
// chips; each opens the replay viewer), their wins and losses per game,
// and the leaderboard of each game.
import type { App, Screen } from "../app";
import { when } from "./chips";
import { h, fill } from "../core/dom";
import { variantName, variantIds } from "../core/rules";
import { backButton } from "./wallet";
import type { Variant } from "../core/types";
import type { GamesAnswer, LeaderboardAnswer, PastGame, StatsAnswer } from "../core/types_results";

const LEADERS_KEY = "whist.leaderboard";

export class ResultsScreen implements Screen {
  readonly el: HTMLElement;
  private readonly gamesEl: HTMLElement;
  private readonly statsEl: HTMLElement;
  private readonly leadersEl: HTMLElement;
  private games: PastGame[] | null = null;
  private next: number | null = null;
  private stats: StatsAnswer | null = null;
  private leaders: LeaderboardAnswer | null = null;
  private variant: Variant = (sessionStorage.getItem(LEADERS_KEY) as Variant | null) ?? "classic";
  private error = "";

  constructor(private readonly app: App) {
    this.gamesEl = h("div", { class: "games", "data-role": "my-games" });
    this.statsEl = h("div", { class: "stats", "data-role": "stats" });
    this.leadersEl = h("div", { class: "leaders", "data-role": "leaderboard" });
    const pick = h(
      "div",
      { class: "variant-tabs", role: "tablist", "aria-label": "game" },
      variantIds().map((v) =>
        h(
          "button",
          {
            type: "button",
            role: "tab",
            "data-variant": v,
            "aria-selected": v === this.variant ? "true" : "false",
            onclick: () => void this.showLeaders(v),
          },
          variantName(v),
        ),
      ),
    );
    this.el = h(
      "section",
      { class: "results-screen page-screen" },
      h("div", { class: "page-head" }, h("h2", null, "My games", h("small", null, app.user ? ` · ${app.user.name}` : "")), backButton(app)),
      h(
        "div",
        { class: "results-layout" },
        h("div", { class: "card-panel" }, this.statsEl, this.gamesEl),
        h("div", { class: "card-panel" }, h("h3", null, "Leaderboard"), pick, this.leadersEl),
      ),
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
      this.error = e instanceof Error ? e.message : String(e);
    }
    await this.showLeaders(this.variant);
  }

  private async more(): Promise<void> {
    if (this.next === null) return;
    try {
      const a = await this.app.conn.request<GamesAnswer>("results.games", { limit: 20, before: this.next });
      this.games = [...(this.games ?? []), ...a.games];
      this.next = a.next;
    } catch (e) {
      this.app.flash(e instanceof Error ? e.message : String(e));
    }
    this.update();
  }

  private async showLeaders(v: Variant): Promise<void> {
    this.variant = v;
    sessionStorage.setItem(LEADERS_KEY, v);
    for (const b of this.el.querySelectorAll<HTMLElement>(".variant-tabs button"))
      b.setAttribute("aria-selected", b.dataset["variant"] === v ? "true" : "false");
    try {
      this.leaders = await this.app.conn.request<LeaderboardAnswer>("results.leaderboard", { variant: v, limit: 20 });
    } catch (e) {
      this.leaders = null;
      this.app.flash(e instanceof Error ? e.message : String(e));
    }
    this.update();
  }

  update(): void {
    this.renderStats();
    this.renderGames();
    this.renderLeaders();
  }

  private renderStats(): void {
    const s = this.stats;
    if (!s) {
      fill(this.statsEl);
      return;
    }
    fill(
      this.statsEl,
      s.variants.length === 0
        ? null
        : h(
            "ul",
            { class: "stat-list" },
            s.variants.map((x) =>
              h(
                "li",
                { "data-variant": x.variant },
                h("b", null, variantName(x.variant)),
                h("span", null, `${x.games} game${x.games === 1 ? "" : "s"}`),
                h("span", { class: "up" }, `${x.wins} won`),
                h("span", { class: "down" }, `${x.losses} lost`),
              ),
            ),
          ),
    );
  }

  private renderGames(): void {
    if (this.error) {
      fill(this.gamesEl, h("p", { class: "empty" }, this.error));
      return;
    }
    if (this.games === null) {
      fill(this.gamesEl, h("p", { class: "empty" }, "Loading…"));
      return;
    }
    if (this.games.length === 0) {
      fill(this.gamesEl, h("p", { class: "empty" }, "No finished games yet. Press Play in the lobby for a quick game."));
      return;
    }
    const me = this.app.user?.id;
    fill(
      this.gamesEl,
      h(
        "ol",
        { class: "game-list" },
        this.games.map((g) => {
          const others = g.players.filter((p) => p.seat !== g.seat);
          const partner = others.find((p) => p.side === g.side);
          const against = others.filter((p) => p.side !== g.side);
          const theirs = against[0]?.score;
          return h(
            "li",
            { class: `past-game ${g.won ? "won" : "lost"}`, "data-game": g.game },
            h(
              "button",
              {
                type: "button",
                class: "game-open",
                title: "Open the replay: every hand face up, step by step",
                onclick: () => this.app.openReplay(g.game),
              },
              h("span", { class: `result-badge ${g.won ? "won" : "lost"}` }, g.won ? "Won" : "Lost"),
              h(
                "span",
                { class: "game-main" },
                h("b", null, variantName(g.variant)),
                h("small", null, ` · Game ${g.game} · ${when(g.finished_at)}`),
                h(
                  "span",
                  { class: "game-who" },
                  partner ? `with ${partner.name}${partner.user === null ? " (computer)" : ""}, ` : "",
                  `against ${against.map((p) => p.name + (p.user === null ? " (computer)" : "")).join(", ")}`,
                ),
              ),
              h("span", { class: "game-score" }, g.variant === "exact" || theirs === undefined ? `${g.score} points` : `${g.score}–${theirs}`),
              h(
                "span",
                { class: `game-chips num ${g.chips > 0 ? "up" : g.chips < 0 ? "down" : ""}`, "data-chips": g.chips },
                g.chips === 0 ? "" : `${g.chips > 0 ? "+" : ""}${g.chips} chips`,
              ),
            ),
          );
        }),
      ),
      this.next !== null ? h("button", { type: "button", class: "more", onclick: () => void this.more() }, "Older games") : null,
      me === undefined ? null : h("small", { class: "hint" }, "Choose a game to watch its replay."),
    );
  }

  private renderLeaders(): void {
    const l = this.leaders;
    if (!l) {
      fill(this.leadersEl);
      return;
    }
    if (l.players.length === 0) {
      fill(this.leadersEl, h("p", { class: "empty" }, `Nobody is ranked in ${variantName(l.variant)} yet (registered players only).`));
      return;
    }
    const me = this.app.user?.id;
    fill(
      this.leadersEl,
      h(
        "table",
        { class: "leader-table", "data-variant": l.variant },
        h(
          "thead",
          null,
          h(
            "tr",
            null,
            h("th", null, "#"),
            h("th", null, "Player"),
            h("th", { class: "num" }, "Games"),
            h("th", { class: "num" }, "Won"),
            h("th", { class: "num" }, "Rate"),
          ),
        ),
        h(
          "tbody",
          null,
          l.players.map((p) =>
            h(
              "tr",
              { class: p.id === me ? "me" : "", "data-player": p.name },
              h("td", null, String(p.rank)),
              h("td", null, p.name, p.id === me ? h("small", null, " (you)") : null),
              h("td", { class: "num" }, String(p.games)),
              h("td", { class: "num" }, String(p.wins)),
              h("td", { class: "num" }, `${Math.round(p.win_rate * 100)}%`),
            ),
          ),
        ),
      ),
      h("small", { class: "hint" }, "Ranked by games won, then by the share won. Guests are not ranked."),
    );
  }
}
