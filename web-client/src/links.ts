// Links: every table has an address, #table/<id>, in the address bar
// while the tab is at it (entered from the lobby: a new history entry,
// which Back leaves). An invite link is #table/<id>?invite=<token>: the
// token of an invitation-only table (table.invite_link), which lets its
// holder in. Opening a table's address goes to the table: one's seat there
// taken back, else watching it (its free seats have Sit buttons), else (no
// watchers there) sitting down. Opening any address of the client
// (#table, #replay, #profile, #account) logged out shows the account
// screen, which keeps the address asked for (sessionStorage) through the
// login and then goes there (pages.ts's route()); so do an event's page
// (#event/<id>) and the daily duplicate's (#daily).
import { h } from "./core/dom";
import { errorText } from "./core/errors";
import { RequestError, type Connection } from "./core/net";
import { profileInHash } from "./core/players";
import type { TableState as TableStateMsg, User } from "./core/types";
import { t } from "./i18n";
import { replayInHash } from "./saved";
import type { ScreenName } from "./shell";
import type { TableState } from "./table/game";

/** A table's address: the table, and an invite link's token. */
export interface TableLink {
  table: number;
  invite: string | null;
}

export function tableHash(table: number, invite: string | null = null): string {
  return invite ? `#table/${table}?invite=${encodeURIComponent(invite)}` : `#table/${table}`;
}

/** The table (and invite token) of a #table/<id> or #table/<id>?invite=<token> address, or null. */
export function tableInHash(hash = location.hash): TableLink | null {
  const m = /^#table\/(\d{1,9})(?:\?invite=([^&#]{1,200}))?$/.exec(hash);
  if (!m) return null;
  let invite: string | null = null;
  try {
    invite = m[2] ? decodeURIComponent(m[2]) : null;
  } catch {
    invite = m[2] ?? null;
  }
  return { table: Number(m[1]), invite };
}

/** The daily duplicate's page. */
export const DAILY_HASH = "#daily";

export function eventHash(event: number): string {
  return `#event/${event}`;
}

/** The event of an #event/<id> address, or null. */
export function eventInHash(hash = location.hash): number | null {
  const m = /^#event\/(\d{1,9})$/.exec(hash);
  return m ? Number(m[1]) : null;
}

const WANTED_KEY = "whist.wanted";
const ADDRESS = /^#(table|replay|profile|event)\/|^#(account|daily)$/;

/** The address a logged-out tab was asked for, kept for after the login. */
export function rememberWanted(): void {
  if (ADDRESS.test(location.hash)) sessionStorage.setItem(WANTED_KEY, location.hash);
}

/** Logged in: the address kept through the login back in the address bar (unless another is there). */
export function restoreWanted(): void {
  const wanted = sessionStorage.getItem(WANTED_KEY);
  if (wanted === null) return;
  sessionStorage.removeItem(WANTED_KEY);
  if (!location.hash && ADDRESS.test(wanted)) history.replaceState(null, "", wanted);
}

export function forgetWanted(): void {
  sessionStorage.removeItem(WANTED_KEY);
}

/**
 * The account screen's line on where the login leads (the address asked
 * for), with "Watch the replay without logging in" for a replay (which
 * needs no account). Null when no address was asked for.
 */
export function wantedNote(watchReplay: (game: number) => void): HTMLElement | null {
  const hash = location.hash || sessionStorage.getItem(WANTED_KEY) || "";
  const link = tableInHash(hash);
  const game = hash === location.hash ? replayInHash() : null;
  const name = hash === location.hash ? profileInHash() : null;
  let text: string;
  if (link) text = link.invite ? t("links.loginForInvite", { n: link.table }) : t("links.loginForTable", { n: link.table });
  else if (game !== null) text = t("links.loginForReplay", { n: game });
  else if (name !== null) text = t("links.loginForProfile", { name });
  else if (hash === "#account") text = t("links.loginForAccount");
  else if (eventInHash(hash) !== null) text = t("links.loginForEvent", { n: eventInHash(hash) ?? 0 });
  else if (hash === DAILY_HASH) text = t("links.loginForDaily");
  else return null;
  return h(
    "p",
    { class: "wanted-note", "data-role": "wanted" },
    text,
    game !== null
      ? [
          " ",
          h(
            "button",
            {
              type: "button",
              class: "link",
              id: "replay-without-login",
              onclick: () => {
                forgetWanted();
                watchReplay(game);
              },
            },
            t("links.replayWithoutLogin"),
          ),
        ]
      : null,
  );
}

