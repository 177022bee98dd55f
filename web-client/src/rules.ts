// What the client knows of the games' options (docs/rules.md): names,
// values, one-line explanations, the classic presets, and hand sizes.
import type { OptionValue, TableSummary, Variant } from "./types";

export const VARIANT_NAMES: Record<Variant, string> = {
  classic: "Classic Whist",
  bid: "Bid Whist",
  exact: "Exact-bid Whist",
};

export const VARIANT_BLURBS: Record<Variant, string> = {
  classic: "Four players in two partnerships; no bidding, the turned card or a fixed rotation names trumps.",
  bid: "Four players in two partnerships; one call each for the contract, a kitty, and jokers.",
  exact: "Two to six players, each for themselves; bid the exact number of tricks you will take.",
};

export interface Choice {
  value: OptionValue;
  label: string;
}

export interface OptionSpec {
  name: string;
  label: string;
  help: string;
  choices: Choice[];
  /** Exact whist: blank means the server's default for the number of players. */
  optional?: boolean;
}

const yesNo: Choice[] = [
  { value: true, label: "Yes" },
  { value: false, label: "No" },
];

const range = (lo: number, hi: number): Choice[] =>
  Array.from({ length: hi - lo + 1 }, (_, i) => ({ value: lo + i, label: String(lo + i) }));

export const OPTIONS: Record<Variant, OptionSpec[]> = {
  classic: [
    {
      name: "play_to",
      label: "Play to",
      help: "Points a side needs to win the game.",
      choices: [5, 7, 9].map((n) => ({ value: n, label: `${n} points` })),
    },
    {
      name: "trump",
      label: "Trumps",
      help: "Turn up the dealer's last card, or rotate hearts, diamonds, spades, clubs (and no trump).",
      choices: [
        { value: "turn", label: "Turned card" },
        { value: "rotate", label: "Rotate ♥ ♦ ♠ ♣" },
        { value: "rotate_nt", label: "Rotate ♥ ♦ ♠ ♣ NT" },
      ],
    },
    {
      name: "honours",
      label: "Honours",
      help: "3 or 4 trump honours (A K Q J) dealt to a side score 2 or 4; capped never wins the game.",
      choices: [
        { value: "off", label: "Off" },
        { value: "on", label: "On" },
        { value: "capped", label: "Capped" },
      ],
    },
  ],
  bid: [
    {
      name: "play_to",
      label: "Play to",
      help: "The game ends when a side reaches this score, or falls to minus this score.",
      choices: [5, 7, 9].map((n) => ({ value: n, label: `${n} points` })),
    },
    {
      name: "jokers",
      label: "Jokers",
      help: "Jokers in the pack: they are the highest trumps (one joker is the red, big one).",
      choices: range(0, 2),
    },
    { name: "min_bid", label: "Lowest bid", help: "The lowest level that may be bid (level L needs 6 + L tricks).", choices: range(1, 4) },
    {
      name: "low_beats_high",
      label: "Downtown beats uptown",
      help: "At the same level, a downtown (low) bid beats an uptown (high) one.",
      choices: yesNo,
    },
    {
      name: "sport_kitty",
      label: "Show the kitty",
      help: "When the kitty is shown to everyone after the bidding.",
      choices: [
        { value: "never", label: "Never" },
        { value: "trump", label: "After a trump bid" },
        { value: "always", label: "Always" },
      ],
    },
    {
      name: "bidder_gets_kitty",
      label: "Declarer takes the kitty",
      help: "The declarer adds the kitty to the hand and discards as many cards.",
      choices: yesNo,
    },
    { name: "bidder_leads", label: "Declarer leads", help: "The declarer, not the dealer's left, leads to the first trick.", choices: yesNo },
    { name: "double_nt", label: "Double no trump", help: "A no-trump contract scores double, made or set.", choices: yesNo },
    {
      name: "defensive_scoring",
      label: "Defenders score",
      help: "The defenders score their tricks over six.",
      choices: yesNo,
    },
  ],
  exact: [
    { name: "trumps", label: "Trumps", help: "A turned card names trumps each deal; otherwise every deal is at no trump.", choices: yesNo },
    {
      name: "round_trip",
      label: "Round trip",
      help: "After the largest hand, hand sizes go back down to the first.",
      choices: yesNo,
    },
    {
      name: "initial_cards",
      label: "First hand",
      help: "Cards each in the first deal (default: 7, or 4 with 5 or 6 players).",
      choices: range(1, 26),
      optional: true,
    },
    {
      name: "max_cards",
      label: "Largest hand",
      help: "The largest hand; it times the players may not exceed 52 (default: 13, 10 or 8).",
      choices: range(1, 26),
      optional: true,
    },
  ],
};

export const DEFAULTS: Record<Variant, Record<string, OptionValue>> = {
  classic: { play_to: 5, trump: "turn", honours: "off" },
  bid: {
    play_to: 7,
    jokers: 2,
    min_bid: 1,
    low_beats_high: true,
    sport_kitty: "never",
    bidder_gets_kitty: true,
    bidder_leads: false,
    double_nt: false,
    defensive_scoring: false,
  },
  exact: { trumps: true, round_trip: false },
};

