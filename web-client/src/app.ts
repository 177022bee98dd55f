// The application: the connection, who is logged in, the lobby's tables and
// the table the user is at; the requests the screens make; and which screen
// is shown. Session token: sessionStorage keeps this tab's (so a reload
// resumes it, and other tabs can be other players); localStorage remembers
// the last one, offered as "Continue as …" in a new tab. A change of
// language draws the screen again (a new one, in the new words) and keeps
// the connection.
import { h, fill } from "./core/dom";
import { endedText, errorReason, errorText } from "./core/errors";
import { onLangChange, t } from "./i18n";
import { addWatcherChat, applyEventMsg, newTableState, setClock, type TableState } from "./table/game";
import { Connection, RequestError, type Status } from "./core/net";
import { setRules } from "./core/rules";
import { Pages } from "./pages";
import { loadPrefs, onPrefsChange, prefsLoggedOut } from "./prefs";
import { readJson, replayInHash, savedChat, saveChat } from "./saved";
import type { ScreenName, Shell } from "./shell";
import { TopBar } from "./topbar";
import { Wallet } from "./chips/wallet";
import { Safety } from "./social/safety";
import { Social } from "./social/social";
import { Events } from "./events/events";
import { askSuggestion } from "./table/suggest_request";
import type {
  Action,
  Envelope,
  SessionAck,
  SessionEnded,
  TableEventMsg,
  TableState as TableStateMsg,
  TableSummary,
  TableSyncEvents,
  User,
  View,
  Welcome,
} from "./core/types";

export type { ScreenName };

export interface Screen {
  readonly el: HTMLElement;
  update(): void;
  dispose?(): void;
  /** After a change of language: takes over what the screen it replaces had read (a replay and its step), instead of asking again. */
  adopt?(old: Screen): void;
}

export type ScreenFactory = (app: App, name: ScreenName) => Screen;

const TOKEN_KEY = "whist.token";
const TABLE_KEY = "whist.table";
const REMEMBER_KEY = "whist.remember";

interface SavedTable {
  id: number;
  watch: boolean;
}

export interface Remembered {
  token: string;
  name: string;
}

export class App implements Shell {
  readonly conn: Connection;
  user: User | null = null;
  status: Status = "connecting";
  screenName: ScreenName = "connecting";
  lobby = new Map<number, TableSummary>();
  table: TableState | null = null;
  server = "";
  /** What the login screen says went wrong (in the language of the moment it is shown). */
  accountError: (() => string) | null = null;
  /** The chips in the header. */
  readonly wallet = new Wallet(this);
  /** The screens with an address: the replay viewer and the profiles. */
  readonly pages = new Pages(this);
  /** Friends, invitations and scheduled tables' notices (social.ts). */
  readonly social = new Social(this);
  /** The players the user muted and blocked (social/safety.ts). */
  readonly safety = new Safety(this);
  /** Events and the daily duplicate (events/events.ts). */
  readonly events = new Events(this);

  private screen: Screen | null = null;
  private readonly topbar: TopBar;
  private readonly main: HTMLElement;
  /** The call to one's table at an event (events.ts's banner), under the top bar. */
  private readonly callout: HTMLElement;
  private readonly toast: HTMLElement;
  private renderQueued = false;
  private syncing = false;
  private toastTimer: number | undefined;

  constructor(
    root: HTMLElement,
    private readonly makeScreen: ScreenFactory,
  ) {
    this.topbar = new TopBar(this);
    this.main = h("main", { class: "main" });
    onLangChange(() => this.relabel());
    document.title = t("app.title");
    this.toast = h("div", { class: "toast", role: "status", "aria-live": "polite", hidden: true });
    this.callout = h("div", { class: "callout", "aria-live": "polite" });
    fill(root, this.topbar.el, this.callout, this.toast, this.main);
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    this.conn = new Connection(`${scheme}//${location.host}/ws`);
    this.conn.onStatus = (st) => {
      this.status = st;
      this.render();
    };
    this.conn.onOpen = () => this.opened();
    this.conn.onMessage = (m) => this.receive(m);
    // A player the server counts as away while the tab shows the table (idle
    // at a turn for too long): any click or key there says they are back.
    const back = (): void => {
      const st = this.table;
      const mine = st && st.seat !== null ? st.summary.seats[st.seat] : undefined;
      if (this.screenName === "table" && this.status === "online" && mine?.name && !mine.connected) this.resync();
    };
    window.addEventListener("pointerdown", back, true);
    window.addEventListener("keydown", back, true);
    onPrefsChange(() => this.render()); // the hand's order, how a card is played (prefs.ts)
  }