/** What the links need of the app. */
export interface LinksHost {
  readonly conn: Connection;
  readonly user: User | null;
  readonly table: TableState | null;
  readonly screenName: ScreenName;
  show(name: ScreenName): void;
  flash(text: string): void;
  enterLobby(): Promise<void>;
  toLobby(): Promise<void>;
  /** Takes the state answer of table.sit or table.watch: the table screen. */
  enterTable(ack: TableStateMsg, watching: boolean): void;
}

export class Links {
  /** The screen shown last (the address follows the table screen). */
  private last: ScreenName = "connecting";
  /** The address of the table the tab was at. */
  private atHash = "";
  private opening: TableLink | null = null;

  constructor(private readonly app: LinksHost) {}

  /**
   * After each screen shown: at a table, its address in the address bar
   * (a new history entry when it comes from the lobby); leaving the table,
   * its address goes; the account screen keeps the address asked for.
   */
  shown(name: ScreenName): void {
    const prev = this.last;
    this.last = name;
    const st = this.app.table;
    if (name === "table" && st) {
      const want = tableHash(st.id);
      this.atHash = want;
      if (location.hash === want) return;
      // From the lobby, an event's page or the daily's, Back leaves the table for it.
      const back = (location.hash === "" && prev === "lobby") || ((prev === "event" || prev === "daily") && location.hash !== "");
      if (back) history.pushState(null, "", want);
      else history.replaceState(null, "", want);
      return;
    }
    if (prev === "table" && location.hash === this.atHash && this.atHash) history.replaceState(null, "", location.pathname + location.search);
    if (name === "account") rememberWanted();
  }

  /** Goes to the table a link names: the tab's table again, or another (the one it was at left as the lobby's button leaves it). */
  async open(link: TableLink): Promise<void> {
    const st = this.app.table;
    if (st && st.id === link.table) {
      if (this.app.screenName !== "table") this.app.show("table");
      else if (location.hash !== tableHash(st.id)) history.replaceState(null, "", tableHash(st.id));
      return;
    }
    if (this.opening?.table === link.table) return;
    this.opening = link;
    try {
      if (st) await this.app.toLobby();
      const { ack, watching } = await this.enter(link);
      this.app.enterTable(ack, watching);
    } catch (e) {
      const gone = e instanceof RequestError && (e.code === "no_table" || e.code === "bad_message");
      this.app.flash(gone ? t("links.noTable") : errorText(e));
      if (tableInHash()?.table === link.table) history.replaceState(null, "", location.pathname + location.search);
      if (this.app.screenName !== "lobby") await this.app.enterLobby();
    } finally {
      this.opening = null;
    }
  }

  /**
   * Watches the table (with the link's token); one seated there takes the
   * seat back, and at a table without watchers one sits down.
   */
  private async enter(link: TableLink): Promise<{ ack: TableStateMsg; watching: boolean }> {
    const d = link.invite ? { table: link.table, invite: link.invite } : { table: link.table };
    try {
      return { ack: await this.app.conn.request<TableStateMsg>("table.watch", d), watching: true };
    } catch (e) {
      if (!(e instanceof RequestError) || (e.code !== "seated" && e.code !== "no_watching")) throw e;
    }
    return { ack: await this.app.conn.request<TableStateMsg>("table.sit", d), watching: false };
  }
}
