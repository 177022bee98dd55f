// Events in words: the movements, states, scoring, the boards' game and
// rules (classic whist's trump rule and honours, bid whist's options, named
// and worded by the server's rules object), pairs and players by name,
// scores (a minus sign below zero), the round's clock, and the server's
// notices (event.update's English `notice`) in the user's language.
import { h } from "../core/dom";
import { defaultOptions, optionLabel, optionSpecs, optionText, variantIds, variantName } from "../core/rules";
import type { OptionValue, RulesOption, Variant } from "../core/types";
import type { EventKind, EventPlayer, EventState, EventSummary, EventView, EventEntry, EventScoring, EventUpdate } from "../core/types_events";
import { lang, t, type Key } from "../i18n";
import { plainNum } from "../i18n/format";

/** The games an event's boards may be (docs/protocol.md, event.create): exact-bid whist has none. */
const BOARD_VARIANTS: Variant[] = ["classic", "bid"];
/** Classic whist's options an event sets for its boards (the others are for games to a score). */
const CLASSIC_OPTIONS = ["trump", "honours"];
/** Bid whist's options boards leave out: a board is scored alone (play_to is not read), and the event's own. */
const NOT_FOR_BOARDS = ["play_to", "boards", "first_trump"];

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

/** The game of an event's boards: its `variant` ("classic" for a server or an event that names none). */
export function eventVariant(e: { variant?: Variant | undefined }): Variant {
  return e.variant ?? "classic";
}

/** The games the new-event form offers: those with boards that the server has. */
export function boardVariants(): Variant[] {
  const known = variantIds();
  return BOARD_VARIANTS.filter((v) => known.length === 0 || known.includes(v));
}

/** The options an event of `variant` sets for its boards, as the rules describe them (values, words, defaults). */
export function eventOptionSpecs(variant: Variant): RulesOption[] {
  const specs = optionSpecs(variant);
  if (variant === "classic") return specs.filter((o) => CLASSIC_OPTIONS.includes(o.name));
  return specs.filter((o) => !NOT_FOR_BOARDS.includes(o.name));
}

/** The game's name (the variant's title), from the rules. */
export function gameName(e: { variant?: Variant | undefined }): string {
  return variantName(eventVariant(e));
}

export function gameBadge(e: { variant?: Variant | undefined }): HTMLElement {
  const v = eventVariant(e);
  return h("span", { class: "badge event-game", "data-variant": v }, variantName(v));
}

/**
 * The boards' rules in the rules' own words: "Trumps: turned card ·
 * Honours: off" (classic); bid whist's numbers and what is not the default
 * (the jokers, the lowest bid, then each option away from its default,
 * with its value), or with `all`
 * every option. With `game`, the game's name first.
 */
export function boardRules(e: { variant?: Variant | undefined; options: Record<string, OptionValue> }, { game = false, all = false } = {}): string {
  const variant = eventVariant(e);
  const defaults = defaultOptions(variant, 4);
  const lower = (s: string): string => s.toLocaleLowerCase(lang());
  const parts = eventOptionSpecs(variant).flatMap((spec) => {
    const value = e.options[spec.name];
    if (value === undefined) return [];
    if (!all && variant !== "classic" && spec.type !== "int" && value === defaults[spec.name]) return [];
    return [t("rules.optionChoice", { label: optionText(spec).label, value: lower(optionLabel(variant, spec.name, value)) })];
  });
  return [game ? variantName(variant) : null, ...parts].filter((x) => x).join(" · ");
}

/** A number of points or matchpoints as the server gives it (up to two decimals); below zero (bid whist's contracts set) with a minus sign, "−2". */
export function score(n: number | null | undefined): string {
  if (n === null || n === undefined) return "";
  const a = Math.abs(n);
  const text = Number.isInteger(a) ? plainNum(a) : a.toLocaleString(lang(), { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  return n < 0 ? `\u2212${text}` : text;
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
