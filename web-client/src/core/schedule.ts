// Scheduled tables: start times in the user's local time, live countdowns,
// and the next time of day within 24 hours (what the create form sends as
// settings.start_at, Unix seconds).
import { h } from "./dom";
import { dayAt, fullDateTime } from "../i18n/format";
import { t, tx } from "../i18n";
import type { TableSummary } from "./types";

/** "today at 14:30" or "tomorrow at 09:00" (local time, in the user's language). */
export function startText(unix: number, now = Date.now()): string {
  return dayAt(unix, now);
}

/** "in 1 h 05 min", "in 4:07", "now": the time left until `unix`. */
export function leftText(unix: number, now = Date.now()): string {
  const s = Math.ceil(unix - now / 1000);
  if (s <= 0) return t("time.now");
  if (s < 3600) return t("time.inMinutes", { m: Math.floor(s / 60), s: String(s % 60).padStart(2, "0") });
  const m = Math.floor(s / 60);
  return t("time.inHours", { h: Math.floor(m / 60), m: String(m % 60).padStart(2, "0") });
}

/**
 * The next moment after now at the local time of day `hhmm` ("14:30"):
 * today if still ahead, else tomorrow; so always within 24 hours. Unix
 * seconds, or null for a time that cannot be read.
 */
export function nextAt(hhmm: string, now = Date.now()): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 23 || minutes > 59) return null;
  const at = new Date(now);
  at.setHours(hours, minutes, 0, 0);
  if (at.getTime() <= now + 5000) at.setDate(at.getDate() + 1);
  return Math.floor(at.getTime() / 1000);
}

/** "14:30": the local time of day `minutes` from now, rounded up to 5 minutes. */
export function timeInput(minutes: number, now = Date.now()): string {
  const at = new Date(now + minutes * 60_000);
  at.setMinutes(Math.ceil(at.getMinutes() / 5) * 5, 0, 0);
  return `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
}

/** A countdown to `unix` that keeps itself current (see the ticker below). */
export function countdown(unix: number): HTMLElement {
  return h("span", { class: "countdown-to", "data-countdown-to": unix }, leftText(unix));
}

/** "Starts today at 14:30 · in 25:13", with a live countdown. */
export function startLine(unix: number): HTMLElement {
  return h(
    "span",
    { class: "start-at", "data-start-at": unix, title: fullDateTime(unix) },
    tx("schedule.starts", { when: startText(unix), left: countdown(unix) }),
  );
}

// One ticker for every countdown on the page.
let ticker: number | undefined;

export function startTicker(extra: () => void): void {
  if (ticker !== undefined) return;
  ticker = window.setInterval(() => {
    for (const el of document.querySelectorAll<HTMLElement>("[data-countdown-to]")) {
      const unix = Number(el.dataset["countdownTo"]);
      const text = leftText(unix);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("soon", unix - Date.now() / 1000 <= 300);
    }
    extra();
  }, 1000);
}

/**
 * A scheduled table's start time while it still matters: before its first
 * game (once a game has been played there, the next one starts when every
 * seat is taken). Null for a table without one, or past it.
 */
export function pendingStart(table: TableSummary): number | null {
  const at = (table.settings as { start_at?: number | null }).start_at;
  return at && table.state === "open" && table.game === null ? at : null;
}

/** The table's line before its game: how many seats are free, and when it begins (when full, or at its start time). */
export function waitingText(table: TableSummary, free: number): string {
  const at = pendingStart(table);
  const who = free > 0 ? t("schedule.waitingFor", { n: free }) : t("schedule.everySeatTaken");
  if (!at) return t("schedule.startsWhenFull", { who });
  return t("schedule.startsAt", { who, when: startText(at) });
}

/** "Started today at 14:30": a scheduled table once its game has begun. */
export function startedLine(unix: number): HTMLElement {
  return h("span", { class: "started-at", title: fullDateTime(unix) }, t("schedule.started", { when: startText(unix) }));
}
