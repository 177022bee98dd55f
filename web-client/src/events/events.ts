// The events side of the app (docs/protocol.md, "Events" and "The daily
// duplicate"): the lobby's list of events (event.list, kept current by the
// event.update pushes and read again now and then, since only an event's
// entrants and director are told of its changes), the daily duplicate's
// view, the event pages' views, the requests (create, enter, withdraw, the
// director's orders, daily.play), and the way to one's table in a round:
// the event.table push (or a view that seats the user) is kept as a call,
// which takes the user there at once from the lobby, the event's page or
// the table of the round before, and otherwise waits in a banner under the
// top bar. App passes it every message (observe) and draws its banner.
import { fill, h } from "../core/dom";
import { errorText } from "../core/errors";
import { RequestError } from "../core/net";
import type { Envelope, TableEventMsg, TableState as TableStateMsg } from "../core/types";
import type { DailyView, EventListAnswer, EventSummary, EventTablePush, EventUpdate, EventView } from "../core/types_events";
import type { Shell } from "../shell";
import type { TableState } from "../table/game";
import { lang, t } from "../i18n";
import { noticeText } from "./words";

/** What the events need of the app besides the shell. */
export interface EventsHost extends Shell {
  /** Takes a table.sit's state answer: the table screen. */
  enterTable(ack: TableStateMsg, watching: boolean): void;
  /** Leaves the table screen's table (a seat in a game kept). */
  dropTable(): void;
  /** The pages with an address: an event's (#event/<id>), the daily duplicate's (#daily). */
  readonly pages: { openEvent(id: number): void; openDaily(): void };
}

/** The event a page shows and how it hears of its changes. */
type Listener = (view: EventView) => void;

export class Events {
  /** The events open or running, and the latest past ones (event.list). */
  list: EventSummary[] = [];
  past: EventSummary[] = [];
  loaded = false;
  listError = "";
  /** Today's daily duplicate (daily.get); null when none is open or not read yet. */
  daily: DailyView | null = null;
  dailyError = "";
  /** The user's table in a running round, until they are there or the round is over. */
  call: EventTablePush | null = null;
  /** The event whose page is shown, and what it is told of a new view. */
  private shown: { id: number; listener: Listener } | null = null;
  /** Event names, by id (the tables' heads, the banner). */
  private readonly names = new Map<number, string>();
  private fetchTimer: number | undefined;
  private going = false;

  constructor(private readonly app: EventsHost) {}

  /** Reads the list and the daily again. */
  async refresh(): Promise<void> {
    if (!this.app.user) return;
    await Promise.all([this.refreshList(), this.refreshDaily()]);
  }

  async refreshList(): Promise<void> {
    try {
      const d = await this.app.conn.request<EventListAnswer>("event.list");
      this.list = d.events;
      this.past = d.past;
      for (const e of [...d.events, ...d.past]) this.names.set(e.event, e.name);
      this.loaded = true;
      this.listError = "";
    } catch (e) {
      if (!(e instanceof RequestError && e.code === "offline")) this.listError = errorText(e);
    }
    this.app.render();
  }

  async refreshDaily(): Promise<void> {
    try {
      this.daily = await this.app.conn.request<DailyView>("daily.get");
      this.dailyError = "";
    } catch (e) {
      if (e instanceof RequestError && e.code === "offline") return;
      this.daily = null;
      this.dailyError = e instanceof RequestError && e.code === "no_event" ? "" : errorText(e);
    }
    this.app.render();
  }

  /** Forgets everything (log out). */
  clear(): void {
    this.list = [];
    this.past = [];
    this.loaded = false;
    this.daily = null;
    this.call = null;
    this.names.clear();
  }

  nameOf(id: number): string | null {
    return this.names.get(id) ?? null;
  }

  // --- An event's page ----------------------------------------------------------

  /** The page of event `id` is shown: it hears of each new view (null: no longer shown). */
  watch(id: number | null, listener: Listener | null = null): void {
    this.shown = id !== null && listener ? { id, listener } : null;
  }

  /** event.get; the view is kept, its name noted, and the call read from it. */
  async get(id: number): Promise<EventView> {
    const v = await this.app.conn.request<EventView>("event.get", { event: id });
    this.took(v);
    return v;
  }

  /** A view from any answer: remembered, and told to its page. */
  private took(v: EventView): void {
    this.names.set(v.event, v.name);
    this.upsert(v);
    this.callFrom(v);
    if (this.shown?.id === v.event) this.shown.listener(v);
    this.app.render();
  }

