// Safety between players, the client's side (docs/protocol.md, "Safety"):
// the players the user muted and blocked (safety.list, read after each
// login and resumption, and changed at once by the user's own mute,
// unmute, block and unblock), and reports to the operator. The server
// keeps the lists, so they follow the user to every device; it still sends
// a muted player's chat lines, and the table's chat leaves them out
// (table/table_chat.ts). Registered players only: a guest has no lists.
import type { Shell } from "../shell";
import { RequestError } from "../core/net";

/** A player in one of the lists, and since when (Unix seconds). */
export interface Listed {
  username: string;
  since: number;
}

export interface SafetyLists {
  muted: Listed[];
  blocked: Listed[];
}

/** The reasons safety.report takes, in the order the report dialog offers them. */
export type ReportReason = "chat" | "cheating" | "stalling" | "name" | "other";

export interface Report {
  username: string;
  reason: ReportReason;
  details?: string;
  table?: number;
  game?: number;
}

/** Usernames compare without regard to the case of their (ASCII) letters. */
const fold = (name: string): string => name.toLowerCase();

export class Safety {
  muted: Listed[] = [];
  blocked: Listed[] = [];
  /** safety.list has answered since the login. */
  loaded = false;
  /** Bumped at each change of the lists: the chat and the screens that show them draw again. */
  version = 0;
  private mutedNames = new Set<string>();
  private blockedNames = new Set<string>();
  /** The latest safety.list asked: an older answer is not applied over a newer change. */
  private asked = 0;

  constructor(private readonly app: Shell) {}

  /** Reads both lists again (nothing for a guest). */
  async refresh(): Promise<void> {
    const u = this.app.user;
    if (!u || u.guest) return this.clear();
    const asked = ++this.asked;
    try {
      const lists = await this.app.conn.request<SafetyLists>("safety.list");
      if (asked === this.asked) this.set(lists);
    } catch (e) {
      // Offline: the next connection reads them again.
      if (!(e instanceof RequestError)) throw e;
    }
  }

  /** Forgets the lists (log out). */
  clear(): void {
    this.asked++;
    this.set({ muted: [], blocked: [] });
    this.loaded = false;
  }

  isMuted(name: string): boolean {
    return this.mutedNames.has(fold(name));
  }

  isBlocked(name: string): boolean {
    return this.blockedNames.has(fold(name));
  }

  /** Mutes or unmutes a player's chat; the chat follows at once. A refusal is thrown. */
  async mute(username: string, on: boolean): Promise<void> {
    await this.app.conn.request(on ? "safety.mute" : "safety.unmute", { username });
    this.set({ muted: changed(this.muted, username, on), blocked: this.blocked });
    void this.refresh();
  }

  /** Blocks or unblocks a player. A refusal is thrown. */
  async block(username: string, on: boolean): Promise<void> {
    await this.app.conn.request(on ? "safety.block" : "safety.unblock", { username });
    this.set({ muted: this.muted, blocked: changed(this.blocked, username, on) });
    void this.refresh();
  }

  /** Tells the operator about a player. A refusal is thrown. */
  async report(r: Report): Promise<void> {
    await this.app.conn.request("safety.report", r);
  }

  private set(lists: SafetyLists): void {
    this.muted = lists.muted;
    this.blocked = lists.blocked;
    this.mutedNames = new Set(lists.muted.map((p) => fold(p.username)));
    this.blockedNames = new Set(lists.blocked.map((p) => fold(p.username)));
    this.loaded = true;
    this.version++;
    this.app.render();
  }
}

/** A list with a player added (since now) or taken out, in name order. */
function changed(list: Listed[], username: string, on: boolean): Listed[] {
  const rest = list.filter((p) => fold(p.username) !== fold(username));
  if (!on) return rest;
  return [...rest, { username, since: Math.floor(Date.now() / 1000) }].sort((a, b) => fold(a.username).localeCompare(fold(b.username)));
}
