// Players as every screen shows them: a name is a link to the player's
// profile (#profile/<name>; a computer player has none), and a rating is
// its rounded number with "?" while it is provisional ("1512?"), small
// and muted beside the name. One helper for all, so that names look and
// behave alike everywhere.
import { h } from "./dom";
import { plainNum } from "../i18n/format";
import { t, type Key } from "../i18n";
import { variantName } from "./rules";
import type { Pool } from "./types_results";
import { STRENGTHS, type Strength } from "./types";

/** A rating pool's name: its game's (as the rules name it), or "Events". */
export function poolName(pool: Pool): string {
  return pool === "events" ? t("pool.events") : variantName(pool);
}

/** "1512", or "1512?" while provisional. */
export function ratingText(rating: number, provisional: boolean): string {
  return `${plainNum(Math.round(rating))}${provisional ? "?" : ""}`;
}

/** A rating's change: "+12", "−3" (a minus sign), "±0". */
export function changeText(change: number): string {
  return `${change > 0 ? "+" : change < 0 ? "\u2212" : "\u00b1"}${Math.abs(change)}`;
}

/** The address of a player's profile. */
export function profileHash(name: string): string {
  return `#profile/${encodeURIComponent(name)}`;
}

/** The player a #profile/<name> address names, or null. */
export function profileInHash(): string | null {
  const m = /^#profile\/(.+)$/.exec(location.hash);
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

/** A player's name, as a link to their profile. */
export function playerLink(name: string, cls = ""): HTMLElement {
  return h("a", { class: `player${cls ? ` ${cls}` : ""}`, href: profileHash(name), "data-player": name, title: t("players.profileTitle", { name }) }, name);
}

/** A seat's or a game's player: a link for a person, the bare name for a computer player. */
export function playerName(name: string, computer: boolean): HTMLElement | string {
  return computer ? name : playerLink(name);
}

/** A computer player's strength in a word (the badge's). */
export const STRENGTH_WORDS: Record<Strength, Key> = { beginner: "strength.beginner", club: "strength.club", expert: "strength.expert" };

/**
 * The badge of a computer player: "computer · club" (at a seat on the felt
 * only "club", and none on a phone: the name "Computer 2" says the rest),
 * its title in words.
 * Without a strength (a game record's seats), only "computer".
 */
export function computerBadge(strength?: Strength | null, cls = ""): HTMLElement {
  const known = strength && STRENGTHS.includes(strength) ? strength : null;
  return h(
    "span",
    {
      class: `badge computer${cls ? ` ${cls}` : ""}`,
      title: known ? t("common.computerTitleStrength", { strength: t(STRENGTH_WORDS[known]) }) : t("common.computerTitle"),
      "data-strength": known,
    },
    h("span", { class: "badge-what" }, t("common.computer")),
    known ? h("span", { class: "badge-strength" }, h("span", { class: "badge-dot" }, " · "), t(STRENGTH_WORDS[known])) : null,
  );
}

/** What a rating is shown with: its number, and whether it is provisional. */
export interface Rated {
  rating?: number | undefined;
  provisional?: boolean | undefined;
}

/**
 * The small, muted rating beside a name (" 1512?", its space in it, so that
 * the text reads "alice 1512?"), with a rated game's change when given
 * (" 1512? (+12)"); null when there is none (a computer, a guest, not read yet).
 */
export function ratingTag(r: Rated | null | undefined, change?: number): HTMLElement | null {
  if (!r || typeof r.rating !== "number") return null;
  const provisional = r.provisional === true;
  return h(
    "small",
    {
      class: "rating",
      "data-rating": Math.round(r.rating),
      "data-provisional": provisional ? "true" : "false",
      title: provisional ? t("players.ratingProvisional") : t("players.rating"),
    },
    " ",
    ratingText(r.rating, provisional),
    change === undefined ? null : h("span", { class: `rating-change ${change > 0 ? "up" : change < 0 ? "down" : ""}` }, ` (${changeText(change)})`),
  );
}
