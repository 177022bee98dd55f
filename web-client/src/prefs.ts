// The user's preferences, kept with the account (the server's prefs.get and
// prefs.set; docs/protocol.md): the hand's order (ranks ascending or
// descending, suits alternating colours), a card played by one click or by
// confirm (pick, then play), auto-play of a single legal card, sounds and
// their volume, the cards' motion and the light or dark theme. This module
// is their one source: the current preferences, which every part reads
// (prefs()) and is told about when they change (onPrefsChange). They are
// kept in localStorage too, so that a page applies them at once (logged out
// as well); after every login, guest and resumed session they are asked of
// the server (loadPrefs) and applied; each change is sent (setPrefs), and the
// server's answer becomes the state. A change made while logged out is sent
// at the next login. The browser notification's choice is not here: it is
// the browser's (saved.ts).

export type CardOrder = "descending" | "ascending";
export type PlayMode = "click" | "confirm";
export type Theme = "light" | "dark";

export interface Prefs {
  card_order: CardOrder;
  alternate_colours: boolean;
  play: PlayMode;
  auto_play: boolean;
  sound: boolean;
  /** 0–100. */
  volume: number;
  motion: boolean;
  theme: Theme;
}

export const DEFAULT_PREFS: Readonly<Prefs> = {
  card_order: "descending",
  alternate_colours: true,
  play: "click",
  auto_play: false,
  sound: true,
  volume: 60,
  motion: true,
  theme: "light",
};

/** What sends a request and answers (core/net.ts's Connection). */
export interface Requester {
  request<T>(type: string, d?: object): Promise<T>;
}

const CACHE_KEY = "whist.prefs";
const PENDING_KEY = "whist.prefs.pending";
// The keys of the preferences kept apart before (their values are taken over once).
const OLD_ALERTS_KEY = "whist.alerts";
const OLD_MOTION_KEY = "whist.motion";

/** The known preferences of `raw`, each checked; the others dropped. */
export function cleanPrefs(raw: unknown): Partial<Prefs> {
  const r = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const out: Partial<Prefs> = {};
  if (r["card_order"] === "descending" || r["card_order"] === "ascending") out.card_order = r["card_order"];
  if (r["play"] === "click" || r["play"] === "confirm") out.play = r["play"];
  if (r["theme"] === "light" || r["theme"] === "dark") out.theme = r["theme"];
  for (const k of ["alternate_colours", "auto_play", "sound", "motion"] as const) if (typeof r[k] === "boolean") out[k] = r[k];
  const vol = r["volume"];
  if (typeof vol === "number" && vol >= 0 && vol <= 100) out.volume = Math.round(vol);
  return out;
}

function read(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: object | null): void {
  try {
    if (value && Object.keys(value).length) localStorage.setItem(key, JSON.stringify(value));
    else localStorage.removeItem(key);
  } catch {
    // Storage refused (a private window's quota): the choice holds for this page.
  }
}

/**
 * The sound, volume and motion this browser kept before under their own
 * keys, the first time (no cache yet): taken over as changes to send.
 */
function takeOver(): Partial<Prefs> {
  if (read(CACHE_KEY)) return {};
  const old = cleanPrefs(read(OLD_ALERTS_KEY));
  const out: Partial<Prefs> = {};
  if (old.sound !== undefined) out.sound = old.sound;
  if (old.volume !== undefined) out.volume = old.volume;
  try {
    if (localStorage.getItem(OLD_MOTION_KEY) === "off") out.motion = false;
    localStorage.removeItem(OLD_MOTION_KEY);
  } catch {
    // No storage: nothing kept before.
  }
  return out;
}

/** Changes not yet kept by the server (made while logged out, or refused by a lost connection). */
let pending: Partial<Prefs> = { ...takeOver(), ...cleanPrefs(read(PENDING_KEY)) };
let current: Prefs = { ...DEFAULT_PREFS, ...cleanPrefs(read(CACHE_KEY)), ...pending };
write(PENDING_KEY, pending);
write(CACHE_KEY, current);
let server: Requester | null = null;
/** The number of the last prefs.set sent: only its answer is applied (the others are older). */
let sent = 0;
const listeners = new Set<(p: Prefs) => void>();

export function prefs(): Readonly<Prefs> {
  return current;
}

/** Calls `fn` at each change of the preferences; returns what stops it. */
export function onPrefsChange(fn: (p: Prefs) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The theme, on the document's root (app.css's :root[data-theme=dark]). */
function applyTheme(p: Prefs): void {
  if (typeof document !== "undefined") document.documentElement.dataset["theme"] = p.theme;
}

function apply(next: Prefs): void {
  const changed = JSON.stringify(next) !== JSON.stringify(current);
  current = next;
  write(CACHE_KEY, current);
  applyTheme(current);
  if (changed) for (const fn of [...listeners]) fn(current);
}

applyTheme(current);

/** After a login, a guest's session or a resumed one: the account's preferences (and the changes made meanwhile, sent). */
export async function loadPrefs(conn: Requester): Promise<void> {
  server = conn;
  const n = ++sent;
  const changes = pending;
  try {
    const answer = Object.keys(changes).length ? await conn.request<unknown>("prefs.set", changes) : await conn.request<unknown>("prefs.get", {});
    if (changes === pending) pending = {};
    write(PENDING_KEY, pending);
    if (n === sent) apply({ ...DEFAULT_PREFS, ...cleanPrefs(answer) });
  } catch {
    // Offline or refused: the cached preferences stay, the changes wait.
  }
}

/** Logged out: the preferences stay (the cache), changes wait for the next login. */
export function prefsLoggedOut(): void {
  server = null;
}

/** A change of the user's: applied at once, and sent (the server's answer is then the state). */
export function setPrefs(change: Partial<Prefs>): void {
  const c = cleanPrefs(change);
  apply({ ...current, ...c });
  const conn = server;
  if (!conn) {
    pending = { ...pending, ...c };
    write(PENDING_KEY, pending);
    return;
  }
  const n = ++sent;
  conn.request<unknown>("prefs.set", c).then(
    (answer) => {
      if (n === sent) apply({ ...DEFAULT_PREFS, ...cleanPrefs(answer) });
    },
    () => {
      // Not kept (the connection lost): sent again at the next login or resume.
      pending = { ...pending, ...c };
      write(PENDING_KEY, pending);
    },
  );
}