  start(): void {
    this.show("connecting");
    this.conn.connect();
  }

  // --- Screens -----------------------------------------------------------

  show(name: ScreenName): void {
    if (this.screenName !== name || !this.screen) {
      this.screen?.dispose?.();
      this.screenName = name;
      this.screen = this.makeScreen(this, name);
      // Drawn at once, so the screen is complete when it appears.
      this.screen.update();
      fill(this.main, this.screen.el);
      document.body.dataset["screen"] = name;
      window.scrollTo(0, 0);
    }
    this.pages.shown(name); // a table's address (#table/<id>) follows the table screen
    this.render();
  }

  /** A new language: the same screen made again in its words (the connection and the table stay). */
  private relabel(): void {
    document.title = t("app.title");
    const old = this.screen;
    if (old) {
      const y = window.scrollY;
      old.dispose?.();
      this.screen = this.makeScreen(this, this.screenName);
      this.screen.adopt?.(old);
      this.screen.update();
      fill(this.main, this.screen.el);
      window.scrollTo(0, y);
    }
    this.render();
  }

  /** Schedules a render of the header and the screen (once per frame). */
  render(): void {
    if (this.renderQueued) return;
    this.renderQueued = true;
    const run = (): void => {
      if (!this.renderQueued) return;
      this.renderQueued = false;
      this.topbar.render();
      this.events.drawBanner(this.callout);
      this.screen?.update();
      this.social.rendered();
    };
    requestAnimationFrame(run);
    window.setTimeout(run, 100); // background tabs get no animation frames
  }

  flash(text: string): void {
    this.toast.textContent = text;
    this.toast.hidden = false;
    window.clearTimeout(this.toastTimer);
    this.toastTimer = window.setTimeout(() => (this.toast.hidden = true), 5000);
  }

  /** Shows an error (a refusal of the server's, in the user's words: core/errors.ts). */
  fail(e: unknown): void {
    this.flash(errorText(e));
  }

  // --- Connection and session ---------------------------------------------

  get remembered(): Remembered | null {
    return readJson<Remembered>(localStorage, REMEMBER_KEY);
  }

  private async opened(): Promise<void> {
    const token = sessionStorage.getItem(TOKEN_KEY);
    let w: Welcome;
    try {
      w = await this.conn.request<Welcome>("hello", { version: 1, token });
    } catch (e) {
      this.fail(e);
      return;
    }
    this.server = w.server;
    setRules(w.rules);
    // #replay/<id> opens the replay (logged out: the account screen first, links.ts); a reconnection leaves it open.
    const replay = replayInHash();
    if (w.session === "resumed" && w.user) {
      this.user = w.user;
      void loadPrefs(this.conn);
      void this.wallet.refresh();
      void this.safety.refresh();
    }
    if (replay !== null && this.user && (this.screenName !== "replay" || this.pages.replayGame !== replay)) {
      this.openReplay(replay);
      return;
    }
    if (this.screenName === "replay") return;
    if (w.session === "resumed" && w.user) {
      await this.resume();
      this.pages.route(); // a profile's address (#profile/<name>): the profile again
      return;
    }
    if (token) {
      sessionStorage.removeItem(TOKEN_KEY);
      if (this.remembered?.token === token) localStorage.removeItem(REMEMBER_KEY);
      if (this.user) this.flash(t("app.sessionEnded"));
    }
    this.user = null;
    this.table = null;
    prefsLoggedOut();
    this.show("account");
  }

