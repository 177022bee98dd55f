// A player's profile (#profile/<name>, from profile.get): since when they
// play, whether they are online (for oneself and one's friends), the
// friend request that fits what they are to the user, their rating in
// each pool with its history drawn as a chart, their games played and won
// per game, and their last games, each with its replay (unless they hide
// them from people who are not their friends). On one's own profile, the
// box that hides one's games (profile.set); on another's, Mute, Block and
// Report (safety_actions.ts). Any player's name elsewhere links here
// (core/players.ts).
import type { App, Screen } from "../app";
import { pastGameList, variantStats } from "../chips/past_games";
import { h, fill } from "../core/dom";
import { errorText } from "../core/errors";
import { keepFocus } from "../core/keys";
import { RequestError } from "../core/net";
import { poolName, ratingText } from "../core/players";
import type { PoolRating, ProfileAnswer, ProfileSetAnswer } from "../core/types_results";
import { longDate } from "../i18n/format";
import { t, tx } from "../i18n";
import { ratingChart } from "./chart";
import { safetyActions } from "./safety_actions";

function loadError(e: unknown, name: string): string {
  if (e instanceof RequestError && e.code === "no_user") return t("social.noUser", { name });
  return errorText(e);
}

function memberSince(at: number): HTMLElement {
  return h("time", { datetime: new Date(at * 1000).toISOString().slice(0, 10) }, longDate(at));
}

export class ProfileScreen implements Screen {
  readonly el: HTMLElement;
  private readonly head: HTMLElement;
  private readonly body: HTMLElement;
  /** The player asked for, and what the server said of them. */
  private name: string | null = null;
  private data: ProfileAnswer | null = null;
  private error = "";
  /** Bumped at each change of what is shown; drawn again only then (the app renders often, at a table). */
  private version = 0;
  private drawn = -1;
  /** The friends and requests the profile was read with: a change (a request made or answered) reads it again. */
  private friendsSeen = "";
  private stale = false;
  /** The mute and block lists' version drawn (social/safety.ts). */
  private safetySeen = -1;

  constructor(private readonly app: App) {
    this.head = h("div", { class: "page-head" });
    this.body = h("div", { class: "profile-body" });
    this.el = h("section", { class: "profile-screen page-screen", tabindex: -1 }, this.head, this.body);
  }

  /** What the user's friends and requests are now (with who is online). */
  private friendsKey(): string {
    const s = this.app.social;
    return [s.friends.map((f) => `${f.id}:${f.online}`), s.incoming.map((u) => u.id), s.outgoing.map((u) => u.id)].map((x) => x.join(",")).join("|");
  }

  update(): void {
    const name = this.app.pages.profileName;
    const friends = this.friendsKey();
    if (name !== null && name !== this.name) {
      // Another player's profile (a name on this one): from the top, the keyboard with it.
      const another = this.name !== null;
      this.name = name;
      this.data = null;
      this.error = "";
      this.version++;
      this.stale = true;
      if (another) {
        window.scrollTo(0, 0);
        this.el.focus({ preventScroll: true });
      }
    } else if (this.data && friends !== this.friendsSeen) {
      this.stale = true;
    }
    if (this.safetySeen !== this.app.safety.version) {
      this.safetySeen = this.app.safety.version;
      this.version++;
    }
    if (this.stale && this.name !== null) {
      this.stale = false;
      this.friendsSeen = friends;
      void this.load(this.name);
    }
    if (this.drawn === this.version) return;
    this.drawn = this.version;
    keepFocus(this.body, () => this.render());
  }

  private async load(name: string): Promise<void> {
    try {
      const d = await this.app.conn.request<ProfileAnswer>("profile.get", { username: name });
      if (name !== this.name) return;
      this.data = d;
      this.error = "";
    } catch (e) {
      if (name !== this.name) return;
      this.error = loadError(e, name);
    }
    this.version++;
    this.update();
  }

  private render(): void {
    const d = this.data;
    const name = d?.user.name ?? this.name ?? "";
    this.el.dataset["player"] = name;
    this.el.dataset["loaded"] = d ? "true" : "false";
    fill(
      this.head,
      h(
        "h2",
        null,
        name,
        d?.relation === "self" ? h("small", null, t("common.you")) : null,
        d?.guest ? h("span", { class: "badge", title: t("profile.guestTitle") }, t("profile.guest")) : null,
      ),
      h("button", { type: "button", class: "leave", id: "back", onclick: () => this.app.closeProfile() }, t("common.back")),
    );
    if (this.error) {
      fill(this.body, h("p", { class: "empty card-panel", "data-role": "profile-error" }, this.error));
      return;
    }
    if (!d) {
      fill(this.body, h("p", { class: "empty card-panel" }, t("common.loading")));
      return;
    }
    fill(this.body, this.topPanel(d), h("div", { class: "profile-layout" }, this.ratingsPanel(d), this.gamesPanel(d)));
  }

  /** Since when, online or not, the friend request that fits, and one's own hide box. */
  private topPanel(d: ProfileAnswer): HTMLElement {
    return h(
      "div",
      { class: "card-panel profile-top" },
      h("span", { class: "avatar", "aria-hidden": "true" }, d.user.name.slice(0, 1).toUpperCase()),
      h(
        "div",
        { class: "profile-facts" },
        h(
          "p",
          { class: "profile-meta" },
          tx(d.guest ? "profile.guestSince" : "profile.memberSince", { date: memberSince(d.member_since) }),
          d.online === null
            ? null
            : h(
                "span",
                { class: `presence ${d.online ? "online" : "offline"}`, "data-role": "online" },
                h("span", { class: "dot" }),
                d.online ? t("friends.online") : t("friends.offline"),
              ),
        ),
        this.friendActions(d),
        safetyActions(
          this.app,
          d,
          () => {
            this.stale = true;
            this.update();
          },
          this.el,
        ),
        this.hideBox(d),
        d.relation === "self" && !d.guest ? h("a", { class: "care-link", id: "account-settings", href: "#account" }, t("profile.settings")) : null,
      ),
    );
  }

