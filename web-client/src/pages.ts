// The screens with an address of their own: the replay viewer
// (#replay/<game id>), a player's profile (#profile/<name>) and one's
// account settings (#account, account/care.ts), an event's page
// (#event/<id>) and the daily duplicate's (#daily), and the tables
// (#table/<id>, links.ts). A link to
// either changes the address, and the app follows it (route()); the
// browser's Back leaves them. Each goes back to the screen it was opened
// from (a replay opened from a profile goes back to that profile).
// Logged out, an address shows the account screen, and the login goes there.
import { profileHash, profileInHash } from "./core/players";
import type { Status } from "./core/net";
import { DAILY_HASH, eventHash, eventInHash, Links, rememberWanted, restoreWanted, tableInHash, type LinksHost } from "./links";
import { replayInHash } from "./saved";
import type { ScreenName } from "./shell";

/** What the pages need of the app. */
export interface PagesHost extends LinksHost {
  readonly status: Status;
  /** Back to the table the tab is at (caught up), or the lobby. */
  resume(): Promise<void>;
  /** Leaves the table the tab is at for another screen (a seat in a game kept). */
  dropTable(): void;
}

/** Screens a profile goes back to as they are (the others are left by resume()). */
const RETURNABLE = new Set<ScreenName>(["lobby", "chips", "results", "friends", "event", "daily"]);

const ACCOUNT_HASH = "#account";

export class Pages {
  /** The game the replay viewer shows (#replay/<id>). */
  replayGame: number | null = null;
  /** The player the profile shows (#profile/<name>). */
  profileName: string | null = null;
  /** The screen the replay was opened from (the chips, results or profile screen is shown again after it). */
  private replayFrom: ScreenName | null = null;
  /** The screen the profile was opened from. */
  private profileFrom: ScreenName | null = null;
  /** The screen the account settings were opened from. */
  private accountFrom: ScreenName | null = null;
  /** The event whose page is shown (#event/<id>), or was last (a replay or a profile opened from it goes back to it). */
  eventId: number | null = null;

  /** The tables' addresses (links.ts). */
  readonly links: Links;

  constructor(private readonly app: PagesHost) {
    this.links = new Links(app);
    window.addEventListener("hashchange", () => this.route());
  }

  /** After each screen shown (App.show): the table's address follows the table screen. */
  shown(name: ScreenName): void {
    this.links.shown(name);
  }

  /** Follows the address: opens the replay, profile, settings or table it names, or leaves the one it no longer names. */
  route(): void {
    if (this.app.status !== "online") return;
    if (!this.app.user) return this.loggedOut();
    restoreWanted();
    const game = replayInHash();
    const name = profileInHash();
    const link = tableInHash();
    const event = eventInHash();
    const at = this.app.screenName;
    if (link !== null) {
      this.replayGame = null;
      this.profileName = null;
      void this.links.open(link);
    } else if (game !== null) {
      if (game !== this.replayGame || at !== "replay") this.openReplay(game);
    } else if (name !== null) {
      if (this.app.user && (name !== this.profileName || at !== "profile")) this.openProfile(name);
    } else if (location.hash === ACCOUNT_HASH) {
      if (this.app.user && at !== "settings") this.openAccount();
    } else if (event !== null) {
      if (event !== this.eventId || at !== "event") this.openEvent(event);
    } else if (location.hash === DAILY_HASH) {
      if (at !== "daily") this.openDaily();
    } else if (at === "event" || at === "daily") {
      void this.app.resume(); // Back from an event's page
    } else if (at === "settings") {
      this.closeAccount();
    } else if (at === "replay") {
      this.closeReplay();
    } else if (at === "profile") {
      this.closeProfile();
    } else if (at === "table") {
      void this.app.toLobby(); // Back from the table's address
    }
  }

  /** Logged out: an address shows the account screen (kept for after the login); a replay watched without an account stays. */
  private loggedOut(): void {
    const game = replayInHash();
    const at = this.app.screenName;
    if (at === "replay" && game !== null && game === this.replayGame) return;
    if (at === "replay") {
      this.replayGame = null;
      this.replayFrom = null;
    }
    rememberWanted();
    if (at !== "connecting") this.app.show("account");
  }

