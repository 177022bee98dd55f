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
      placeholder: "username",
      autocomplete: "off",
      maxlength: 20,
      "aria-label": "username of the player to ask",
    });
    this.result = h("p", { id: "friend-result", class: "friend-result", role: "status" });
    const form = (this.form = h(
      "form",
      { id: "friend-form", class: "friend-form", onsubmit: (e) => void this.submit(e) },
      h("label", { class: "field-label", for: "friend-input" }, "Add a friend"),
      h("div", { class: "invite-row" }, this.input, h("button", { type: "submit", class: "primary" }, "Send request")),
      this.result,
    ));
    this.input.id = "friend-input";
    this.requestPanel = h("section", { class: "card-panel", id: "requests" }, h("h3", null, "Friend requests"), this.requests);
    this.el = h(
      "section",
      { class: "friends-screen" },
      h("div", { class: "friends-head" }, h("h2", null, "Friends & invitations"), this.back),
      h(
        "div",
        { class: "friends-grid" },
        h(
          "div",
          { class: "friends-col" },
          h("section", { class: "card-panel", id: "invitations" }, h("h3", null, "Invitations"), this.invitations),
          this.requestPanel,
        ),
        h("section", { class: "card-panel", id: "friends" }, h("h3", null, "Friends"), form, this.friends),
      ),
    );
  }

  update(): void {
    const s = this.app.social;
    this.back.textContent = this.app.table ? "Back to the table" : "Back to the lobby";
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
              "Asking you",
              "incoming",
              s.incoming.map((u) => u.name),
            ),
        guest
          ? null
          : this.requestList(
              "Asked by you",
              "outgoing",
              s.outgoing.map((u) => u.name),
            ),
        !guest && s.incoming.length + s.outgoing.length === 0 ? h("p", { class: "empty" }, "No request waits.") : null,
      ),
    );
    keepFocus(this.friends, () =>
      fill(
        this.friends,
        guest
          ? h(
              "li",
              { class: "empty" },
              "Guests cannot have friends: register an account (log out, then New account) to make friends. Invitations reach guests too.",
            )
          : !s.loaded
            ? h("li", { class: "empty" }, "Loading…")
            : s.friends.length === 0
              ? h("li", { class: "empty" }, "No friends yet. Ask someone by their username above; they see your request at once.")
              : [...s.friends].sort((a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name)).map((f) => this.friendItem(f)),
      ),
    );
  }

  private invitationItems(): HTMLElement[] | HTMLElement {
    const list = this.app.social.invitations();
    if (list.length === 0) return h("p", { class: "empty" }, "No invitation. When someone invites you to a table, it appears here and in the lobby.");
    return list.map((t) => this.invitation(t));
  }

  private invitation(t: TableSummary): HTMLElement {
    const s = socialSettings(t);
    const players = t.seats.filter((x) => x.name).map((x) => x.name ?? "");
    const free = t.seats.filter((x) => !x.user).length;
    return h(
      "article",
      { class: "invitation", "data-invitation": t.table },
      h(
        "header",
        null,
        h("h4", null, tableName(t)),
        h("span", { class: `badge ${s.invite_only ? "access-invite" : "access-friends"}` }, s.invite_only ? "Invitation only" : "Friends only"),
      ),
      h("p", null, h("b", null, playerLink(t.creator)), " invites you. ", optionSummary(t), "."),
      h("p", { class: "meta" }, `${settingsSummary(t)} · seated: ${players.join(", ") || "nobody"} · ${free} free`),
      pendingStart(t) ? h("p", { class: "meta" }, startLine(pendingStart(t) ?? 0)) : h("p", { class: "meta" }, "Starts as soon as every seat is taken."),
      h(
        "footer",
        null,
        h(
          "button",
          {
            type: "button",
            class: "primary",
            "data-accept-invitation": t.table,
            disabled: free === 0,
            onclick: () => void this.app.social.acceptInvitation(t.table),
          },
          free === 0 ? "Full" : "Accept and sit",
        ),
        t.settings.watching ? h("button", { type: "button", "data-key": `watch-inv-${t.table}`, onclick: () => void this.watch(t.table) }, "Watch") : null,
        h(
          "button",
          {
            type: "button",
            class: "link",
            "data-decline-invitation": t.table,
            onclick: () => void this.app.social.declineInvitation(t.table),
          },
          "Decline",
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
                  h("button", { type: "button", class: "primary small", "data-accept-friend": name, onclick: () => void s.accept(name) }, "Accept"),
                  h("button", { type: "button", class: "small", "data-decline-friend": name, onclick: () => void s.decline(name) }, "Decline"),
                ]
              : h("button", { type: "button", class: "small", "data-cancel-request": name, onclick: () => void s.remove(name) }, "Cancel"),
          ),
        ),
      ),
    );
  }

  private friendItem(f: Friend): HTMLElement {
    const t = f.table !== null ? this.app.lobby.get(f.table) : undefined;
    const me = this.app.user?.id;
    const mine = !!t && t.seats.some((x) => x.user === me);
    const canSit = !!t && !mine && t.state !== "playing" && t.seats.some((x) => !x.user);
    const canWatch = !!t && !mine && t.settings.watching;
    let where = "not at a table";
    if (f.table !== null) {
      const at = t ? tableName(t) : `Table ${f.table}`;
      where = f.seat === null ? `watching ${at}` : `at ${at}${t?.state === "playing" ? ", playing" : ""}`;
    }
    return h(
      "li",
      { class: `friend ${f.online ? "online" : "offline"}`, "data-friend": f.name, "data-online": String(f.online) },
      h("span", { class: "dot", title: f.online ? "online" : "offline" }),
      h(
        "span",
        { class: "who" },
        h("b", null, playerLink(f.name)),
        h("small", null, f.online ? ` online · ${where}` : f.table !== null ? ` offline · ${where}` : " offline"),
      ),
      h(
        "span",
        { class: "actions" },
        mine
          ? h("button", { type: "button", class: "small", "data-key": `back-${f.name}`, onclick: () => void this.app.returnTo(f.table ?? 0) }, "Your table")
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
              "Join",
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
              "Watch",
            )
          : null,
        h("button", { type: "button", class: "small link", "data-remove-friend": f.name, onclick: () => void this.unfriend(f.name) }, "Remove"),
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
    if (!window.confirm(`Remove ${name} from your friends?`)) return;
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