  /** After a (re)connection: back to the table the tab was at, or the lobby. */
  async resume(): Promise<void> {
    void this.social.refresh();
    void this.events.refresh();
    const saved = readJson<SavedTable>(sessionStorage, TABLE_KEY);
    if (saved) {
      try {
        await this.syncTable(saved.id, saved.watch);
        this.show("table");
        return;
      } catch (e) {
        sessionStorage.removeItem(TABLE_KEY);
        this.table = null;
        if (e instanceof RequestError && e.code !== "offline") this.flash(t("app.backInLobby", { reason: errorReason(e) }));
        if (e instanceof RequestError && e.code === "offline") return;
      }
    }
    await this.enterLobby();
  }

  /** A login's answer (register, login, guest, or a reset code's account.reset): the session kept, the lobby. */
  signedIn(ack: SessionAck): void {
    this.user = ack.user;
    this.accountError = null;
    sessionStorage.setItem(TOKEN_KEY, ack.token);
    localStorage.setItem(REMEMBER_KEY, JSON.stringify({ token: ack.token, name: ack.user.name }));
    void loadPrefs(this.conn);
    void this.wallet.refresh();
    void this.social.refresh();
    void this.safety.refresh();
    void this.events.refresh();
    // A profile's address (a link opened in a new tab, then a login): the profile.
    void this.enterLobby().then(() => this.pages.route());
  }

  private async account(t: "register" | "login" | "guest", d?: object): Promise<void> {
    try {
      this.signedIn(await this.conn.request<SessionAck>(t, d));
    } catch (e) {
      this.accountError = () => errorText(e);
      this.render();
    }
  }

  register(username: string, password: string): Promise<void> {
    return this.account("register", { username, password });
  }

  login(username: string, password: string): Promise<void> {
    return this.account("login", { username, password });
  }

  guest(): Promise<void> {
    return this.account("guest");
  }

  /** Takes the remembered session in this tab: a new connection says hello with it. */
  continueAs(r: Remembered): void {
    sessionStorage.setItem(TOKEN_KEY, r.token);
    this.show("connecting");
    this.conn.restart();
  }

  forget(): void {
    localStorage.removeItem(REMEMBER_KEY);
    this.render();
  }

  async logout(): Promise<void> {
    if (this.user?.guest && !window.confirm(t("app.confirmGuestLogout"))) return;
    try {
      await this.conn.request("logout");
    } catch (e) {
      if (!(e instanceof RequestError && e.code === "not_logged_in")) return this.fail(e);
    }
    this.signedOut();
  }

  /** Forgets the session (this tab's and the remembered one) and shows the login screen. */
  private signedOut(): void {
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (token && this.remembered?.token === token) localStorage.removeItem(REMEMBER_KEY);
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(TABLE_KEY);
    this.user = null;
    this.table = null;
    prefsLoggedOut();
    this.wallet.chips = null;
    this.lobby.clear();
    this.social.clear();
    this.safety.clear();
    this.events.clear();
    this.show("account");
  }

  /** session.ended (password changed or reset, ended elsewhere, account deleted): the token forgotten, a new connection without it. */
  private sessionEnded(d: SessionEnded | undefined): void {
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
    this.signedOut();
    this.accountError = () => endedText(d?.reason);
    this.render();
    this.conn.restart();
  }

  // --- Replay and profiles -------------------------------------------------

  /** Opens the replay viewer on a finished game (and its address, #replay/<id>). */
  openReplay(game: number): void {
    this.pages.openReplay(game);
  }

  closeReplay(): void {
    this.pages.closeReplay();
  }

  /** Opens a player's profile (and its address, #profile/<name>). */
  openProfile(name: string): void {
    this.pages.openProfile(name);
  }

  closeProfile(): void {
    this.pages.closeProfile();
  }

  // --- Lobby -------------------------------------------------------------

