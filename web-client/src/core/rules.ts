// The rules as the server describes them in `welcome` (docs/protocol.md,
// "The rules object"): the variants, their options with ranges and
// defaults, the presets, the table settings' allowed values and the chat
// phrases. The client keeps no list of its own: the create-table form and
// the words for a table's options are built from what the server said.
// The server's words are English; ruleWords() gives them in the user's
// language where the client has them (i18n/rules_words.ts), else as sent.
import { lang, t, type Key } from "../i18n";
import { ruleWords } from "../i18n/rules_words";
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
  return ruleWords(variantSpec(id)?.name ?? id);
}

export function variantBlurb(id: Variant): string {
  return ruleWords(variantSpec(id)?.blurb ?? "");
}

/** An option's name and what it does, for the form. */
export function optionText(o: RulesOption): { label: string; help: string } {
  return { label: ruleWords(o.label), help: ruleWords(o.help) };
}

export function presetName(p: Rules["presets"][number]): string {
  return ruleWords(p.name);
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
      { value: true, label: t("common.yes") },
      { value: false, label: t("common.no") },
    ];
  }
  if (o.type === "choice") return (o.values ?? []).map((c) => ({ value: c.value, label: ruleWords(c.label) }));
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
  return rules.table.timers.map((n) => ({ value: n, label: n === 0 ? t("rules.timerOff") : t("rules.seconds", { n }) }));
}

export function chatChoices(): Choice[] {
  return rules.table.chat.map((c) => ({ value: c.value, label: ruleWords(c.label) }));
}

export function buyIns(): number[] {
  return rules.table.buy_ins;
}

export function maxWatchers(): number {
  return rules.table.max_watchers;
}

/** The phrases of preset chat, by number, in the user's language. */
export function chatPhrases(): string[] {
  return rules.chat.phrases.map(ruleWords);
}

export function chatMaxChars(): number {
  return rules.chat.max_chars;
}

/**
 * The key options of a table, in a few words: its preset, its players when
 * the variant allows several, every number (points, jokers, hand sizes)
 * and any other option that is not the default.
 */
export function optionSummary(table: TableSummary): string {
  const parts: string[] = [];
  const preset = rules.presets.find((p) => p.id === table.preset && p.variant === table.variant);
  if (preset) parts.push(presetName(preset));
  const spec = variantSpec(table.variant);
  if (spec && spec.players.min !== spec.players.max) parts.push(t("rules.players", { n: table.players }));
  const defaults = defaultOptions(table.variant, table.players);
  const lower = (s: string): string => s.toLocaleLowerCase(lang());
  for (const o of optionSpecs(table.variant)) {
    const value = table.options[o.name];
    if (value === undefined) continue;
    const label = lower(optionText(o).label);
    if (o.type === "int") parts.push(t("rules.optionNumber", { label, value: String(value) }));
    else if (value !== defaults[o.name]) parts.push(t("rules.optionChoice", { label, value: lower(optionLabel(table.variant, o.name, value)) }));
  }
  return parts.join(" · ");
}

/**
 * The table's timers in words: "15 s a bid, 7 s a card", "7 s a card, no
 * bid timer", "7 s a card" (classic whist has no bidding); "" for none.
 */
export function timersText(table: TableSummary): string {
  const st = table.settings;
  const bids = table.variant !== "classic";
  const calls = table.variant === "bid"; // bid whist's bids are calls
  const bid = bids ? st.timer_bid : 0;
  if (!bid && !st.timer_play) return "";
  const parts: string[] = [];
  if (bid) parts.push(t(calls ? "rules.timerCall" : "rules.timerBid", { n: bid }));
  if (st.timer_play) parts.push(t("rules.timerCard", { n: st.timer_play }));
  if (!bid && bids) parts.push(t(calls ? "rules.noCallTimer" : "rules.noBidTimer"));
  if (!st.timer_play) parts.push(t("rules.noCardTimer"));
  return parts.join(", ");
}

export function settingsSummary(table: TableSummary): string {
  const st = table.settings;
  const parts: string[] = [];
  const timers = timersText(table);
  if (timers) parts.push(timers);
  const chat = chatChoices().find((c) => c.value === st.chat)?.label ?? st.chat;
  parts.push(st.chat === "none" ? t("rules.noChat") : t("rules.chat", { mode: chat.toLocaleLowerCase(lang()) }));
  if (!st.watching) parts.push(t("rules.noWatchers"));
  if (st.suggestions) parts.push(t("rules.suggestions"));
  if (st.cut) parts.push(t("rules.cut"));
  if (st.undo) parts.push(t("rules.undo"));
  // A game that starts with a computer player at a seat is not rated.
  parts.push(st.rated && !table.seats.some((s) => s.computer) ? t("rules.rated") : t("rules.unrated"));
  return parts.join(" · ");
}

/** Partnership games: seats 0 and 2 against 1 and 3. */
export function hasSides(t: { variant: Variant }): boolean {
  return variantSpec(t.variant)?.partnerships ?? t.variant !== "exact";
}

const MODES: Record<string, Key> = { uptown: "mode.uptown", downtown: "mode.downtown", notrump: "mode.notrump" };

/** A bid whist bid's mode in words: "uptown", "downtown", "no trump". */
export function modeName(mode: string | undefined): string {
  const key = MODES[mode ?? ""];
  return key ? t(key) : (mode ?? "");
}

/** A bid whist bid: "3 no trump". */
export function bidName(level: number | undefined, mode: string | undefined): string {
  return t("mode.bid", { level: level ?? 0, mode: modeName(mode) });
}