  /** The view seats the user at a table of the round whose boards are not all played: that table is theirs. */
  private callFrom(v: EventView): void {
    const me = this.app.user?.id;
    if (v.state !== "running") {
      if (this.call?.event === v.event) this.call = null;
      return;
    }
    const seat = v.tables.find((x) => x.table_id && x.seats.some((s) => s.account === me));
    const playing = seat && seat.done.length < seat.boards.length ? seat : null;
    if (playing?.table_id && (this.call?.event !== v.event || this.call.round !== v.round))
      this.call = { event: v.event, round: v.round, table: playing.table, table_id: playing.table_id };
    // The user's table has played its boards (or the round is another): nothing to go to.
    else if (!playing && this.call?.event === v.event && (seat || this.call.round !== v.round)) this.call = null;
  }

  /** The summary in the lobby's list: a running or open event's, or a past one's. */
  private upsert(s: EventSummary): void {
    const summary: EventSummary = { ...s, entries: typeof s.entries === "number" ? s.entries : s.entries.length };
    const live = s.state === "open" || s.state === "running";
    this.list = this.list.filter((e) => e.event !== s.event);
    this.past = this.past.filter((e) => e.event !== s.event);
    if (live) this.list.push(summary);
    else this.past.unshift(summary);
  }

  /** Reads the shown event again soon (several changes make one request). */
  private fetchSoon(id: number): void {
    window.clearTimeout(this.fetchTimer);
    this.fetchTimer = window.setTimeout(() => {
      if (this.shown?.id === id) this.get(id).catch(() => {});
    }, 250);
  }

  // --- Requests -------------------------------------------------------------------

  /** event.create; the view, or the refusal in words (bad_event's with the server's reason). */
  async create(d: object): Promise<{ view: EventView | null; error: string }> {
    try {
      const v = await this.app.conn.request<EventView>("event.create", d);
      this.took(v);
      return { view: v, error: "" };
    } catch (e) {
      if (e instanceof RequestError && e.code === "bad_event") return { view: null, error: t("events.badEvent", { reason: e.message }) };
      if (e instanceof RequestError && e.code === "guest") return { view: null, error: t("events.guestCreate") };
      return { view: null, error: eventError(e) };
    }
  }

  /** An event request whose answer is the view (enter, withdraw, direct); a refusal is said in words, and false. */
  async request(type: "event.enter" | "event.withdraw" | "event.direct", d: object): Promise<string | null> {
    try {
      this.took(await this.app.conn.request<EventView>(type, d));
      return null;
    } catch (e) {
      return eventError(e);
    }
  }

  /** daily.play: entered (the first time), then to one's own table for the boards not yet played. */
  async playDaily(): Promise<void> {
    try {
      this.daily = await this.app.conn.request<DailyView>("daily.play");
      this.dailyError = "";
    } catch (e) {
      this.app.flash(errorText(e));
      return;
    }
    if (this.daily.table_id) await this.goToTable(this.daily.table_id);
    else this.app.render();
  }

  // --- Pushes ---------------------------------------------------------------------

  observe(m: Envelope): void {
    if (m.t === "event.update") this.updated(m.d as EventUpdate);
    else if (m.t === "event.table") this.sentTo(m.d as EventTablePush);
    else if (m.t === "table.event") this.tableEvent(m.d as TableEventMsg);
  }

  /** The called table's game is over (its boards played) or the table closed: no call left. */
  private tableEvent(e: TableEventMsg): void {
    const type = e.event?.type;
    if (this.call && e.table === this.call.table_id && (type === "result" || type === "closed")) {
      this.call = null;
      this.app.render();
    }
  }

  private updated(u: EventUpdate): void {
    this.names.set(u.event, u.name);
    this.upsert(u);
    if (this.call?.event === u.event && (u.state !== "running" || u.round !== this.call.round)) this.call = null;
    const text = noticeText(u);
    if (text) this.app.flash(text);
    if (this.shown?.id === u.event) this.fetchSoon(u.event);
    this.app.render();
  }

  /**
   * The user's table in a round: from the lobby, the event's page or the
   * table of the event's round before, the user is taken there; elsewhere
   * (another table, a replay) the banner says so.
   */
  private sentTo(p: EventTablePush): void {
    this.call = p;
    const st = this.app.table;
    const at = this.app.screenName;
    const here =
      at === "lobby" ||
      at === "daily" ||
      (at === "event" && this.shown?.id === p.event) ||
      (at === "table" && st?.summary.event?.event === p.event && !st.summary.event.own_pace);
    this.app.flash(t("events.tableReady", { name: this.nameOf(p.event) ?? t("events.eventNumber", { n: p.event }), round: p.round, table: p.table }));
    if (here) void this.goToTable();
    this.app.render();
  }

