// The British game's rubber and the cut for partners, in words: a game of
// the rubber won (its score and value: a treble, a double or a single),
// the games each side has won, what the rubber is worth to its winners
// (docs/rules.md, the classic game's rubber: 2 for it, plus the winners'
// games, less the losers'), and the cards of a cut with its outcome.
import { cardText } from "../core/cards";
import type { CutDraw, RubberGame, TableSummary } from "../core/types";
import { t, type Key } from "../i18n";

/** Whether the table plays rubbers (classic whist's option `rubber`). */
export function isRubber(table: TableSummary): boolean {
  return table.variant === "classic" && table.options["rubber"] === true;
}

const VALUES: Record<number, Key> = { 3: "rubber.treble", 2: "rubber.double", 1: "rubber.single" };

/** "a treble (3)", "a double (2)", "a single (1)". */
export function gameValueText(value: number): string {
  const key = VALUES[value];
  return key ? t(key) : String(value);
}

/** "5–3": a game's score, the winners' first. */
export function gameScoreText(g: RubberGame): string {
  const w = g.score[g.winner] ?? 0;
  const l = g.score[1 - g.winner] ?? 0;
  return `${w}–${l}`;
}

/** "Game 1 to Ann & Cid, 5–3: a single (1)." `names`: the winners' side in words. */
export function rubberGameText(game: number, names: string, g: RubberGame): string {
  return t("notice.rubberGame", { n: game + 1, names, score: gameScoreText(g), value: gameValueText(g.value) });
}

/** The games of the rubber each side has won. */
export function gamesWon(games: readonly RubberGame[]): [number, number] {
  const won: [number, number] = [0, 0];
  for (const g of games) won[g.winner === 1 ? 1 : 0] += 1;
  return won;
}

/** The side that has won the rubber (two games), or null while it goes on. */
export function rubberWinner(games: readonly RubberGame[]): number | null {
  const won = gamesWon(games);
  return won[0] >= 2 ? 0 : won[1] >= 2 ? 1 : null;
}

/** What a finished rubber is worth to its winners: 2, plus their games' values, less the losers'; null while it goes on. */
export function rubberPoints(games: readonly RubberGame[]): number | null {
  const winner = rubberWinner(games);
  if (winner === null) return null;
  return games.reduce((sum, g) => sum + (g.winner === winner ? g.value : -g.value), 2);
}

/** "Games 1–0": the games each side has won, side 0's first. */
export function gamesText(games: readonly RubberGame[]): string {
  const [a, b] = gamesWon(games);
  return t("status.games", { a, b });
}

/** Reads a `rubber_game` event's game; null when it is not one. */
export function rubberGameOf(ev: Record<string, unknown>): RubberGame | null {
  const winner = ev["winner"];
  const score = ev["score"];
  if (typeof winner !== "number" || !Array.isArray(score)) return null;
  return { winner, score: score as number[], value: Number(ev["value"] ?? 1), deals: Number(ev["deals"] ?? 0) };
}

/**
 * The notice of a cut: "Cut: Ann K♠, Bob A♥, Cid 3♣, Dan 9♦. Bob & Cid play
 * together; Bob deals." `name`: a seat's player after the cut; `sides`:
 * partnerships (the dealer's partner sits opposite), else the dealer only.
 */
export function cutText(draws: readonly CutDraw[], dealer: number, sides: boolean, name: (seat: number) => string): string {
  const cards = draws.map((d) => t("notice.cutDraw", { name: name(d.seat), card: cardText(d.card) })).join(", ");
  const outcome = sides
    ? t("notice.cutPartners", { a: name(dealer), b: name((dealer + 2) % 4), dealer: name(dealer) })
    : t("notice.cutDealer", { dealer: name(dealer) });
  return `${t("notice.cut", { draws: cards })} ${outcome}`;
}
