// The social side of the app: friends (friends.list, the requests and the
// friend pushes), invitations (the invitation-only and friends-only tables
// the lobby shows the user without a seat there), and the notices of
// scheduled tables. The screens read it (friends.ts, invites.ts, access.ts);
// App passes it every message (observe) and calls rendered() after a render.
import type { Shell } from "../shell";
import { h } from "../core/dom";
import { errorText } from "../core/errors";
import { RequestError } from "../core/net";
import { leftText, pendingStart, startTicker, startText } from "../core/schedule";
import type { Envelope, TableSummary } from "../core/types";
import { TablePanel } from "./invites";
import { socialSettings, tableName, type Friend, type UserRef } from "./model";
import { t, type Key } from "../i18n";

/** The server's friend errors, in a sentence that names the person. */
const FRIEND_ERRORS: Record<string, Key> = {
  no_user: "social.noUser",
  self: "social.self",
  already_friends: "social.alreadyFriends",
  already_requested: "social.alreadyRequested",
  guest: "social.guest",
  no_request: "social.noRequest",
  not_friends: "social.notFriends",
};

function friendError(e: unknown, name: string): string {
  // Blocked: by the user ("you blocked that player; unblock them first"), or by the other.
  if (e instanceof RequestError && e.code === "blocked") return t(/you blocked/.test(e.message) ? "social.youBlocked" : "social.blockedYou", { name });
  const key = e instanceof RequestError ? FRIEND_ERRORS[e.code] : undefined;
  return key ? t(key, { name }) : errorText(e);
}

export class Social {
  friends: Friend[] = [];
  incoming: UserRef[] = [];
  outgoing: UserRef[] = [];
  /** friends.list has answered since the login. */
  loaded = false;
  /** The user plays as a guest: no friends (the server refuses them). */
  guest = false;
  private panel: TablePanel | null = null;
  private refreshTimer: number | undefined;
  /** The schedule notices already given: "<table>:soon", "<table>:start". */
  private readonly noticed = new Set<string>();

  constructor(private readonly app: Shell) {
    startTicker(() => this.tick());
  }

  // --- Friends ---------------------------------------------------------------

  /** Reads the friends and requests again (friends.list). */
  async refresh(): Promise<void> {
    const u = this.app.user;
    if (!u) return;
    if (u.guest) {
      this.guest = true;
      this.loaded = true;
      this.friends = [];
      this.incoming = [];
      this.outgoing = [];
      return;
    }
    this.guest = false;
    try {
      const d = await this.app.conn.request<{ friends: Friend[]; incoming: UserRef[]; outgoing: UserRef[] }>("friends.list");
      this.friends = d.friends;
      this.incoming = d.incoming;
      this.outgoing = d.outgoing;
      this.loaded = true;
    } catch {
      // Offline: the next connection reads them again.
    }
    this.app.render();
  }

  /** A refresh soon (several changes make one request). */
  private refreshSoon(ms = 700): void {
    window.clearTimeout(this.refreshTimer);
    this.refreshTimer = window.setTimeout(() => void this.refresh(), ms);
  }

  /** Forgets everything (log out). */
  clear(): void {
    this.friends = [];
    this.incoming = [];
    this.outgoing = [];
    this.loaded = false;
    this.guest = false;
  }

  get friendIds(): Set<number> {
    return new Set(this.friends.map((f) => f.id));
  }

  /** Sends a friend request; answers with what happened, in words. */
  async request(username: string): Promise<{ ok: boolean; text: string }> {
    const name = username.trim();
    if (!name) return { ok: false, text: t("social.writeName") };
    try {
      const d = await this.app.conn.request<{ state: "requested" | "friends"; user?: UserRef; friend?: Friend }>("friend.request", {
        username: name,
      });
      if (d.state === "friends" && d.friend) {
        this.addFriend(d.friend);
        return { ok: true, text: t("social.askedToo", { name: d.friend.name }) };
      }
      if (d.user && !this.outgoing.some((u) => u.id === d.user?.id)) this.outgoing.push(d.user);
      this.app.render();
      return { ok: true, text: t("social.requestSent", { name: d.user?.name ?? name }) };
    } catch (e) {
      return { ok: false, text: friendError(e, name) };
    }
  }

  async accept(name: string): Promise<void> {
    try {
      const d = await this.app.conn.request<{ friend: Friend }>("friend.accept", { username: name });
      this.addFriend(d.friend);
      this.app.flash(t("social.friendsNow", { name: d.friend.name }));
    } catch (e) {
      this.app.flash(friendError(e, name));
      this.refreshSoon(0);
    }
  }

  async decline(name: string): Promise<void> {
    await this.answer("friend.decline", name);
    this.incoming = this.incoming.filter((u) => u.name !== name);
    this.app.render();
  }

  /** Ends a friendship, or withdraws one's own request. */
  async remove(name: string): Promise<void> {
    if (!(await this.answer("friend.remove", name))) return;
    this.friends = this.friends.filter((f) => f.name !== name);
    this.outgoing = this.outgoing.filter((u) => u.name !== name);
    this.app.render();
  }

