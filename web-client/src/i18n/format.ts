// Numbers, dates and times in the current language (Intl), so that a
// Romanian page writes "1.250 de jetoane" and "mâine la 14:30" and an
// English one "1,250 chips" and "tomorrow at 02:30 PM". The formatters are
// made again when the locale changes.
import { formatLocale, t } from "./index";

let made = "";
let numbers: Intl.NumberFormat;
let plain: Intl.NumberFormat;
let percents: Intl.NumberFormat;
let days: Intl.RelativeTimeFormat;
let lists: Intl.ListFormat;

function fresh(): void {
  const l = formatLocale();
  if (l === made) return;
  made = l;
  numbers = new Intl.NumberFormat(l);
  plain = new Intl.NumberFormat(l, { useGrouping: false });
  percents = new Intl.NumberFormat(l, { style: "percent", maximumFractionDigits: 0 });
  days = new Intl.RelativeTimeFormat(l, { numeric: "auto" });
  lists = new Intl.ListFormat(l, { type: "conjunction" });
}

/** "Ann, Bob and Cid" ("Ann, Bob, and Cid" in American English; "Ana, Bogdan și Ciprian"). */
export function list(items: string[]): string {
  fresh();
  return lists.format(items);
}

/** An amount (chips): "1,250", "1.250". */
export function num(n: number): string {
  fresh();
  return numbers.format(n);
}

/** A move of chips: "+1,200", "-30", "0". */
export function signedNum(n: number): string {
  return `${n > 0 ? "+" : ""}${num(n)}`;
}

/** A number without grouping (a rating, a score): "1512". */
export function plainNum(n: number): string {
  fresh();
  return plain.format(n);
}

/** A share: 0.5 -> "50%" ("50 %" in Romanian). */
export function percent(x: number): string {
  fresh();
  return percents.format(x);
}

const at = (unix: number): Date => new Date(unix * 1000);

/** "14:30" or "2:30 PM": a time of day, local. */
export function clock(unix: number): string {
  return at(unix).toLocaleTimeString(formatLocale(), { hour: "2-digit", minute: "2-digit" });
}

/** The date alone, short: "27/11/2026", "11/27/2026". */
export function shortDate(unix: number): string {
  return at(unix).toLocaleDateString(formatLocale());
}

/** "27 November 2026". */
export function longDate(unix: number): string {
  return at(unix).toLocaleDateString(formatLocale(), { year: "numeric", month: "long", day: "numeric" });
}

/** "27 Nov": a day in a chart. */
export function dayMonth(unix: number): string {
  return at(unix).toLocaleDateString(formatLocale(), { day: "numeric", month: "short" });
}

/** "27 Nov, 14:30": an entry in a list. */
export function dayTime(unix: number): string {
  return at(unix).toLocaleString(formatLocale(), { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

/** The full date and time, for a title on hover. */
export function fullDateTime(unix: number): string {
  return at(unix).toLocaleString(formatLocale());
}

/** A Date's local day, for comparing days. */
function dayOf(d: Date): string {
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

/**
 * "today at 14:30", "tomorrow at 09:00", "yesterday at 22:10", else the
 * date: "27/11/2026 at 09:05" (local time; the words for the day from Intl).
 */
export function dayAt(unix: number, now = Date.now()): string {
  fresh();
  const when = at(unix);
  const offset = [-1, 0, 1].find((k) => dayOf(when) === dayOf(new Date(now + k * 86_400_000)));
  const day = offset === undefined ? shortDate(unix) : days.format(offset, "day");
  return t("time.dayAt", { day, time: clock(unix) });
}
