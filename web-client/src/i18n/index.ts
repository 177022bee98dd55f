// The client's languages: every text a person reads comes from a catalogue
// (en.ts, the source of truth; ro.ts and it.ts), through t(key, params).
// The language is the one chosen (kept in localStorage, saved.ts), or else
// the browser's first of ours, or else English; a change is told to the
// listeners (the app draws the screen again), and sets <html lang>.
// i18n/ imports nothing outside itself, so that every part of the client,
// core/ included, can use it.
import type { Entry, Key, Plural } from "./catalogue";
import { en } from "./en";
import { it } from "./it";
import { ro } from "./ro";

export type { Key } from "./catalogue";

export type Lang = "en" | "ro" | "it";

/** The languages offered, each named in itself. */
export const LANGS: readonly { id: Lang; name: string }[] = [
  { id: "en", name: "English" },
  { id: "ro", name: "Română" },
  { id: "it", name: "Italiano" },
];

const CATALOGUES: Record<Lang, Readonly<Record<Key, Entry>>> = { en, ro, it };

export type Param = string | number;
export type Params = Readonly<Record<string, Param>>;

let current: Lang = "en";
let locale = "en";
const listeners: (() => void)[] = [];

export function lang(): Lang {
  return current;
}

/** The locale for dates and numbers: the browser's own variant of the language (en-GB, ro-MD) when it has one, else the language. */
export function formatLocale(): string {
  return locale;
}

export function isLang(x: unknown): x is Lang {
  return x === "en" || x === "ro" || x === "it";
}

/** The language to start in: the one chosen before, else the first of the browser's languages we have, else English. */
export function pickLang(saved: string | null, wanted: readonly string[]): Lang {
  if (isLang(saved)) return saved;
  for (const w of wanted) {
    const primary = w.toLowerCase().split("-")[0];
    if (isLang(primary)) return primary;
  }
  return "en";
}

/** Sets the language (and <html lang>); the listeners hear of a change. */
export function setLang(l: Lang, wanted: readonly string[] = navigator.languages ?? []): void {
  const changed = l !== current;
  current = l;
  locale = wanted.find((w) => w.toLowerCase().split("-")[0] === l) ?? l;
  document.documentElement.lang = l;
  if (changed) for (const f of listeners) f();
}

export function onLangChange(f: () => void): void {
  listeners.push(f);
}

/** Whether `s` is a key of the catalogue (for keys made from the server's codes). */
export function isKey(s: string): s is Key {
  return Object.prototype.hasOwnProperty.call(en, s);
}

let plurals: { locale: string; rules: Intl.PluralRules } | null = null;

function pluralForm(p: Plural, n: Param | undefined): string {
  if (typeof n !== "number") return p.other;
  if (plurals?.locale !== locale) plurals = { locale, rules: new Intl.PluralRules(locale) };
  const category = plurals.rules.select(n) as keyof Plural;
  return p[category] ?? p.other;
}

function entry(key: Key, params: Params | undefined): string {
  const e = CATALOGUES[current][key] ?? en[key];
  return typeof e === "string" ? e : pluralForm(e, params?.["n"]);
}

/**
 * The text of `key` in the current language, its {name} placeholders
 * filled from `params`. A plural entry takes its form from the number
 * `n`. Numbers are written as given: amounts are formatted first
 * (format.ts: num), ids and counts are not.
 */
export function t(key: Key, params?: Params): string {
  return entry(key, params).replace(/\{(\w+)\}/g, (whole, name: string) => {
    const p = params?.[name];
    return p === undefined ? whole : String(p);
  });
}

/**
 * As t(), for the DOM: a placeholder may be filled by an element (a
 * player's link, a countdown), kept in its place in the sentence. The
 * parts, for h()'s children.
 */
export function tx(key: Key, params: Readonly<Record<string, Param | Node>>): (string | Node)[] {
  const text = entry(key, params as Params);
  const out: (string | Node)[] = [];
  let at = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    const p = params[m[1] ?? ""];
    if (p === undefined) continue;
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(p instanceof Node ? p : String(p));
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** The first letter in capitals, as the language writes it (an error's words alone, as a sentence). */
export function capitalize(s: string): string {
  return s.charAt(0).toLocaleUpperCase(current) + s.slice(1);
}