  /** Takes the user to the table of the call (table.sit without a seat: the event seated them). */
  async goToTable(tableId = this.call?.table_id): Promise<void> {
    if (!tableId || this.going) return;
    this.going = true;
    try {
      const ack = await this.app.conn.request<TableStateMsg>("table.sit", { table: tableId });
      // From another table: left as the lobby's way leaves it (a seat in a game kept).
      if (this.app.table && this.app.table.id !== ack.table.table) this.app.dropTable();
      this.app.enterTable(ack, false);
    } catch (e) {
      if (e instanceof RequestError && e.code === "no_table" && this.call?.table_id === tableId) this.call = null;
      this.app.flash(errorText(e));
    } finally {
      this.going = false;
    }
    this.app.render();
  }

  /** From an event's table to its event's page (or the daily duplicate's); the seat is kept. */
  toEventPage(): void {
    const info = this.app.table?.summary.event;
    if (!info) return void this.app.toLobby();
    this.app.dropTable();
    if (info.own_pace) this.app.pages.openDaily();
    else this.app.pages.openEvent(info.event);
  }

  /**
   * The table the tab is at was closed (the event `closed`): an event's
   * table at the end of its round goes back to the event's page, the
   * daily duplicate's to its page, any other (the operator's) to the lobby,
   * each with a notice.
   */
  tableClosed(st: TableState, reason: unknown): void {
    if (this.app.table !== st) return;
    const info = st.summary.event;
    this.app.dropTable();
    // The next round's table is called already: the user is on the way there.
    if (info && this.call?.event === info.event && this.call.round > info.round) return;
    // The event is over: its notice said so; its page shows the standings.
    const over = info && this.past.some((e) => e.event === info.event);
    if (info?.own_pace) {
      this.app.flash(t("daily.tableClosed"));
      this.app.pages.openDaily();
    } else if (info) {
      if (!over) this.app.flash(t("events.roundOver", { n: info.round }));
      this.app.pages.openEvent(info.event);
    } else {
      this.app.flash(t("app.tableClosed", { reason: String(reason ?? "") }));
      void this.app.enterLobby();
    }
  }

  /** Draws the banner of the call into `slot` when what it says changed (a redraw would take a click in the middle). */
  drawBanner(slot: HTMLElement): void {
    const c = this.visibleCall();
    const key = c ? `${c.event}/${c.round}/${c.table_id}/${this.nameOf(c.event) ?? ""}/${lang()}` : "";
    if (slot.dataset["key"] === key) return;
    slot.dataset["key"] = key;
    fill(slot, c ? this.banner(c) : null);
  }

  /** The call, where the user is not at that table (nor on the event's page, which says it itself). */
  private visibleCall(): EventTablePush | null {
    const c = this.call;
    if (!c || !this.app.user) return null;
    const at = this.app.screenName;
    if (at === "table" && this.app.table?.id === c.table_id) return null;
    if (at === "event" && this.shown?.id === c.event) return null;
    if (at === "account" || at === "connecting") return null;
    return c;
  }

  private banner(c: EventTablePush): HTMLElement {
    const name = this.nameOf(c.event) ?? t("events.eventNumber", { n: c.event });
    return h(
      "div",
      { class: "event-call", role: "status", "data-role": "event-call" },
      h("span", { class: "event-call-text" }, t("events.callText", { name, round: c.round, table: c.table })),
      h(
        "span",
        { class: "event-call-actions" },
        h("button", { type: "button", class: "primary", id: "event-call-go", onclick: () => void this.goToTable() }, t("events.goToTable")),
        h("button", { type: "button", class: "link", onclick: () => this.app.pages.openEvent(c.event) }, t("events.eventPage")),
      ),
    );
  }
}

/** An event request's refusal in words: not_invited is the event's, not a table's; no_user names the name. */
export function eventError(e: unknown): string {
  if (e instanceof RequestError && e.code === "not_invited") return t("events.notInvited");
  // An invited name that is no account: the server's message ends with it.
  const name = e instanceof RequestError && e.code === "no_user" ? /(\S+)$/.exec(e.message)?.[1] : undefined;
  if (name) return t("events.noUser", { name });
  if (e instanceof RequestError && e.code === "guest") return t("events.guestFee");
  return errorText(e);
}
