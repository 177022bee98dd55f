// What a tab keeps across a reload (sessionStorage) or for a new tab
// (localStorage: the remembered login, the language chosen), and the
// replay a page's address asks for; the browser notification's choice (the
// other preferences are the account's: prefs.ts).
import type { ChatLine, TableState } from "./table/game";
import { STRENGTHS, type Strength } from "./core/types";

const CHAT_KEY = "whist.chat";

/** The chat of the tab's table, kept for a reload (the server does not send it again). */
export function saveChat(st: TableState): void {
  sessionStorage.setItem(CHAT_KEY, JSON.stringify({ table: st.id, lines: st.chat.slice(-50) }));
}

export function savedChat(table: number): ChatLine[] {
  const saved = readJson<{ table: number; lines: ChatLine[] }>(sessionStorage, CHAT_KEY);
  return saved && saved.table === table && Array.isArray(saved.lines) ? saved.lines : [];
}

/** A finished game's address in the replay viewer. */
export function replayHash(game: number): string {
  return `#replay/${game}`;
}

/** The game id of a #replay/<id> address, or null. */
export function replayInHash(): number | null {
  const m = /^#replay\/(\d+)$/.exec(location.hash);
  return m ? Number(m[1]) : null;
}

export function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const text = storage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

const LANG_KEY = "whist.lang";

/** The language the user chose (i18n), kept for every tab; null when they never chose. */
export function savedLang(): string | null {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

export function saveLang(l: string): void {
  try {
    localStorage.setItem(LANG_KEY, l);
  } catch {
    // Storage refused (a private window's quota): the choice holds for this page.
  }
}

const ALERTS_KEY = "whist.alerts";

/**
 * A browser notification at one's turn while the tab is hidden (once the
 * browser allows it): the speaker popover's choice, kept for every tab of
 * this browser (the permission is the browser's; the other preferences are
 * the account's, prefs.ts).
 */
export function notifyPref(): boolean {
  try {
    return readJson<{ notify?: boolean }>(localStorage, ALERTS_KEY)?.notify === true;
  } catch {
    return false;
  }
}

export function saveNotifyPref(on: boolean): void {
  try {
    localStorage.setItem(ALERTS_KEY, JSON.stringify({ ...readJson<object>(localStorage, ALERTS_KEY), notify: on }));
  } catch {
    // Storage refused: the choice holds until the page is reloaded.
  }
}

const STRENGTH_KEY = "whist.botStrength";

/** The strength last chosen for a computer player the user adds (expert at first), kept for every tab. */
export function savedStrength(): Strength {
  try {
    const s = localStorage.getItem(STRENGTH_KEY);
    return STRENGTHS.find((x) => x === s) ?? "expert";
  } catch {
    return "expert";
  }
}

export function saveStrength(s: Strength): void {
  try {
    localStorage.setItem(STRENGTH_KEY, s);
  } catch {
    // Storage refused: the choice holds until the page is reloaded.
  }
}