export interface Preset {
  id: string;
  name: string;
  options: Record<string, OptionValue>;
}

export const CLASSIC_PRESETS: Preset[] = [
  { id: "whist5", name: "Whist 5-Point", options: { play_to: 5, trump: "turn", honours: "off" } },
  { id: "whist7rotate", name: "Whist 7-Point Rotate Trump", options: { play_to: 7, trump: "rotate", honours: "off" } },
  { id: "whist9honours", name: "Whist 9-Point Honours", options: { play_to: 9, trump: "turn", honours: "capped" } },
  { id: "trickster", name: "Trickster Classic", options: { play_to: 7, trump: "turn", honours: "on" } },
];

export const TIMER_CHOICES: Choice[] = [0, 7, 15, 30, 60].map((n) => ({
  value: n,
  label: n === 0 ? "Off" : `${n} s`,
}));

export const CHAT_CHOICES: Choice[] = [
  { value: "text", label: "Text" },
  { value: "preset", label: "Preset phrases" },
  { value: "none", label: "None" },
];

/** The phrases of preset chat, by number (the server's list). */
export const CHAT_PHRASES = [
  "Hello!",
  "Good luck!",
  "Well played!",
  "Nice hand!",
  "Thanks!",
  "Sorry!",
  "Oops!",
  "Hurry up, please.",
  "Good game!",
  "One more?",
  "Bye!",
];

export function optionLabel(variant: Variant, name: string, value: OptionValue | undefined): string {
  const spec = OPTIONS[variant].find((o) => o.name === name);
  const choice = spec?.choices.find((c) => c.value === value);
  return choice ? choice.label : String(value);
}

/** The key options of a table, in a few words. */
export function optionSummary(t: TableSummary): string {
  const o = t.options;
  const parts: string[] = [];
  if (t.variant === "classic") {
    const preset = CLASSIC_PRESETS.find((p) => p.id === t.preset);
    if (preset) parts.push(preset.name);
    parts.push(`to ${o["play_to"]}`);
    parts.push(optionLabel("classic", "trump", o["trump"]).toLowerCase() + " trump");
    if (o["honours"] !== "off") parts.push(`honours ${o["honours"]}`);
  } else if (t.variant === "bid") {
    parts.push(`to ${o["play_to"]}`);
    parts.push(`${o["jokers"]} joker${o["jokers"] === 1 ? "" : "s"}`);
    if (o["min_bid"] !== 1) parts.push(`min bid ${o["min_bid"]}`);
    if (!o["bidder_gets_kitty"]) parts.push("kitty not taken");
    if (o["sport_kitty"] !== "never") parts.push(`kitty shown ${o["sport_kitty"] === "always" ? "always" : "on trump bids"}`);
    if (o["double_nt"]) parts.push("double NT");
    if (o["defensive_scoring"]) parts.push("defenders score");
  } else {
    parts.push(`${t.players} players`);
    parts.push(`${o["initial_cards"]}–${o["max_cards"]} cards`);
    if (o["round_trip"]) parts.push("round trip");
    if (!o["trumps"]) parts.push("no trumps");
  }
  return parts.join(" · ");
}

/**
 * The table's timers in words: "15 s a bid, 7 s a card", "7 s a card, no
 * bid timer", "7 s a card" (classic whist has no bidding); "" for none.
 */
export function timersText(t: TableSummary): string {
  const st = t.settings;
  const bids = t.variant !== "classic";
  const bid = bids ? st.timer_bid : 0;
  if (!bid && !st.timer_play) return "";
  const parts: string[] = [];
  if (bid) parts.push(`${bid} s a ${t.variant === "bid" ? "call" : "bid"}`);
  if (st.timer_play) parts.push(`${st.timer_play} s a card`);
  if (!bid && bids) parts.push(`no ${t.variant === "bid" ? "call" : "bid"} timer`);
  if (!st.timer_play) parts.push("no card timer");
  return parts.join(", ");
}

export function settingsSummary(t: TableSummary): string {
  const st = t.settings;
  const parts: string[] = [];
  const timers = timersText(t);
  if (timers) parts.push(timers);
  parts.push(st.chat === "none" ? "no chat" : st.chat === "preset" ? "chat: phrases" : "chat: text");
  if (!st.watching) parts.push("no watchers");
  if (st.suggestions) parts.push("suggestions");
  return parts.join(" · ");
}

/** Cards each in a deal (deal index from 0). */
export function handSize(t: TableSummary, deal: number): number {
  if (t.variant === "classic") return 13;
  if (t.variant === "bid") return 12;
  const first = Number(t.options["initial_cards"] ?? 7);
  const max = Number(t.options["max_cards"] ?? 13);
  const up = first + deal;
  return up <= max ? up : 2 * max - up;
}

export function kittySize(t: TableSummary): number {
  return 4 + Number(t.options["jokers"] ?? 0);
}

/** Partnership games: seats 0 and 2 against 1 and 3. */
export function hasSides(t: TableSummary): boolean {
  return t.variant !== "exact";
}

export const MODE_LABELS: Record<string, string> = {
  uptown: "uptown",
  downtown: "downtown",
  notrump: "no trump",
};
