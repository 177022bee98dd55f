// The social side of the app: friends (friends.list, the requests and the
// friend pushes), invitations (the invitation-only and friends-only tables
// the lobby shows the user without a seat there), and the notices of
// scheduled tables. The screens read it (friends.ts, invites.ts, access.ts);
// App passes it every message (observe) and calls rendered() after a render.
import type { Shell } from "../shell";
import { h } from "../core/dom";
import { RequestError } from "../core/net";
import { leftText, pendingStart, startTicker, startText } from "../core/schedule";
import type { Envelope, TableSummary } from "../core/types";
import { TablePanel } from "./invites";
import { socialSettings, tableName, type Friend, type UserRef } from "./model";

/** What the server's friend errors mean, in a sentence that names the person. */
function friendError(e: unknown, name: string): string {
  if (!(e instanceof RequestError)) return e instanceof Error ? e.message : String(e);
  switch (e.code) {
    case "no_user":
      return `There is no player called “${name}”.`;
    case "self":
      return "That is you: ask someone else.";
    case "already_friends":
      return `You and ${name} are already friends.`;
    case "already_requested":
      return `You have already asked ${name}; their answer is awaited.`;
    case "guest":
      return "Guests cannot have friends: either you or they play as a guest.";
    case "no_request":
      return `${name} has no request waiting for you any more.`;
    case "not_friends":
      return `You and ${name} are not friends.`;
    default:
      return e.message;
  }
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
    if (!name) return { ok: false, text: "Write the username of the player to ask." };
    try {
      const d = await this.app.conn.request<{ state: "requested" | "friends"; user?: UserRef; friend?: Friend }>("friend.request", {
        username: name,
      });
      if (d.state === "friends" && d.friend) {
        this.addFriend(d.friend);
        return { ok: true, text: `${d.friend.name} had asked you too: you are friends now.` };
      }
      if (d.user && !this.outgoing.some((u) => u.id === d.user?.id)) this.outgoing.push(d.user);
      this.app.render();
      return { ok: true, text: `Request sent to ${d.user?.name ?? name}; they will see it at once.` };
    } catch (e) {
      return { ok: false, text: friendError(e, name) };
    }
  }

  async accept(name: string): Promise<void> {
    try {
      const d = await this.app.conn.request<{ friend: Friend }>("friend.accept", { username: name });
      this.addFriend(d.friend);
      this.app.flash(`You and ${d.friend.name} are friends now.`);
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

  private async answer(t: string, name: string): Promise<boolean> {
    try {
      await this.app.conn.request(t, { username: name });
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
  isInvitation(t: TableSummary): boolean {
    const me = this.app.user;
    const s = socialSettings(t);
    if (!me || (!s.invite_only && !s.friends_only) || t.state === "playing") return false;
    if (t.creator === me.name || t.seats.some((x) => x.user === me.id)) return false;
    if (s.invite_only) return true;
    if (!this.loaded) return false;
    const friends = this.friendIds;
    return !t.seats.some((x) => x.user !== null && friends.has(x.user));
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
    return [...this.app.lobby.values()].filter((t) => this.isInvitation(t)).sort((a, b) => a.table - b.table);
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
      this.app.flash(e instanceof Error ? e.message : String(e));
    }
  }

  /** Invites people to a table the user sits at; the answer in words, or an error. */
  async invite(table: number, names: string[]): Promise<{ ok: boolean; text: string; invited: string[] }> {
    if (names.length === 0) return { ok: false, text: "Write one or more usernames.", invited: [] };
    if (names.length > 20) return { ok: false, text: "At most 20 people at a time.", invited: [] };
    try {
      const d = await this.app.conn.request<{ invited: string[]; unknown: string[] }>("table.invite", { table, users: names });
      const parts: string[] = [];
      if (d.invited.length) parts.push(`Invited: ${d.invited.join(", ")}.`);
      if (d.unknown.length) parts.push(`No such player: ${d.unknown.join(", ")}.`);
      return { ok: d.unknown.length === 0, text: parts.join(" "), invited: d.invited };
    } catch (e) {
      return { ok: false, text: e instanceof Error ? e.message : String(e), invited: [] };
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
        this.app.lobby = new Map(ack.tables.map((t) => [t.table, t]));
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
        if (user) this.app.flash(`${user.name} asks to be your friend (Friends, at the top).`);
        this.app.render();
        return;
      case "friend.accepted": {
        const f = d["friend"] as Friend | undefined;
        if (!f) return;
        this.addFriend(f);
        this.app.flash(`${f.name} accepted: you are friends now.`);
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
        const t = d as unknown as TableSummary;
        const old = this.app.lobby.get(t.table);
        if (!old && this.isInvitation(t)) {
          const s = socialSettings(t);
          const when = s.start_at ? `, starting ${startText(s.start_at)}` : "";
          this.app.flash(`${t.creator} invited you to ${tableName(t)}${when}: see Friends & invitations.`);
        }
        // A scheduled table the user sits at (in another tab, or left for the lobby) begins.
        const me = this.app.user;
        if (old?.state === "open" && t.state === "playing" && socialSettings(t).start_at && me && t.seats.some((x) => x.user === me.id)) {
          this.opened(t, this.app.table?.id === t.table);
        }
        // A friend sat down or left: where they are is asked again.
        if (this.app.screenName === "friends") {
          const ids = this.friendIds;
          const seats = [...t.seats, ...(old?.seats ?? [])];
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
          this.app.flash(`${tableName(st.summary)} was cancelled: not every seat was taken at its start time.`);
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
        title: "Friends and invitations",
        onclick: () => (here ? this.back() : void this.open()),
      },
      "Friends",
      n > 0 ? h("span", { class: "nav-count", "data-count": n, "aria-label": `${n} waiting` }, String(n)) : null,
    );
  }

  // --- Scheduled tables --------------------------------------------------------

  /** The notice that a scheduled table the user sits at begins (once per table). */
  private opened(t: TableSummary, here: boolean): void {
    if (this.noticed.has(`${t.table}:start`)) return;
    this.noticed.add(`${t.table}:start`);
    this.app.flash(`${tableName(t)}: it is time, the game begins${here ? "." : ": back to your seat from the lobby."}`);
  }

  /** Every second: a notice five minutes before a table the user sits at or is invited to starts. */
  private tick(): void {
    const me = this.app.user;
    if (!me) return;
    const tables = new Map(this.lobbyFresh ? this.app.lobby : []);
    if (this.app.table) tables.set(this.app.table.id, this.app.table.summary);
    const now = Date.now() / 1000;
    for (const t of tables.values()) {
      const at = pendingStart(t);
      if (!at) continue;
      const seated = t.seats.some((x) => x.user === me.id);
      if (!seated && !this.isInvitation(t)) continue;
      const left = at - now;
      if (left <= 300 && left > 1 && !this.noticed.has(`${t.table}:soon`)) {
        this.noticed.add(`${t.table}:soon`);
        this.app.flash(`${tableName(t)} starts ${leftText(at)}${seated ? "" : ": you are invited"}.`);
      }
    }
  }
}
