// A finished game in a list (My games, a profile's recent games), as the
// player it belongs to saw it: won or lost, the game and when, partner and
// opponents (each a link to their profile, with what a rated game did to
// their rating: "alice 1512? (+12)"), the score, the player's own new
// rating, the chips it moved, and a link to its replay (#replay/<game>).
import { when } from "./chips";
import { h } from "../core/dom";
import { playerName, ratingTag } from "../core/players";
import { variantName } from "../core/rules";
import type { GamePlayer, PastGame, VariantStats } from "../core/types_results";
import { signedNum } from "../i18n/format";
import { t, tx } from "../i18n";

/** A player of the game: their name (a link, but for a computer player) and their rating's change. */
function who(p: GamePlayer): (HTMLElement | string | null)[] {
  const computer = p.user === null;
  return [playerName(p.name, computer), computer ? t("games.computer") : "", ratingTag(p.rating, p.rating?.change)];
}

/** Items joined by ", ". */
function listed(items: (HTMLElement | string | null)[][]): (HTMLElement | string | null)[] {
  return items.flatMap((x, i) => (i === 0 ? x : [", ", ...x]));
}

export function pastGameItem(g: PastGame): HTMLElement {
  const others = g.players.filter((p) => p.seat !== g.seat);
  const partner = others.find((p) => p.side === g.side);
  const against = others.filter((p) => p.side !== g.side);
  const theirs = against[0]?.score;
  const own = g.players.find((p) => p.seat === g.seat)?.rating ?? null;
  return h(
    "li",
    { class: `past-game ${g.won ? "won" : "lost"}`, "data-game": g.game },
    h("span", { class: `result-badge ${g.won ? "won" : "lost"}` }, g.won ? t("games.won") : t("games.lost")),
    h("span", { class: "game-title" }, h("b", null, variantName(g.variant)), h("small", null, ` · ${t("chips.game", { n: g.game })} · ${when(g.finished_at)}`)),
    h("span", { class: "game-score" }, g.variant === "exact" || theirs === undefined ? t("games.points", { n: g.score }) : `${g.score}–${theirs}`),
    h(
      "span",
      { class: "game-who" },
      partner
        ? tx("games.withAgainst", { partner: h("span", null, who(partner)), others: h("span", null, listed(against.map(who))) })
        : tx("games.against", { others: h("span", null, listed(against.map(who))) }),
    ),
    h(
      "span",
      { class: "game-mine" },
      h("span", { class: "game-rating", title: own ? t("games.ratingTitle") : null }, own ? ratingTag(own, own.change) : null),
      h(
        "span",
        { class: `game-chips num ${g.chips > 0 ? "up" : g.chips < 0 ? "down" : ""}`, "data-chips": g.chips },
        g.chips === 0 ? "" : t("chips.amount", { n: Math.abs(g.chips), amount: signedNum(g.chips) }),
      ),
    ),
    h(
      "a",
      { class: "game-open", href: `#replay/${g.game}`, "data-replay": g.game, title: t("games.replayTitle") },
      t("common.replay"),
      h("span", { class: "sr-only" }, " ", t("chips.game", { n: g.game })),
    ),
  );
}

/** Finished games, newest first, as a list. */
export function pastGameList(games: PastGame[]): HTMLElement {
  return h(
    "ol",
    { class: "game-list" },
    games.map((g) => pastGameItem(g)),
  );
}

/** Games played, won and lost per game (results.stats, a profile's variants). */
export function variantStats(variants: VariantStats[]): HTMLElement {
  return h(
    "ul",
    { class: "stat-list", "data-role": "variants" },
    variants.map((x) =>
      h(
        "li",
        { "data-variant": x.variant },
        h("b", null, variantName(x.variant)),
        h("span", null, t("games.count", { n: x.games })),
        h("span", { class: "up" }, t("games.wonCount", { n: x.wins })),
        h("span", { class: "down" }, t("games.lostCount", { n: x.losses })),
      ),
    ),
  );
}
