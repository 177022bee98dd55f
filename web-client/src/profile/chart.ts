// A rating's history as a line chart in inline SVG, drawn here: the rating
// after each rated game (oldest on the left, one step per game), the
// lowest and highest ratings marked on the left axis, the first and last
// games' days under the bottom one (one, when they are the same); a dot per game with its game, date
// and rating on hover. One game is a dot; no game, a line of text.
import { h, s } from "../core/dom";
import type { RatingPoint } from "../core/types_results";
import { dayMonth } from "../i18n/format";
import { t } from "../i18n";

const W = 320;
const H = 132;
const LEFT = 42;
const RIGHT = 10;
const TOP = 12;
const BOTTOM = 24;

const day = dayMonth;

/** The chart of `history`, labelled `label` (the pool's name and "rating"). */
export function ratingChart(history: RatingPoint[], label: string): HTMLElement | SVGSVGElement {
  const n = history.length;
  if (n === 0) return h("p", { class: "empty chart-empty" }, t("chart.none"));
  const ratings = history.map((p) => Math.round(p.rating));
  const min = Math.min(...ratings);
  const max = Math.max(...ratings);
  // Some room above and below, and at least 40 points of range, so a flat line sits in the middle.
  const pad = Math.max(8, (max - min) * 0.12, (40 - (max - min)) / 2);
  const lo = min - pad;
  const hi = max + pad;
  const x = (i: number): number => (n === 1 ? LEFT + (W - LEFT - RIGHT) / 2 : LEFT + ((W - LEFT - RIGHT) * i) / (n - 1));
  const y = (r: number): number => TOP + ((H - TOP - BOTTOM) * (hi - r)) / (hi - lo);
  const pts = ratings.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(" ");
  const first = ratings[0] ?? min;
  const last = ratings[n - 1] ?? max;
  const summary = n === 1 ? t("chart.one", { label, last }) : t("chart.summary", { label, n, first, last, min, max });
  const yLabel = (r: number): SVGElement[] => [
    s("line", { class: "grid", x1: LEFT, x2: W - RIGHT, y1: y(r), y2: y(r) }),
    s("text", { class: "tick", x: LEFT - 5, y: y(r) + 4, "text-anchor": "end" }, String(r)),
  ];
  const bottom = H - BOTTOM;
  const firstAt = history[0]?.at ?? 0;
  const lastAt = history[n - 1]?.at ?? 0;
  const oneDay = day(firstAt) === day(lastAt);
  return s(
    "svg",
    {
      class: "rating-chart",
      viewBox: `0 0 ${W} ${H}`,
      role: "img",
      "aria-label": summary,
      "data-points": n,
    },
    s("title", null, summary),
    yLabel(max),
    min !== max ? yLabel(min) : null,
    s("line", { class: "axis", x1: LEFT, x2: LEFT, y1: TOP - 4, y2: bottom }),
    s("line", { class: "axis", x1: LEFT, x2: W - RIGHT, y1: bottom, y2: bottom }),
    // The first and last games' days; one day in the middle when they were the same.
    oneDay
      ? s("text", { class: "tick", x: (LEFT + W - RIGHT) / 2, y: H - 6, "text-anchor": "middle" }, day(firstAt))
      : [
          s("text", { class: "tick", x: LEFT, y: H - 6, "text-anchor": "start" }, day(firstAt)),
          s("text", { class: "tick", x: W - RIGHT, y: H - 6, "text-anchor": "end" }, day(lastAt)),
        ],
    s("polyline", { class: "line", points: pts }),
    history.map((p, i) =>
      s(
        "circle",
        { class: i === n - 1 ? "dot last" : "dot", cx: x(i), cy: y(ratings[i] ?? min), r: i === n - 1 ? 3.5 : n > 40 ? 1.2 : 2 },
        s("title", null, t("chart.point", { game: p.game, day: day(p.at), rating: ratings[i] ?? "" })),
      ),
    ),
  );
}