  async enterLobby(): Promise<void> {
    try {
      const ack = await this.conn.request<{ tables: TableSummary[] }>("lobby.join");
      this.lobby = new Map(ack.tables.map((t) => [t.table, t]));
    } catch (e) {
      this.fail(e);
    }
    this.show("lobby");
  }

  /** Leaves the table for another screen: watching stops; a seat is kept in a game, and at an event's (the event seated the user). */
  dropTable(): void {
    const st = this.table;
    if (!st) return;
    this.table = null;
    sessionStorage.removeItem(TABLE_KEY);
    if (st.summary.event) return;
    if (st.seat === null) this.conn.request("table.unwatch", { table: st.id }).catch(() => {});
    else if (st.summary.state !== "playing") this.conn.request("table.leave", { table: st.id }).catch(() => {});
  }

  /** From a table back to the lobby; a seat in a game in progress is kept. */
  async toLobby(): Promise<void> {
    this.dropTable();
    await this.enterLobby();
  }

  async createTable(d: object): Promise<boolean> {
    try {
      const ack = await this.conn.request<TableStateMsg>("table.create", d);
      this.enterTable(ack, false);
      return true;
    } catch (e) {
      this.fail(e);
      return false;
    }
  }

  /** Quick play: a seat at a forming table of the variant (computer players fill it after a short wait). */
  async quickPlay(variant: string, players?: number): Promise<void> {
    try {
      this.enterTable(await this.conn.request<TableStateMsg>("play.quick", players ? { variant, players } : { variant }), false);
    } catch (e) {
      this.fail(e);
    }
  }

  async sit(table: number, seat: number | null): Promise<void> {
    try {
      this.enterTable(await this.conn.request<TableStateMsg>("table.sit", { table, seat }), false);
    } catch (e) {
      this.fail(e);
    }
  }

  async watch(table: number): Promise<void> {
    try {
      this.enterTable(await this.conn.request<TableStateMsg>("table.watch", { table }), true);
    } catch (e) {
      this.fail(e);
    }
  }

  enterTable(ack: TableStateMsg, watching: boolean): void {
    if (!this.user) return;
    this.conn.request("lobby.leave").catch(() => {});
    this.table = newTableState(ack.table, ack.v, ack.view, this.user.id, ack);
    setClock(this.table, ack.turn_ms_left);
    if (watching) this.table.seat = null;
    sessionStorage.setItem(TABLE_KEY, JSON.stringify({ id: ack.table.table, watch: this.table.seat === null }));
    this.show("table");
  }

  // --- Table ---------------------------------------------------------------

  /** Catches up with a table: missed events, or its whole state. */
  private async syncTable(id: number, watch: boolean): Promise<void> {
    const st = this.table && this.table.id === id ? this.table : null;
    let d: TableStateMsg | TableSyncEvents;
    try {
      d = await this.conn.request<TableStateMsg | TableSyncEvents>("table.sync", { table: id, since: st ? st.v : null });
    } catch (e) {
      // A watcher's connection ended its watching: watch again.
      if (watch && e instanceof RequestError && e.code === "not_seated") {
        d = await this.conn.request<TableStateMsg>("table.watch", { table: id });
      } else {
        throw e;
      }
    }
    this.applySync(d, watch);
  }

  private applySync(d: TableStateMsg | TableSyncEvents, watch: boolean): void {
    if (!this.user) return;
    if (typeof d.table === "object") {
      const full = d as TableStateMsg;
      const old = this.table && this.table.id === full.table.table ? this.table : null;
      const st = newTableState(full.table, full.v, full.view, this.user.id, full);
      setClock(st, full.turn_ms_left);
      if (watch) st.seat = null;
      if (old) {
        st.chat = old.chat;
        st.notices = old.notices;
      } else {
        st.chat = savedChat(st.id); // after a reload
      }
      this.table = st;
      return;
    }
    const ev = d as TableSyncEvents;
    const st = this.table;
    if (!st || st.id !== ev.table) return;
    for (const m of ev.events) applyEventMsg(st, m);
    if (ev.view) st.view = ev.view;
    setClock(st, ev.turn_ms_left);
    st.v = Math.max(st.v, ev.v);
    if (st.v > st.actedV) st.actedV = -1;
  }

