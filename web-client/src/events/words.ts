// Events in words: the movements, states, scoring, the boards' rules (the
// trump rule and honours, named and worded by the server's rules object),
// pairs and players by name, scores, the round's clock, and the server's
// notices (event.update's English `notice`) in the user's language.
import { h } from "../core/dom";
import { optionLabel, optionSpecs, optionText } from "../core/rules";
import type { OptionValue } from "../core/types";
import type { EventKind, EventPlayer, EventState, EventSummary, EventView, EventEntry, EventScoring, EventUpdate } from "../core/types_events";
import { lang, t, type Key } from "../i18n";
import { plainNum } from "../i18n/format";

/** The options an event sets for its boards (docs/protocol.md, event.create): the classic game's, by name; their values and words come from the rules. */
export const EVENT_OPTIONS = ["trump", "honours"];

const KINDS: Record<EventKind, Key> = { mitchell: "events.kindMitchell", howell: "events.kindHowell", drive: "events.kindDrive" };
const KIND_HELP: Record<EventKind, Key> = { mitchell: "events.kindMitchellHelp", howell: "events.kindHowellHelp", drive: "events.kindDriveHelp" };
const STATES: Record<EventState, Key> = {
  open: "events.stateOpen",
  running: "events.stateRunning",
  finished: "events.stateFinished",
  cancelled: "events.stateCancelled",
};
const ENTRY: Record<EventEntry, Key> = { open: "events.entryIsOpen", friends: "events.entryIsFriends", invited: "events.entryIsInvited" };

export const KIND_IDS: EventKind[] = ["mitchell", "howell", "drive"];
export const ENTRY_IDS: EventEntry[] = ["open", "friends", "invited"];

export function kindName(kind: EventKind): string {
  return KINDS[kind] ? t(KINDS[kind]) : kind;
}

export function kindHelp(kind: EventKind): string {
  return KIND_HELP[kind] ? t(KIND_HELP[kind]) : "";
}

export function stateName(state: EventState): string {
  return STATES[state] ? t(STATES[state]) : state;
}

export function entryName(entry: EventEntry): string {
  return ENTRY[entry] ? t(ENTRY[entry]) : entry;
}

export function scoringName(scoring: EventScoring): string {
  return scoring === "total" ? t("events.scoringTotal") : t("events.scoringMatchpoints");
}

/** The event's state as a badge. */
export function stateBadge(e: { state: EventState; paused?: boolean }): HTMLElement {
  return h("span", { class: `badge event-state state-${e.state}`, "data-state": e.state }, stateName(e.state));
}

export function kindBadge(kind: EventKind): HTMLElement {
  return h("span", { class: `badge event-kind kind-${kind}` }, kindName(kind));
}

/** "Trumps: turned card · Honours: off": the boards' rules, in the rules' own words. */
export function boardRules(options: Record<string, OptionValue>): string {
  const specs = optionSpecs("classic");
  const lower = (s: string): string => s.toLocaleLowerCase(lang());
  return EVENT_OPTIONS.flatMap((name) => {
    const spec = specs.find((o) => o.name === name);
    const value = options[name];
    if (!spec || value === undefined) return [];
    return [t("rules.optionChoice", { label: optionText(spec).label, value: lower(optionLabel("classic", name, value)) })];
  }).join(" · ");
}

/** A number of points or matchpoints as the server gives it (up to two decimals). */
export function score(n: number | null | undefined): string {
  if (n === null || n === undefined) return "";
  return Number.isInteger(n) ? plainNum(n) : n.toLocaleString(lang(), { minimumFractionDigits: 1, maximumFractionDigits: 2 });
}

export function percentText(n: number | null | undefined): string {
  if (n === null || n === undefined) return "";
  return `${n.toLocaleString(lang(), { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
}

/** The players of pair `n` ("Ann & Bob"), a Mitchell's by direction. */
export function pairPlayers(view: EventView, n: number, direction: "ns" | "ew" | null = null): EventPlayer[] {
  const mitchell = view.kind === "mitchell";
  const pair = (view.pairs ?? []).find((p) => p.pair === n && (!mitchell || direction === null || p.direction === direction));
  return pair?.players ?? [];
}

export function playerWord(p: EventPlayer): string {
  return p.account === null ? t("events.computer") : p.name;
}

/** "Pair 3" in a Howell, "N/S 3" or "E/W 3" in a Mitchell. */
export function pairLabel(view: { kind: EventKind }, n: number, direction: "ns" | "ew" | null): string {
  if (view.kind === "mitchell" && direction) return t(direction === "ns" ? "events.pairNs" : "events.pairEw", { n });
  return t("events.pair", { n });
}

/** The entries: a count (summaries) or the list's length. */
export function entryCount(e: EventSummary): number {
  return typeof e.entries === "number" ? e.entries : e.entries.length;
}

/** "12:34 left", "1 h 05 min left", "time is up": the round's clock. */
export function clockLeft(ends: number, now = Date.now()): string {
  const s = Math.ceil(ends - now / 1000);
  if (s <= 0) return t("events.timeUp");
  if (s < 3600) return t("events.minutesLeft", { m: Math.floor(s / 60), s: String(s % 60).padStart(2, "0") });
  const m = Math.floor(s / 60);
  return t("events.hoursLeft", { h: Math.floor(m / 60), m: String(m % 60).padStart(2, "0") });
}

/** The round's clock: its time left, kept current by the screen's ticker (data-round-ends), or "paused". */
export function roundClock(e: EventSummary): HTMLElement | null {
  if (e.state !== "running" || e.round_ends === null) return null;
  if (e.paused) return h("span", { class: "round-clock paused", "data-role": "round-clock" }, t("events.clockPaused"));
  return h("span", { class: "round-clock", "data-role": "round-clock", "data-round-ends": e.round_ends }, clockLeft(e.round_ends));
}

/** Keeps the round clocks under `root` current. */
export function tickClocks(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLElement>("[data-round-ends]")) {
    const ends = Number(el.dataset["roundEnds"]);
    const text = clockLeft(ends);
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle("soon", ends - Date.now() / 1000 <= 120);
  }
}

/**
 * event.update's notice (the server's English) in the user's words, with
 * the event's name; null for a change that needs none. A notice the
 * client does not know is shown as sent.
 */
export function noticeText(u: EventUpdate): string | null {
  const n = u.notice.trim();
  if (!n) return null;
  const name = u.name;
  const round = u.round;
  if (n.startsWith("started")) return t("events.noticeStarted", { name, n: round });
  if (/^round \d+ extended$/.test(n)) return t("events.noticeExtended", { name, n: round });
  if (/^round \d+$/.test(n)) return t("events.noticeRound", { name, n: round });
  if (n === "finished") return t("events.noticeFinished", { name });
  if (n.startsWith("finished before")) return t("events.noticeFinishedRefunded", { name });
  if (n === "paused") return t("events.noticePaused", { name });
  if (n === "resumed") return t("events.noticeResumed", { name });
  if (n === "cancelled by the director") return t("events.noticeCancelled", { name });
  if (n === "cancelled: too few entries") return t("events.noticeCancelledFew", { name });
  const invited = /^(.+) invites you to (.+)$/s.exec(n);
  if (invited?.[1]) return t("events.noticeInvited", { who: invited[1], name });
  const why = /^cancelled: (.+)$/.exec(n);
  if (why?.[1]) return t("events.noticeCancelledWhy", { name, reason: why[1] });
  return `${name}: ${n}`;
}
