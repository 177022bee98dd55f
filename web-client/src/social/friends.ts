// Friends and invitations: the invitations received (the table, its start
// time; accept takes you to the table, or decline), the friend requests
// waiting for an answer, the friends with who is online and at which table
// (join or watch where allowed), the requests sent, and the box that asks
// someone to be a friend. Live: the friend pushes and the lobby update it.
import type { App, Screen } from "../app";
import { h, fill } from "../core/dom";
import { keepFocus } from "../core/keys";
import { playerLink } from "../core/players";
import { optionSummary, settingsSummary } from "../core/rules";
import { pendingStart, startLine } from "../core/schedule";
import { socialSettings, tableName, type Friend } from "./model";
import type { TableSummary } from "../core/types";
import { t, tx } from "../i18n";

export class FriendsScreen implements Screen {
  readonly el: HTMLElement;
  private readonly back: HTMLButtonElement;
  private readonly invitations: HTMLElement;
  private readonly requests: HTMLElement;
  private readonly friends: HTMLElement;
  private readonly result: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly form: HTMLFormElement;
  private readonly requestPanel: HTMLElement;
  private busy = false;

  constructor(private readonly app: App) {
    this.back = h("button", { type: "button", class: "back", onclick: () => app.social.back() });
    this.invitations = h("div", { class: "invitation-list", "aria-live": "polite" });
    this.requests = h("div", { class: "request-lists", "aria-live": "polite" });
    this.friends = h("ul", { class: "friend-list", "aria-live": "polite" });
    this.input = h("input", {
      name: "friend",
      placeholder: t("friends.placeholder"),
      autocomplete: "off",
      maxlength: 20,
      "aria-label": t("friends.inputLabel"),
    });
    this.result = h("p", { id: "friend-result", class: "friend-result", role: "status" });
    const form = (this.form = h(
      "form",
      { id: "friend-form", class: "friend-form", onsubmit: (e) => void this.submit(e) },
      h("label", { class: "field-label", for: "friend-input" }, t("friends.add")),
      h("div", { class: "invite-row" }, this.input, h("button", { type: "submit", class: "primary" }, t("friends.send"))),
      this.result,
    ));
    this.input.id = "friend-input";
    this.requestPanel = h("section", { class: "card-panel", id: "requests" }, h("h3", null, t("friends.requests")), this.requests);
    this.el = h(
      "section",
      { class: "friends-screen" },
      h("div", { class: "friends-head" }, h("h2", null, t("friends.title")), this.back),
      h(
        "div",
        { class: "friends-grid" },
        h(
          "div",
          { class: "friends-col" },
          h("section", { class: "card-panel", id: "invitations" }, h("h3", null, t("friends.invitations")), this.invitations),
          this.requestPanel,
        ),
        h("section", { class: "card-panel", id: "friends" }, h("h3", null, t("social.nav")), form, this.friends),
      ),
    );
  }

  update(): void {
    const s = this.app.social;
    this.back.textContent = this.app.table ? t("common.backToTable") : t("common.backToLobby");
    const guest = !!this.app.user?.guest;
    this.form.hidden = guest;
    this.requestPanel.hidden = guest;
    keepFocus(this.invitations, () => fill(this.invitations, this.invitationItems()));
    keepFocus(this.requests, () =>
      fill(
        this.requests,
        guest
          ? null
          : this.requestList(
              t("friends.askingYou"),
              "incoming",
              s.incoming.map((u) => u.name),
            ),
        guest
          ? null
          : this.requestList(
              t("friends.askedByYou"),
              "outgoing",
              s.outgoing.map((u) => u.name),
            ),
        !guest && s.incoming.length + s.outgoing.length === 0 ? h("p", { class: "empty" }, t("friends.noRequest")) : null,
      ),
    );
    keepFocus(this.friends, () =>
      fill(
        this.friends,
        guest
          ? h("li", { class: "empty" }, t("friends.guest"))
          : !s.loaded
            ? h("li", { class: "empty" }, t("common.loading"))
            : s.friends.length === 0
              ? h("li", { class: "empty" }, t("friends.none"))
              : [...s.friends].sort((a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name)).map((f) => this.friendItem(f)),
      ),
    );
  }

  private invitationItems(): HTMLElement[] | HTMLElement {
    const list = this.app.social.invitations();
    if (list.length === 0) return h("p", { class: "empty" }, t("friends.noInvitation"));
    return list.map((x) => this.invitation(x));
  }

