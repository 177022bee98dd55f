// The game's result at the table: the winners, the points of each deal
// with the tricks taken, the rematch, the replay and the way out.
import type { App } from "../app";
import { gameChipsLine } from "../lobby/compete";
import { h } from "../core/dom";
import { playerName, ratingTag } from "../core/players";
import { isComputer, seatName, winnersText, type SeatRating, type TableState } from "./game";
import { hasSides } from "../core/rules";
import type { View } from "../core/types";

export function resultPanel(app: App, st: TableState, v: View | null): HTMLElement {
  const t = st.summary;
  const scores = st.result?.scores ?? v?.scores ?? [];
  const winners = st.result?.winners ?? v?.winners ?? [];
  const sides = hasSides(t);
  const heads = sides ? [0, 1].map((s) => [seatLink(st, s), " & ", seatLink(st, s + 2)]) : t.seats.map((_, i) => [seatLink(st, i)]);
  const results = v?.results ?? [];
  const seated = st.seat !== null;
  // Computer players agree to every rematch: only the people are waited for.
  const waiting = t.seats.filter((s) => !st.rematch.has(s.seat) && !s.computer).map((s) => s.name ?? `seat ${s.seat + 1}`);
  return h(
    "div",
    { class: "result", "data-role": "result" },
    h(
      "h3",
      null,
      sides
        ? `Game over: ${winnersText(st, winners)}, ${[...scores].sort((a, b) => b - a).join(" to ")}.`
        : `Game over: ${winnersText(st, winners)} with ${scores[winners[0] ?? 0] ?? 0} points.`,
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
          h("th", null, "Deal"),
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
          h("td", null, "Total"),
          scores.map((sc) => h("td", null, String(sc))),
        ),
      ),
    ),
    h("small", { class: "hint" }, "Points per deal, with the tricks taken in brackets."),
    ratingsLine(st),
    seated && t.settings.kind === "compete" && t.state === "finished" ? gameChipsLine(app, st.result?.game ?? null) : null,
    h(
      "div",
      { class: "result-actions" },
      // Also once someone left (the table open again): at a Compete table
      // the next game waits for everyone's rematch.
      seated && st.seat !== null && !st.rematch.has(st.seat) && t.state !== "playing"
        ? h("button", { type: "button", class: "primary", id: "rematch", onclick: () => void app.rematch() }, "Rematch")
        : null,
      seated && st.seat !== null && st.rematch.has(st.seat) ? h("span", null, `Waiting for ${waiting.join(", ")} to agree…`) : null,
      st.result?.game != null && t.state === "finished"
        ? h("button", { type: "button", id: "replay", onclick: () => app.openReplay(st.result?.game ?? 0) }, "Replay the game")
        : null,
      h("button", { type: "button", onclick: () => void app.toLobby() }, seated ? "Leave the table" : "Back to the lobby"),
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
  return h("p", { class: "ratings", "data-role": "ratings" }, "Ratings: ", ratings.map(one), ".");
}