  private resync(): void {
    const st = this.table;
    if (!st || this.syncing) return;
    this.syncing = true;
    this.syncTable(st.id, st.seat === null)
      .catch((e: unknown) => this.fail(e))
      .finally(() => {
        this.syncing = false;
        this.render();
      });
  }

  private receive(m: Envelope): void {
    const d = m.d as Record<string, unknown> | undefined;
    this.social.observe(m);
    this.events.observe(m);
    switch (m.t) {
      case "lobby.table": {
        const t = d as unknown as TableSummary;
        this.lobby.set(t.table, t);
        if (this.screenName === "lobby") this.render();
        return;
      }
      case "lobby.removed":
        this.lobby.delete(Number(d?.["table"]));
        if (this.screenName === "lobby") this.render();
        return;
      case "table.event": {
        const e = d as unknown as TableEventMsg;
        const st = this.table;
        if (!st || e.table !== st.id) return;
        if (!applyEventMsg(st, e)) this.resync();
        if (e.event.type === "chat") saveChat(st);
        if (st.summary.settings.kind === "compete" && Wallet.moves(e.event.type)) void this.wallet.refresh();
        if (e.event.type === "closed") this.events.tableClosed(st, e.event["reason"]);
        this.render();
        return;
      }
      case "table.watcher_chat": {
        const st = this.table;
        if (!st || d?.["table"] !== st.id) return;
        addWatcherChat(st, d);
        saveChat(st);
        this.render();
        return;
      }
      case "table.view": {
        const st = this.table;
        if (!st || d?.["table"] !== st.id) return;
        const view = d["view"] as View;
        const v = Number(d["v"]);
        if (v < st.v) return; // older than what we know
        st.view = view;
        st.v = v;
        setClock(st, d["turn_ms_left"] as number | null | undefined);
        if (v > st.actedV) st.actedV = -1; // (not by a view of the version acted on, handled just after the click)
        if (view.seat !== null) st.seat = view.seat;
        this.render();
        return;
      }
      case "session.ended":
        this.sessionEnded(d as SessionEnded | undefined);
        return;
      case "error": {
        const e = (d ?? {}) as { code?: string; message?: string; retry_after?: number };
        this.fail(new RequestError(String(e.code ?? ""), String(e.message ?? "error"), e.retry_after));
        return;
      }
    }
  }

  async act(action: Omit<Action, "seat">): Promise<void> {
    const st = this.table;
    if (!st) return;
    st.actedV = st.v;
    this.render();
    try {
      await this.conn.request("table.act", { table: st.id, action });
    } catch (e) {
      if (this.table === st) st.actedV = -1;
      this.fail(e);
      this.render();
    }
  }

  async chat(message: { text: string } | { phrase: number }): Promise<boolean> {
    const st = this.table;
    if (!st) return false;
    try {
      await this.conn.request("table.chat", { table: st.id, ...message });
      return true;
    } catch (e) {
      this.fail(e);
      return false;
    }
  }

  /** A request about the user's table (table.rematch, table.add_bot, table.remove_bot, with `d`); a refusal is shown. */
  async tableRequest(type: string, d: object = {}): Promise<void> {
    const st = this.table;
    if (!st) return;
    try {
      await this.conn.request(type, { table: st.id, ...d });
    } catch (e) {
      this.fail(e);
    }
  }

  /** What the computer would do in the user's place (shown, never played); a refusal is shown, and null. */
  suggest(): Promise<{ action: Action; v: number } | null> {
    return askSuggestion(this);
  }

  /** Back to the seat of a table this user sits at (from the lobby). */
  async returnTo(table: number): Promise<void> {
    await this.sit(table, null);
  }
}
