// The game's result at the table: the winners, the points of each deal
// with the tricks taken, the rematch, the replay and the way out.
import type { App } from "../app";
import { gameChipsLine } from "../lobby/compete";
import { h } from "../core/dom";
import { playerName, ratingTag } from "../core/players";
import { isComputer, seatName, winnersText, type SeatRating, type TableState } from "./game";
import { hasSides } from "../core/rules";
import type { View } from "../core/types";
import { list } from "../i18n/format";
import { t, tx } from "../i18n";

export function resultPanel(app: App, st: TableState, v: View | null): HTMLElement {
  const table = st.summary;
  const scores = st.result?.scores ?? v?.scores ?? [];
  const winners = st.result?.winners ?? v?.winners ?? [];
  const sides = hasSides(table);
  const heads = sides ? [0, 1].map((s) => tx("table.side", { a: seatLink(st, s), b: seatLink(st, s + 2) })) : table.seats.map((_, i) => [seatLink(st, i)]);
  const results = v?.results ?? [];
  const seated = st.seat !== null;
  // Computer players agree to every rematch: only the people are waited for.
  const waiting = table.seats.filter((s) => !st.rematch.has(s.seat) && !s.computer).map((s) => s.name ?? t("table.seat", { n: s.seat + 1 }));
  return h(
    "div",
    { class: "result", "data-role": "result" },
    h(
      "h3",
      null,
      sides
        ? t("result.overSides", { winners: winnersText(st, winners), score: [...scores].sort((a, b) => b - a).join(t("result.scoreTo")) })
        : t("result.overPlayers", { winners: winnersText(st, winners), n: scores[winners[0] ?? 0] ?? 0 }),
    ),
    h(
      "table",
      { class: "deals" },
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          h("th", null, t("status.deal")),
          heads.map((x) => h("th", null, x)),
        ),
      ),
      h(
        "tbody",
        null,
        results.map((r, i) =>
          h(
            "tr",
            null,
            h("td", null, String(i + 1)),
            r.score.map((sc, j) => h("td", null, `${sc > 0 ? "+" : ""}${sc}`, h("small", null, ` (${r.tricks[j] ?? 0})`))),
          ),
        ),
        h(
          "tr",
          { class: "total" },
          h("td", null, t("result.total")),
          scores.map((sc) => h("td", null, String(sc))),
        ),
      ),
    ),
    h("small", { class: "hint" }, t("result.pointsHint")),
    ratingsLine(st),
    seated && table.settings.kind === "compete" && table.state === "finished" ? gameChipsLine(app, st.result?.game ?? null) : null,
    h(
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
