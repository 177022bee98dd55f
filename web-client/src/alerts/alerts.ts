// What the table tells the user besides the screen: the sounds of its
// events (a card, a trick, someone's chat line, one's turn), the tab's
// title at one's turn ("● Your turn — whistd"), a browser notification at
// one's turn while the tab is hidden (when the user asked for them and the
// browser allows them), and the ticks of the clock's last seconds. The
// table screen reports what it draws (observe, countdown); events are told
// apart by comparing with what it drew before, so a batch makes one sound.
import type { TableState } from "../table/game";
import { t } from "../i18n";
import { notifyPref } from "../saved";
import { playSound } from "./sound";

interface Seen {
  table: number;
  deal: number;
  tricks: number;
  cards: number;
  chat: unknown;
}

let seen: Seen | null = null;
let turn = "";
let titled = false;
let note: Notification | null = null;
let ticked = "";

/**
 * The table as just drawn: `turnKey` names the user's turn when it offers
 * something to do ("" when not); `me` is the user's name (their own chat
 * lines make no sound, nor those of players they muted).
 */
export function observe(st: TableState, turnKey: string, me: string | null, muted: (name: string) => boolean): void {
  const v = st.view;
  const now: Seen = { table: st.id, deal: v?.deal ?? -1, tricks: v?.tricks.length ?? 0, cards: v?.trick.cards.length ?? 0, chat: st.chat[st.chat.length - 1] };
  const was = seen;
  seen = now;
  if (was && was.table === now.table) {
    if (was.deal === now.deal && now.tricks > was.tricks) playSound("trick");
    else if (was.deal === now.deal && now.tricks === was.tricks && now.cards > was.cards) playSound("card");
    const line = st.chat[st.chat.length - 1];
    if (line && now.chat !== was.chat && line.from !== me && !muted(line.from)) playSound("chat");
  }
  if (turnKey === turn) {
    // The same turn on a screen made again (a new language): its title again, no sound.
    if (turnKey !== "" && !titled) setTitle();
    return;
  }
  turn = turnKey;
  if (turnKey === "") return endTurn();
  playSound("turn");
  setTitle();
  notify(st.summary.table);
}

function setTitle(): void {
  document.title = t("alerts.turnTitle");
  titled = true;
}

/** The user's turn is over (acted, or no longer theirs): the title back, the notification closed. */
function endTurn(): void {
  turn = "";
  untitle();
}

function untitle(): void {
  if (titled) document.title = t("app.title");
  titled = false;
  note?.close();
  note = null;
}

/** The table screen is gone (the lobby, or made again in a new language): nothing of it is compared any more. */
export function leaveTable(): void {
  seen = null;
  untitle();
}

function notify(table: number): void {
  if (!document.hidden || !notifyPref() || typeof Notification === "undefined" || Notification.permission !== "granted") return;
  note?.close();
  try {
    note = new Notification(t("alerts.notifyTitle"), { body: t("alerts.notifyBody", { n: table }), tag: "whistd-turn" });
    note.onclick = () => {
      window.focus();
      note?.close();
    };
  } catch {
    // Some browsers (Android's Chrome) show notifications only from a service worker: none then.
  }
}

/** The clock of the seat to act, `left` seconds: a tick at each of the user's last 3 seconds. */
export function countdown(st: TableState, left: number, timed: boolean): void {
  const v = st.view;
  if (!timed || !v || st.seat === null || v.to_act !== st.seat || left < 1 || left > 3) return;
  const key = `${st.id}/${st.v}/${left}`;
  if (key === ticked) return;
  ticked = key;
  playSound("tick");
}
