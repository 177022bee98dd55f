// The daily duplicate in words: its day (the UTC date its boards are
// for) and its window in local time, with a countdown.
import { h } from "../core/dom";
import { countdown } from "../core/schedule";
import type { DailyView } from "../core/types_events";
import { formatLocale, t, tx } from "../i18n";
import { dayAt } from "../i18n/format";

/** "28 November 2026": the day of the daily's boards (from 00:00 UTC). */
export function dailyDate(d: DailyView): string {
  return new Date(d.opens * 1000).toLocaleDateString(formatLocale(), { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** "Open until tomorrow at 01:00 · in 5 h 12 min", "Opens …", "Closed …": the window, local time. */
export function dailyWindow(d: DailyView, now = Date.now() / 1000): HTMLElement {
  if (now < d.opens) return h("span", { class: "daily-window" }, tx("daily.opensAt", { when: dayAt(d.opens), left: countdown(d.opens) }));
  if (now < d.closes && d.open)
    return h("span", { class: "daily-window" }, tx("daily.openUntil", { from: dayAt(d.opens), when: dayAt(d.closes), left: countdown(d.closes) }));
  return h("span", { class: "daily-window" }, t("daily.closedAt", { when: dayAt(d.closes) }));
}