  private async answer(type: string, name: string): Promise<boolean> {
    try {
      await this.app.conn.request(type, { username: name });
      return true;
    } catch (e) {
      this.app.flash(friendError(e, name));
      this.refreshSoon(0);
      return false;
    }
  }

  private addFriend(f: Friend): void {
    this.friends = [...this.friends.filter((x) => x.id !== f.id), f].sort((a, b) => a.id - b.id);
    this.incoming = this.incoming.filter((u) => u.id !== f.id);
    this.outgoing = this.outgoing.filter((u) => u.id !== f.id);
    this.app.render();
  }

  // --- Invitations ---------------------------------------------------------------

  /**
   * Whether the lobby shows the user this table because they are invited:
   * an invitation-only table where they have no seat, or a friends-only
   * one where no friend of theirs sits (else a friend's table).
   */
  isInvitation(table: TableSummary): boolean {
    const me = this.app.user;
    const s = socialSettings(table);
    if (!me || (!s.invite_only && !s.friends_only) || table.state === "playing") return false;
    if (table.creator === me.name || table.seats.some((x) => x.user === me.id)) return false;
    if (s.invite_only) return true;
    if (!this.loaded) return false;
    const friends = this.friendIds;
    return !table.seats.some((x) => x.user !== null && friends.has(x.user));
  }

  /**
   * Whether the app's lobby list is current: the lobby is left at a table
   * (and joined again for the friends screen), so it may be old there.
   */
  private get lobbyFresh(): boolean {
    return !this.app.table || this.app.screenName === "friends";
  }

  invitations(): TableSummary[] {
    if (!this.lobbyFresh) return [];
    return [...this.app.lobby.values()].filter((x) => this.isInvitation(x)).sort((a, b) => a.table - b.table);
  }

  /** What the header's badge counts: invitations and friend requests waiting for an answer. */
  get count(): number {
    return this.invitations().length + this.incoming.length;
  }

  /** Accepts an invitation: sits at the table (leaving the table this tab is at). */
  async acceptInvitation(table: number): Promise<void> {
    if (this.app.table) await this.app.toLobby();
    await this.app.sit(table, null);
  }

  async declineInvitation(table: number): Promise<void> {
    try {
      await this.app.conn.request("table.decline", { table });
      this.app.lobby.delete(table);
      this.app.render();
    } catch (e) {
      this.app.flash(errorText(e));
    }
  }

  /** Invites people to a table the user sits at; the answer in words, or an error. */
  async invite(table: number, names: string[]): Promise<{ ok: boolean; text: string; invited: string[] }> {
    if (names.length === 0) return { ok: false, text: t("social.writeNames"), invited: [] };
    if (names.length > 20) return { ok: false, text: t("social.tooMany"), invited: [] };
    try {
      const d = await this.app.conn.request<{ invited: string[]; unknown: string[] }>("table.invite", { table, users: names });
      const parts: string[] = [];
      if (d.invited.length) parts.push(t("social.invitedList", { names: d.invited.join(", ") }));
      if (d.unknown.length) parts.push(t("social.unknownList", { names: d.unknown.join(", "), n: d.unknown.length }));
      return { ok: d.unknown.length === 0, text: parts.join(" "), invited: d.invited };
    } catch (e) {
      return { ok: false, text: errorText(e), invited: [] };
    }
  }

  /** Right after the create form made a table: invites the names it listed (the answer is flashed). */
  async inviteCreated(names: string[]): Promise<void> {
    const st = this.app.table;
    if (!st) return;
    const r = await this.invite(st.id, names);
    this.app.flash(r.text);
  }

  /** Goes to the friends and invitations screen (from a table too: the lobby is joined for its invitations). */
  async open(): Promise<void> {
    if (this.app.table) {
      try {
        const ack = await this.app.conn.request<{ tables: TableSummary[] }>("lobby.join");
        this.app.lobby = new Map(ack.tables.map((x) => [x.table, x]));
      } catch {
        // The friends are shown all the same.
      }
    }
    this.app.show("friends");
    void this.refresh();
  }

  /** Back from the friends screen: to the table this tab is at, or the lobby. */
  back(): void {
    if (this.app.table) {
      this.app.conn.request("lobby.leave").catch(() => {});
      this.app.show("table");
    } else {
      this.app.show("lobby");
    }
  }

  // --- Messages ------------------------------------------------------------------