  /** Runs a friend request or answer, then reads the profile again (the relation changed). */
  private friendAct(f: () => Promise<void>): () => void {
    return () =>
      void f().then(() => {
        this.stale = true;
        this.update();
      });
  }

  private friendActions(d: ProfileAnswer): HTMLElement | null {
    if (d.relation === "self" || d.guest || this.app.user?.guest) return null;
    const s = this.app.social;
    const name = d.user.name;
    const button = (id: string, cls: string, label: string, f: () => Promise<void>): HTMLElement =>
      h("button", { type: "button", id, class: cls, onclick: this.friendAct(f) }, label);
    let parts: (HTMLElement | string)[];
    switch (d.relation) {
      case "incoming":
        parts = [
          h("span", { class: "friend-state" }, t("profile.asks", { name })),
          button("friend-accept", "primary", t("profile.acceptRequest"), () => s.accept(name)),
          button("friend-decline", "", t("common.decline"), () => s.decline(name)),
        ];
        break;
      case "outgoing":
        parts = [
          h("span", { class: "friend-state" }, t("profile.requestSent")),
          button("friend-withdraw", "link", t("profile.withdraw"), () => s.remove(name)),
        ];
        break;
      case "friend":
        parts = [
          h("span", { class: "badge friends" }, t("social.nav")),
          button("friend-remove", "link", t("profile.removeFriend"), async () => {
            if (window.confirm(t("friends.confirmRemove", { name }))) await s.remove(name);
          }),
        ];
        break;
      default:
        parts = [
          button("friend-add", "primary", t("profile.addFriend"), async () => {
            this.app.flash((await s.request(name)).text);
          }),
        ];
    }
    return h("div", { class: "friend-actions", "data-relation": d.relation }, parts);
  }

  private hideBox(d: ProfileAnswer): HTMLElement | null {
    if (d.relation !== "self" || d.guest) return null;
    const box = h("input", { type: "checkbox", id: "hide-games", name: "hide_games", checked: d.hide_games });
    box.addEventListener("change", () => void this.setHidden(box));
    return h(
      "div",
      { class: "hide-games" },
      h("label", { class: "hide-check" }, box, " ", t("profile.hide")),
      h("small", { class: "hint" }, t("profile.hideHint")),
    );
  }

  private async setHidden(box: HTMLInputElement): Promise<void> {
    box.disabled = true;
    try {
      const a = await this.app.conn.request<ProfileSetAnswer>("profile.set", { hide_games: box.checked });
      if (this.data) this.data.hide_games = a.hide_games;
      this.app.flash(a.hide_games ? t("profile.hidden") : t("profile.shown"));
    } catch (e) {
      box.checked = !box.checked;
      this.app.fail(e);
    }
    box.disabled = false;
    this.version++;
    this.update();
  }

  private ratingsPanel(d: ProfileAnswer): HTMLElement {
    const body = d.guest
      ? h("p", { class: "empty" }, t("profile.guestNotRated"))
      : d.ratings.length === 0
        ? h("p", { class: "empty", "data-role": "no-ratings" }, t("profile.noRatings"))
        : h(
            "div",
            { class: "rating-cards" },
            d.ratings.map((r) => this.ratingCard(r)),
          );
    return h(
      "section",
      { class: "card-panel profile-ratings", "aria-labelledby": "profile-ratings-title" },
      h("h3", { id: "profile-ratings-title" }, t("profile.ratings")),
      body,
      d.ratings.some((r) => r.provisional) ? h("small", { class: "hint" }, t("profile.provisional")) : null,
    );
  }

  private ratingCard(r: PoolRating): HTMLElement {
    return h(
      "article",
      { class: "rating-card", "data-pool": r.pool },
      h(
        "header",
        null,
        h("h4", null, poolName(r.pool)),
        h("span", { class: "rating-big", "data-rating": r.rating, "data-provisional": String(r.provisional) }, ratingText(r.rating, r.provisional)),
      ),
      h("p", { class: "meta" }, t("profile.deviation", { deviation: r.deviation, n: r.games })),
      ratingChart(r.history, t("profile.chartLabel", { pool: poolName(r.pool) })),
    );
  }

  private gamesPanel(d: ProfileAnswer): HTMLElement {
    const self = d.relation === "self";
    const games =
      d.games === null
        ? h("p", { class: "empty", "data-role": "games-hidden" }, t("profile.gamesHidden"))
        : d.games.length === 0
          ? h("p", { class: "empty" }, t("profile.noGames"))
          : pastGameList(d.games);
    return h(
      "section",
      { class: "card-panel profile-games", "aria-labelledby": "profile-games-title" },
      h("h3", { id: "profile-games-title" }, t("profile.gamesPlayed")),
      d.variants.length ? variantStats(d.variants) : h("p", { class: "empty" }, t("profile.noGamesPlayed")),
      h(
        "h3",
        null,
        t("profile.recent"),
        d.hide_games && d.games !== null ? h("small", null, " · ", self ? t("profile.hiddenSelf") : t("profile.friendsOnly")) : null,
      ),
      games,
      d.games?.length && !self ? h("small", { class: "hint" }, t("profile.asPlayed", { name: d.user.name })) : null,
    );
  }
}
