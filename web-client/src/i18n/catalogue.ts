// The shape of a language's catalogue. English (en.ts) is the source of
// truth: its keys are the keys, and every other language has exactly them
// (the compiler refuses a missing or an extra key), with a plural entry
// where English has one.
import type { en } from "./en";

export type Key = keyof typeof en;

/** A text with a count: a form per plural category of the language (Intl.PluralRules), `other` at least. */
export interface Plural {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

export type Entry = string | Plural;

/** A catalogue whose plural entries have the forms `P` (English and Italian: one, other; Romanian: one, few, other). */
export type Catalogue<P extends Plural> = { readonly [K in Key]: (typeof en)[K] extends string ? string : P };

/** A part of a catalogue (the table's texts, the errors'), with the keys of English's part `T`. */
export type Part<P extends Plural, T> = { readonly [K in keyof T]: T[K] extends string ? string : P };

export interface OneOther extends Plural {
  readonly one: string;
  readonly other: string;
}

/** Romanian's plural forms: one (1), few (0, 2 to 19, and 101 to 119…), other (20 and up: "20 de levate"). */
export interface OneFewOther extends OneOther {
  readonly few: string;
}
