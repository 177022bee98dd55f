// What a tab keeps across a reload (sessionStorage) or for a new tab
// (localStorage: the remembered login, the language chosen), and the
// replay a page's address asks for; the sound and alerts preferences, and
// the cards' motion.
import type { ChatLine, TableState } from "./table/game";

const CHAT_KEY = "whist.chat";

/** The chat of the tab's table, kept for a reload (the server does not send it again). */
export function saveChat(st: TableState): void {
  sessionStorage.setItem(CHAT_KEY, JSON.stringify({ table: st.id, lines: st.chat.slice(-50) }));
}

export function savedChat(table: number): ChatLine[] {
  const saved = readJson<{ table: number; lines: ChatLine[] }>(sessionStorage, CHAT_KEY);
  return saved && saved.table === table && Array.isArray(saved.lines) ? saved.lines : [];
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

/** Sound and alerts (the top bar's speaker), kept for every tab. */
export interface AlertPrefs {
  sound: boolean;
  /** 0–100. */
  volume: number;
  /** A browser notification at one's turn while the tab is hidden (once the browser allows it). */
  notify: boolean;
}

export function alertPrefs(): AlertPrefs {
  let p: Partial<AlertPrefs> | null = null;
  try {
    p = readJson<Partial<AlertPrefs>>(localStorage, ALERTS_KEY);
  } catch {
    // No storage: the defaults.
  }
  const volume = typeof p?.volume === "number" && p.volume >= 0 && p.volume <= 100 ? Math.round(p.volume) : 60;
  return { sound: p?.sound !== false, volume, notify: p?.notify === true };
}

export function saveAlertPrefs(p: AlertPrefs): void {
  try {
    localStorage.setItem(ALERTS_KEY, JSON.stringify(p));
  } catch {
    // Storage refused: the choice holds for this page.
  }
}

const MOTION_KEY = "whist.motion";
/** The choice when storage refused it (a private window's quota). */
let motionUnsaved: boolean | null = null;

/**
 * Whether the user wants the cards animated (on unless turned off in the
 * speaker's popover), kept for every tab. Read through this one function
 * only (the table's motion asks it at each redraw).
 */
export function motionPref(): boolean {
  if (motionUnsaved !== null) return motionUnsaved;
  try {
    return localStorage.getItem(MOTION_KEY) !== "off";
  } catch {
    return true;
  }
}

export function saveMotionPref(on: boolean): void {
  try {
    localStorage.setItem(MOTION_KEY, on ? "on" : "off");
    motionUnsaved = null;
  } catch {
    motionUnsaved = on; // storage refused: the choice holds for this page
  }
}
