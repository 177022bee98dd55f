// Scheduled tables: start times in the user's local time, live countdowns,
// and the next time of day within 24 hours (what the create form sends as
// settings.start_at, Unix seconds).
import { h } from "./dom";
import type { TableSummary } from "./types";

/** "14:30" in the user's local time. */
export function clockText(unix: number): string {
  return new Date(unix * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** "today at 14:30" or "tomorrow at 09:00" (local time). */
export function startText(unix: number, now = Date.now()): string {
  const at = new Date(unix * 1000);
  const today = new Date(now);
  const tomorrow = new Date(now + 86_400_000);
  const sameDay = (a: Date, b: Date): boolean => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
  const day = sameDay(at, today) ? "today" : sameDay(at, tomorrow) ? "tomorrow" : at.toLocaleDateString();
  return `${day} at ${clockText(unix)}`;
}

/** "in 1 h 05 min", "in 4:07", "now": the time left until `unix`. */
export function leftText(unix: number, now = Date.now()): string {
  const s = Math.ceil(unix - now / 1000);
  if (s <= 0) return "now";
  if (s < 3600) return `in ${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  const m = Math.floor(s / 60);
  return `in ${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min`;
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
    { class: "start-at", "data-start-at": unix, title: new Date(unix * 1000).toLocaleString() },
    `Starts ${startText(unix)} · `,
    countdown(unix),
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
export function pendingStart(t: TableSummary): number | null {
  const at = (t.settings as { start_at?: number | null }).start_at;
  return at && t.state === "open" && t.game === null ? at : null;
}

/** The table's line before its game: how many seats are free, and when it begins (when full, or at its start time). */
export function waitingText(t: TableSummary, free: number): string {
  const at = pendingStart(t);
  const who = free > 0 ? `Waiting for ${free} more player${free === 1 ? "" : "s"}` : "Every seat is taken";
  if (!at) return `${who} — the game starts when every seat is taken.`;
  return `${who} — the game starts ${startText(at)}.`;
}

/** "Started today at 14:30": a scheduled table once its game has begun. */
export function startedLine(unix: number): HTMLElement {
  return h("span", { class: "started-at", title: new Date(unix * 1000).toLocaleString() }, `Started ${startText(unix)}`);
}