  private invitation(table: TableSummary): HTMLElement {
    const s = socialSettings(table);
    const players = table.seats.filter((x) => x.name).map((x) => x.name ?? "");
    const free = table.seats.filter((x) => !x.user).length;
    return h(
      "article",
      { class: "invitation", "data-invitation": table.table },
      h(
        "header",
        null,
        h("h4", null, tableName(table)),
        h("span", { class: `badge ${s.invite_only ? "access-invite" : "access-friends"}` }, s.invite_only ? t("invites.inviteOnly") : t("invites.friendsOnly")),
      ),
      h("p", null, tx("friends.invitesYou", { name: h("b", null, playerLink(table.creator)), options: optionSummary(table) })),
      h("p", { class: "meta" }, t("friends.invitationMeta", { settings: settingsSummary(table), players: players.join(", ") || t("friends.nobody"), n: free })),
      pendingStart(table) ? h("p", { class: "meta" }, startLine(pendingStart(table) ?? 0)) : h("p", { class: "meta" }, t("friends.startsWhenFull")),
      h(
        "footer",
        null,
        h(
          "button",
          {
            type: "button",
            class: "primary",
            "data-accept-invitation": table.table,
            disabled: free === 0,
            onclick: () => void this.app.social.acceptInvitation(table.table),
          },
          free === 0 ? t("friends.full") : t("friends.acceptSit"),
        ),
        table.settings.watching
          ? h("button", { type: "button", "data-key": `watch-inv-${table.table}`, onclick: () => void this.watch(table.table) }, t("common.watch"))
          : null,
        h(
          "button",
          {
            type: "button",
            class: "link",
            "data-decline-invitation": table.table,
            onclick: () => void this.app.social.declineInvitation(table.table),
          },
          t("common.decline"),
        ),
      ),
    );
  }

  private requestList(title: string, kind: "incoming" | "outgoing", names: string[]): HTMLElement | null {
    if (names.length === 0) return null;
    const s = this.app.social;
    return h(
      "div",
      { class: `requests ${kind}` },
      h("h4", null, title),
      h(
        "ul",
        null,
        names.map((name) =>
          h(
            "li",
            { [`data-${kind}`]: name },
            h("span", { class: "who" }, playerLink(name)),
            kind === "incoming"
              ? [
                  h("button", { type: "button", class: "primary small", "data-accept-friend": name, onclick: () => void s.accept(name) }, t("common.accept")),
                  h("button", { type: "button", class: "small", "data-decline-friend": name, onclick: () => void s.decline(name) }, t("common.decline")),
                ]
              : h("button", { type: "button", class: "small", "data-cancel-request": name, onclick: () => void s.remove(name) }, t("friends.cancel")),
          ),
        ),
      ),
    );
  }

  private friendItem(f: Friend): HTMLElement {
    const table = f.table !== null ? this.app.lobby.get(f.table) : undefined;
    const me = this.app.user?.id;
    const mine = !!table && table.seats.some((x) => x.user === me);
    const canSit = !!table && !mine && table.state !== "playing" && table.seats.some((x) => !x.user);
    const canWatch = !!table && !mine && table.settings.watching;
    let where = t("friends.notAtTable");
    if (f.table !== null) {
      const at = table ? tableName(table) : t("lobby.tableNumber", { n: f.table });
      where =
        f.seat === null
          ? t("friends.watching", { table: at })
          : table?.state === "playing"
            ? t("friends.playing", { table: at })
            : t("friends.at", { table: at });
    }
    return h(
      "li",
      { class: `friend ${f.online ? "online" : "offline"}`, "data-friend": f.name, "data-online": String(f.online) },
      h("span", { class: "dot", title: f.online ? t("friends.online") : t("friends.offline") }),
      h(
        "span",
        { class: "who" },
        h("b", null, playerLink(f.name)),
        h("small", null, " ", f.online || f.table !== null ? t(f.online ? "friends.onlineWhere" : "friends.offlineWhere", { where }) : t("friends.offline")),
      ),
      h(
        "span",
        { class: "actions" },
        mine
          ? h(
              "button",
              { type: "button", class: "small", "data-key": `back-${f.name}`, onclick: () => void this.app.returnTo(f.table ?? 0) },
              t("friends.yourTable"),
            )
          : null,
        canSit
          ? h(
              "button",
              {
                type: "button",
                class: "small primary",
                "data-join": f.table,
                "data-key": `join-${f.name}`,
                onclick: () => void this.sit(f.table ?? 0),
              },
              t("friends.join"),
            )
          : null,
        canWatch
          ? h(
              "button",
              {
                type: "button",
                class: "small",
                "data-watch-friend": f.table,
                "data-key": `watch-${f.name}`,
                onclick: () => void this.watch(f.table ?? 0),
              },
              t("common.watch"),
            )
          : null,
        h("button", { type: "button", class: "small link", "data-remove-friend": f.name, onclick: () => void this.unfriend(f.name) }, t("common.remove")),
      ),
    );
  }

  private async sit(table: number): Promise<void> {
    if (this.app.table) await this.app.toLobby();
    await this.app.sit(table, null);
  }

  private async watch(table: number): Promise<void> {
    if (this.app.table) await this.app.toLobby();
    await this.app.watch(table);
  }

  private async unfriend(name: string): Promise<void> {
    if (!window.confirm(t("friends.confirmRemove", { name }))) return;
    await this.app.social.remove(name);
  }

  private async submit(e: Event): Promise<void> {
    e.preventDefault();
    if (this.busy) return;
    this.busy = true;
    const r = await this.app.social.request(this.input.value);
    this.busy = false;
    this.result.textContent = r.text;
    this.result.dataset["ok"] = String(r.ok);
    if (r.ok) this.input.value = "";
  }
}