  /** Sees every message from the server before the app handles it. */
  observe(m: Envelope): void {
    const d = (m.d ?? {}) as Record<string, unknown>;
    const user = d["user"] as UserRef | undefined;
    switch (m.t) {
      case "friend.incoming":
        if (user && !this.incoming.some((u) => u.id === user.id)) this.incoming.push(user);
        if (user) this.app.flash(t("social.incoming", { name: user.name }));
        this.app.render();
        return;
      case "friend.accepted": {
        const f = d["friend"] as Friend | undefined;
        if (!f) return;
        this.addFriend(f);
        this.app.flash(t("social.accepted", { name: f.name }));
        return;
      }
      case "friend.removed":
        if (!user) return;
        this.friends = this.friends.filter((f) => f.id !== user.id);
        this.incoming = this.incoming.filter((u) => u.id !== user.id);
        this.outgoing = this.outgoing.filter((u) => u.id !== user.id);
        this.app.render();
        return;
      case "friend.online":
      case "friend.offline": {
        const f = user && this.friends.find((x) => x.id === user.id);
        if (f) f.online = m.t === "friend.online";
        // Where they are may have changed too: friends.list says.
        this.refreshSoon();
        this.app.render();
        return;
      }
      case "lobby.table": {
        const table = d as unknown as TableSummary;
        const old = this.app.lobby.get(table.table);
        if (!old && this.isInvitation(table)) {
          const s = socialSettings(table);
          this.app.flash(
            s.start_at
              ? t("social.invitedAt", { name: table.creator, table: tableName(table), when: startText(s.start_at) })
              : t("social.invited", { name: table.creator, table: tableName(table) }),
          );
        }
        // A scheduled table the user sits at (in another tab, or left for the lobby) begins.
        const me = this.app.user;
        if (old?.state === "open" && table.state === "playing" && socialSettings(table).start_at && me && table.seats.some((x) => x.user === me.id)) {
          this.opened(table, this.app.table?.id === table.table);
        }
        // A friend sat down or left: where they are is asked again.
        if (this.app.screenName === "friends") {
          const ids = this.friendIds;
          const seats = [...table.seats, ...(old?.seats ?? [])];
          if (seats.some((x) => x.user !== null && ids.has(x.user))) this.refreshSoon();
        }
        if (this.app.screenName !== "lobby") this.app.render();
        return;
      }
      case "lobby.removed":
        if (this.app.screenName !== "lobby") this.app.render();
        return;
      case "table.event": {
        const ev = d["event"] as { type?: string } | undefined;
        const st = this.app.table;
        if (ev?.type === "start" && st && d["table"] === st.id && st.summary.state === "open" && socialSettings(st.summary).start_at)
          this.opened(st.summary, true);
        if (ev?.type === "cancelled" && st && d["table"] === st.id) {
          this.app.flash(t("social.cancelled", { table: tableName(st.summary) }));
          void this.app.toLobby();
        }
        return;
      }
    }
  }

  /** After each render: the header's Friends button, and the table screen's panel. */
  rendered(): void {
    if (this.app.screenName !== "table") {
      this.panel = null;
      return;
    }
    // The side column (not a score's side, also of class "side").
    const side = document.querySelector<HTMLElement>(".table-screen aside.side") ?? document.querySelector<HTMLElement>(".table-screen");
    if (!side) return;
    if (!this.panel || !side.contains(this.panel.el)) {
      this.panel = new TablePanel(this.app, this);
      side.prepend(this.panel.el);
    }
    const st = this.app.table;
    if (st) this.panel.update(st);
  }

  /** The header's way to friends and invitations, with the count of what waits for an answer. */
  navButton(): HTMLElement | null {
    if (!this.app.user) return null;
    const n = this.count;
    const here = this.app.screenName === "friends";
    return h(
      "button",
      {
        type: "button",
        id: "friends-nav",
        class: `link nav${here ? " here" : ""}`,
        "aria-current": here ? "page" : null,
        title: t("social.navTitle"),
        onclick: () => (here ? this.back() : void this.open()),
      },
      t("social.nav"),
      n > 0 ? h("span", { class: "nav-count", "data-count": n, "aria-label": t("social.waiting", { n }) }, String(n)) : null,
    );
  }

  // --- Scheduled tables --------------------------------------------------------

  /** The notice that a scheduled table the user sits at begins (once per table). */
  private opened(table: TableSummary, here: boolean): void {
    if (this.noticed.has(`${table.table}:start`)) return;
    this.noticed.add(`${table.table}:start`);
    this.app.flash(here ? t("social.beginsHere", { table: tableName(table) }) : t("social.beginsThere", { table: tableName(table) }));
  }

  /** Every second: a notice five minutes before a table the user sits at or is invited to starts. */
  private tick(): void {
    const me = this.app.user;
    if (!me) return;
    const tables = new Map(this.lobbyFresh ? this.app.lobby : []);
    if (this.app.table) tables.set(this.app.table.id, this.app.table.summary);
    const now = Date.now() / 1000;
    for (const table of tables.values()) {
      const at = pendingStart(table);
      if (!at) continue;
      const seated = table.seats.some((x) => x.user === me.id);
      if (!seated && !this.isInvitation(table)) continue;
      const left = at - now;
      if (left <= 300 && left > 1 && !this.noticed.has(`${table.table}:soon`)) {
        this.noticed.add(`${table.table}:soon`);
        const params = { table: tableName(table), left: leftText(at) };
        this.app.flash(seated ? t("social.soon", params) : t("social.soonInvited", params));
      }
    }
  }
}
