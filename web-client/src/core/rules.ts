// The rules as the server describes them in `welcome` (docs/protocol.md,
// "The rules object"): the variants, their options with ranges and
// defaults, the presets, the table settings' allowed values and the chat
// phrases. The client keeps no list of its own: the create-table form and
// the words for a table's options are built from what the server said.
import type { OptionValue, Rules, RulesOption, RulesVariant, TableSummary, Variant } from "./types";

export interface Choice {
  value: OptionValue;
  label: string;
}

const EMPTY: Rules = {
  variants: [],
  presets: [],
  table: { timers: [], buy_ins: [], chat: [], kinds: [], max_watchers: 0 },
  chat: { phrases: [], max_chars: 0 },
};

let rules: Rules = EMPTY;

/** Takes the rules of a `welcome` (the same in every welcome of a server). */
export function setRules(r: Rules | undefined): void {
  if (r && Array.isArray(r.variants)) rules = r;
}

export function currentRules(): Rules {
  return rules;
}

export function variantIds(): Variant[] {
  return rules.variants.map((v) => v.id);
}

export function variantSpec(id: Variant): RulesVariant | undefined {
  return rules.variants.find((v) => v.id === id);
}

export function variantName(id: Variant): string {
  return variantSpec(id)?.name ?? id;
}

export function variantBlurb(id: Variant): string {
  return variantSpec(id)?.blurb ?? "";
}

export function optionSpecs(id: Variant): RulesOption[] {
  return variantSpec(id)?.options ?? [];
}

/** The options a table of `players` gets when none is given. */
export function defaultOptions(id: Variant, players: number): Record<string, OptionValue> {
  const spec = variantSpec(id);
  return spec?.defaults[String(players)] ?? {};
}

/** The values an option may take, with words for people. */
export function optionChoices(o: RulesOption): Choice[] {
  if (o.type === "bool") {
    return [
      { value: true, label: "Yes" },
      { value: false, label: "No" },
    ];
  }
  if (o.type === "choice") return o.values ?? [];
  const lo = o.min ?? 0;
  const hi = o.max ?? lo;
  return Array.from({ length: hi - lo + 1 }, (_, i) => ({ value: lo + i, label: String(lo + i) }));
}

export function optionLabel(variant: Variant, name: string, value: OptionValue | undefined): string {
  const spec = optionSpecs(variant).find((o) => o.name === name);
  const choice = spec ? optionChoices(spec).find((c) => c.value === value) : undefined;
  return choice ? choice.label : String(value);
}

export function presets(variant: Variant): Rules["presets"] {
  return rules.presets.filter((p) => p.variant === variant);
}

export function timerChoices(): Choice[] {
  return rules.table.timers.map((n) => ({ value: n, label: n === 0 ? "Off" : `${n} s` }));
}

export function chatChoices(): Choice[] {
  return rules.table.chat;
}

export function buyIns(): number[] {
  return rules.table.buy_ins;
}

export function maxWatchers(): number {
  return rules.table.max_watchers;
}

/** The phrases of preset chat, by number. */
export function chatPhrases(): string[] {
  return rules.chat.phrases;
}

export function chatMaxChars(): number {
  return rules.chat.max_chars;
}

/**
 * The key options of a table, in a few words: its preset, its players when
 * the variant allows several, every number (points, jokers, hand sizes)
 * and any other option that is not the default.
 */
export function optionSummary(t: TableSummary): string {
  const parts: string[] = [];
  const preset = rules.presets.find((p) => p.id === t.preset && p.variant === t.variant);
  if (preset) parts.push(preset.name);
  const spec = variantSpec(t.variant);
  if (spec && spec.players.min !== spec.players.max) parts.push(`${t.players} players`);
  const defaults = defaultOptions(t.variant, t.players);
  for (const o of optionSpecs(t.variant)) {
    const value = t.options[o.name];
    if (value === undefined) continue;
    if (o.type === "int") parts.push(`${o.label.toLowerCase()} ${value}`);
    else if (value !== defaults[o.name]) parts.push(`${o.label.toLowerCase()}: ${optionLabel(t.variant, o.name, value).toLowerCase()}`);
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
  const chat = rules.table.chat.find((c) => c.value === st.chat)?.label ?? st.chat;
  parts.push(st.chat === "none" ? "no chat" : `chat: ${chat.toLowerCase()}`);
  if (!st.watching) parts.push("no watchers");
  if (st.suggestions) parts.push("suggestions");
  // A game that starts with a computer player at a seat is not rated.
  parts.push(st.rated && !t.seats.some((s) => s.computer) ? "rated" : "unrated");
  return parts.join(" · ");
}

/** Partnership games: seats 0 and 2 against 1 and 3. */
export function hasSides(t: { variant: Variant }): boolean {
  return variantSpec(t.variant)?.partnerships ?? t.variant !== "exact";
}

export const MODE_LABELS: Record<string, string> = {
  uptown: "uptown",
  downtown: "downtown",
  notrump: "no trump",
};
