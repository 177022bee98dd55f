// The server's words for its rules (the rules object of `welcome`: the
// games' names and blurbs, the options' labels, help and values, the
// presets, the chat modes and phrases) are English. The client translates
// them by those very words: a table per language (rules_ro.ts,
// rules_it.ts) from the English text to its translation. A text the table
// does not have (the server added or reworded one) is shown as sent, and
// tests/languages.test.mjs fails until the tables match a real server's
// rules again. English is the server's own, so it has no table.
import { lang } from "./index";
import { RULES_IT } from "./rules_it";
import { RULES_RO } from "./rules_ro";

/** The server's `english` words for its rules, in the user's language. */
export function ruleWords(english: string): string {
  const l = lang();
  const table = l === "ro" ? RULES_RO : l === "it" ? RULES_IT : null;
  return table?.[english] ?? english;
}