  /** Opens the replay viewer on a finished game (and its address). */
  openReplay(game: number): void {
    this.replayGame = game;
    const at = this.app.screenName;
    if (at === "chips" || at === "results" || at === "profile" || at === "event" || at === "daily") this.replayFrom = at;
    if (location.hash !== `#replay/${game}`) history.pushState(null, "", `#replay/${game}`);
    this.app.show("replay");
  }

  /** Back from the replay: to the screen it was opened from, the table the tab is at, the lobby, or the login. */
  closeReplay(): void {
    this.replayGame = null;
    const from = this.replayFrom;
    this.replayFrom = null;
    if (from === "profile" && this.profileName !== null && this.app.user) {
      history.replaceState(null, "", profileHash(this.profileName));
      this.app.show("profile");
      return;
    }
    history.replaceState(null, "", this.hashOf(from));
    if (from && this.app.user) return this.app.show(from);
    // resume() catches up with the tab's table (the connection may have
    // been made again meanwhile), or goes to the lobby.
    if (this.app.user) void this.app.resume();
    else this.app.show("account");
  }

  /** Opens a player's profile (and its address); from a profile, another one. */
  openProfile(name: string): void {
    const at = this.app.screenName;
    if (at !== "profile" && at !== "replay" && at !== "connecting" && at !== "account" && at !== "settings") this.profileFrom = at;
    this.profileName = name;
    if (profileInHash() !== name) history.pushState(null, "", profileHash(name));
    this.app.show("profile");
  }

  /** Back from a profile: to the screen it was opened from, or the table the tab is at, or the lobby. */
  closeProfile(): void {
    this.profileName = null;
    const from = this.profileFrom;
    this.profileFrom = null;
    if (location.hash) history.replaceState(null, "", this.hashOf(from));
    if (!this.app.user) return this.app.show("account");
    if (from === "table" && this.app.table) return this.app.show("table");
    if (from && RETURNABLE.has(from)) return this.app.show(from);
    void this.app.resume();
  }

  /** Opens one's account settings (#account): the password and the sessions. */
  openAccount(): void {
    const at = this.app.screenName;
    if (at !== "settings" && at !== "replay" && at !== "connecting" && at !== "account") this.accountFrom = at;
    if (location.hash !== ACCOUNT_HASH) history.pushState(null, "", ACCOUNT_HASH);
    this.app.show("settings");
  }

  /** Back from the settings: to one's profile if opened from it, or as from a profile. */
  closeAccount(): void {
    const from = this.accountFrom;
    this.accountFrom = null;
    if (from === "profile" && this.profileName !== null && this.app.user) {
      history.replaceState(null, "", profileHash(this.profileName));
      this.app.show("profile");
      return;
    }
    if (location.hash) history.replaceState(null, "", this.hashOf(from));
    if (!this.app.user) return this.app.show("account");
    if (from === "table" && this.app.table) return this.app.show("table");
    if (from && RETURNABLE.has(from)) return this.app.show(from);
    void this.app.resume();
  }

  /** The address of a screen gone back to: an event's page's or the daily's, else none. */
  private hashOf(screen: ScreenName | null): string {
    if (screen === "event" && this.eventId !== null) return eventHash(this.eventId);
    if (screen === "daily") return DAILY_HASH;
    return location.pathname + location.search;
  }

  /** Opens an event's page (and its address); the table the tab was at is left (a seat in a game kept). */
  openEvent(id: number): void {
    this.eventId = id;
    this.app.dropTable();
    if (location.hash !== eventHash(id)) history.pushState(null, "", eventHash(id));
    this.app.show("event");
  }

  /** Opens the daily duplicate's page (#daily). */
  openDaily(): void {
    this.app.dropTable();
    if (location.hash !== DAILY_HASH) history.pushState(null, "", DAILY_HASH);
    this.app.show("daily");
  }

  /** Back from an event's page or the daily's: the lobby (its Events). */
  closeEventPage(): void {
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
    void this.app.resume();
  }
}
