// The countdown of the seat to act, on its seat and in the user's prompt:
// from the server's clock (turn_ms_left) when it said it for this turn,
// else reckoned from when the turn began and the table's timers. Its last
// 5 seconds are marked (urgent), and tick at the user's own turn (alerts/).
import type { TableState } from "./game";
import { t } from "../i18n";
import { countdown } from "../alerts/alerts";

const GRACE_SECONDS = 60; // the server's wait for an absent player when timers are off

/** Updates the countdown of the seat to act. */
export function showCountdowns(root: HTMLElement, st: TableState | null): void {
  const v = st?.view;
  const els = [...root.querySelectorAll(".seat.to-act .countdown, .prompt .countdown")];
  if (!st || !v || els.length === 0 || v.to_act === null) return;
  const s = st.summary.settings;
  let limit = v.phase === "play" ? s.timer_play : s.timer_bid;
  const info = st.summary.seats[v.to_act];
  // An absent player has a grace period; once the computer stands in, it plays at once.
  if (limit === 0 && info && !info.connected && !st.standIns.has(v.to_act)) limit = GRACE_SECONDS;
  let left = Math.max(0, Math.ceil(limit - (Date.now() - st.turnSince) / 1000));
  // The server's clock, when it said it for this turn (after a reload too).
  if (st.turnDeadline === null) limit = 0;
  else if (st.turnDeadline !== undefined) {
    limit = 1;
    left = Math.max(0, Math.ceil((st.turnDeadline - Date.now()) / 1000));
  }
  for (const el of els) {
    el.textContent = limit === 0 ? "" : ` · ${t("rules.seconds", { n: left })}`;
    el.classList.toggle("urgent", limit !== 0 && left <= 5);
  }
  countdown(st, left, limit !== 0); // the user's last seconds tick
}
