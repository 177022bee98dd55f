// The create form's part on who may come and when: who may join (everyone,
// friends, or the invited only), the people to invite (a list of usernames,
// or friends in a click), and the start (now, or at a time of day within
// the next 24 hours, in local time; computer players may fill the seats
// still free then). read() gives the table settings to send (protocol:
// friends_only, invite_only, start_at in Unix seconds, computers_fill) and
// the names to invite once the table exists.
import type { App } from "../app";
import { h, fill } from "../core/dom";
import { splitNames } from "../social/invites";
import { leftText, nextAt, startText, timeInput } from "../core/schedule";
import { t, type Key } from "../i18n";

export type Access = "everyone" | "friends" | "invited";

const ACCESS: { value: Access; name: Key; about: Key }[] = [
  { value: "everyone", name: "access.everyone", about: "access.everyoneHelp" },
  { value: "friends", name: "access.friends", about: "access.friendsHelp" },
  { value: "invited", name: "access.invited", about: "access.invitedHelp" },
];

/** What a choice of who may join means, in words. */
function accessHelp(access: Access): string {
  const a = ACCESS.find((x) => x.value === access);
  return a ? t(a.about) : "";
}

/** The settings for a choice of who may join (a Join table's; other kinds have none). */
export function accessSettings(access: Access): Record<string, boolean> {
  return { friends_only: access === "friends", invite_only: access === "invited" };
}

/**
 * Whether a table of kind `kind` may be made with that choice: Join, any
 * (but Friends, not by a guest, who has none); Compete, everyone or
 * invited; others, everyone.
 */
function allowed(kind: string, access: Access, guest = false): boolean {
  if (guest && access === "friends") return false;
  if (kind === "join") return true;
  if (kind === "compete") return access !== "friends";
  return access === "everyone";
}

export interface AccessChoice {
  settings: Record<string, unknown>;
  invites: string[];
}

export class AccessFields {
  readonly el: HTMLElement;
  // Who may join, as the user chose it; until they do, for their friends
  // when they have some, else for everyone (a table for friends of someone
  // who has none is seen by nobody).
  private access: Access | null = null;
  private later = false;
  /** The user, their kind of account and friends the choices were last drawn for (drawn again when they change). */
  private shownKey = "";
  private readonly accessHelp: HTMLElement;
  private readonly inviteRow: HTMLElement;
  private readonly invite: HTMLInputElement;
  private readonly picks: HTMLElement;
  private readonly time: HTMLInputElement;
  private readonly timeRow: HTMLElement;
  private readonly timeHelp: HTMLElement;
  private readonly fillBox: HTMLInputElement;
  private readonly fillRow: HTMLElement;
  private readonly error: HTMLElement;
  private kind = "join";

  constructor(private readonly app: App) {
    this.accessHelp = h("small", { class: "hint" });
    const accessRadios = h(
      "span",
      { class: "radio-row", role: "radiogroup", "aria-label": t("access.whoLabel") },
      ACCESS.map((a) =>
        h(
          "label",
          null,
          h("input", {
            type: "radio",
            name: "access",
            value: a.value,
            checked: a.value === this.effective(),
            onchange: () => {
              this.access = a.value;
              this.refresh();
            },
          }),
          ` ${t(a.name)}`,
        ),
      ),
    );
    this.invite = h("input", { name: "invite", placeholder: t("access.invitePlaceholder"), autocomplete: "off" });
    this.picks = h("span", { class: "invite-picks" });
    this.inviteRow = h(
      "label",
      { class: "form-row" },
      h("span", { class: "field-label" }, t("access.invite")),
      this.invite,
      h("small", { class: "hint" }, t("access.inviteHelp"), " ", this.picks),
    );
    const startRadios = h(
      "span",
      { class: "radio-row", role: "radiogroup", "aria-label": t("access.startLabel") },
      h(
        "label",
        null,
        h("input", { type: "radio", name: "start", value: "now", checked: true, onchange: () => ((this.later = false), this.refresh()) }),
        ` ${t("access.whenFull")}`,
      ),
      h(
        "label",
        null,
        h("input", { type: "radio", name: "start", value: "later", onchange: () => ((this.later = true), this.refresh()) }),
        ` ${t("access.atATime")}`,
      ),
    );
    this.time = h("input", { type: "time", name: "start_time", value: timeInput(60), "aria-label": t("access.startTimeLabel") });
    this.time.addEventListener("input", () => this.refresh());
    this.timeHelp = h("small", { class: "hint", "data-role": "start-help" });
    this.timeRow = h("label", { class: "form-row" }, h("span", { class: "field-label" }, t("access.startTime")), this.time, this.timeHelp);
    this.fillBox = h("input", { type: "checkbox", name: "computers_fill" });
    this.fillRow = h(
      "label",
      { class: "form-row check" },
      h("span", { class: "field-label" }, t("access.freeSeats")),
      h("span", { class: "check-box" }, this.fillBox, h("span", null, t("access.computersFill"))),
      h("small", { class: "hint" }, t("access.computersFillHelp")),
    );
    this.error = h("p", { class: "form-error", role: "alert" });
    this.el = h(
      "fieldset",
      { class: "access-fields" },
      h("legend", null, t("access.legend")),
      h("div", { class: "form-row radios" }, h("span", { class: "field-label" }, t("access.who")), accessRadios, this.accessHelp),
      this.inviteRow,
      h(
        "div",
        { class: "form-row radios" },
        h("span", { class: "field-label" }, t("access.start")),
        startRadios,
        h("small", { class: "hint" }, t("access.startHelp")),
      ),
      this.timeRow,
      this.fillRow,
      this.error,
    );
    this.refresh();
  }

  /**
   * The table's kind, as the rest of the form chose it: Join tables take
   * every choice of who may join, Compete tables everyone or the invited
   * only (and no computers).
   */
  setKind(kind: string): void {
    this.kind = kind;
    this.refresh();
  }

  private get guest(): boolean {
    return this.app.user?.guest ?? false;
  }

  /** The choice before the user makes one: Friends for someone who has friends, else Everyone. */
  private defaultAccess(): Access {
    return !this.guest && this.app.social.friends.length > 0 ? "friends" : "everyone";
  }

  /** Draws the choices again when what they depend on changed (the user, their friends): the lobby calls it on each update. */
  sync(): void {
    const key = JSON.stringify([this.app.user?.name, this.guest, this.app.social.friends.map((f) => f.name)]);
    if (key !== this.shownKey) this.refresh();
  }

  /** Draws the parts that depend on the choices (and the friends, for the quick picks). */
  refresh(): void {
    this.shownKey = JSON.stringify([this.app.user?.name, this.guest, this.app.social.friends.map((f) => f.name)]);
    const access = this.effective();
    const wanted = this.access ?? this.defaultAccess();
    this.accessHelp.textContent =
      this.kind === "compete" && wanted === "friends" && !this.guest
        ? t("access.competeHelp")
        : this.guest
          ? `${accessHelp(access)} ${t("access.guestHelp")}`
          : access === "friends" && this.app.social.loaded && this.app.social.friends.length === 0
            ? `${accessHelp(access)} ${t("access.noFriendsHelp")}`
            : accessHelp(access);
    for (const r of this.el.querySelectorAll<HTMLInputElement>("input[name=access]")) {
      r.disabled = !allowed(this.kind, r.value as Access, this.guest);
      r.checked = r.value === access;
      const label = r.closest("label");
      if (label) label.title = r.value === "friends" && this.guest ? t("access.guestNoFriends") : "";
    }
    this.inviteRow.hidden = access === "everyone";
    const chosen = new Set(splitNames(this.invite.value).map((n) => n.toLowerCase()));
    const friends = this.app.social.friends;
    fill(
      this.picks,
      friends.length
        ? [
            t("access.friendsPicks"),
            friends.map((f) =>
              h(
                "button",
                {
                  type: "button",
                  class: `small pick${chosen.has(f.name.toLowerCase()) ? " chosen" : ""}`,
                  "data-pick": f.name,
                  "aria-pressed": chosen.has(f.name.toLowerCase()) ? "true" : "false",
                  onclick: () => this.toggle(f.name),
                },
                f.name,
              ),
            ),
          ]
        : null,
    );
    this.timeRow.hidden = !this.later;
    this.fillRow.hidden = !this.later || this.kind === "compete";
    const at = nextAt(this.time.value);
    this.timeHelp.textContent = at ? t("access.localTime", { when: startText(at), left: leftText(at) }) : t("access.chooseTime");
    this.error.textContent = "";
  }

  /** The choice that applies to a table of kind `kind` (a choice the kind, or a guest, cannot take falls back to everyone). */
  private effective(kind: string = this.kind): Access {
    const access = this.access ?? this.defaultAccess();
    return allowed(kind, access, this.guest) ? access : "everyone";
  }

  private toggle(name: string): void {
    const names = splitNames(this.invite.value);
    const i = names.findIndex((n) => n.toLowerCase() === name.toLowerCase());
    if (i >= 0) names.splice(i, 1);
    else names.push(name);
    this.invite.value = names.join(", ");
    this.refresh();
  }

  /**
   * The settings to send and the names to invite; null (with the reason
   * shown) when the choice cannot be sent. `kind`: the kind of table the
   * rest of the form chose (settings.kind), if it says.
   */
  read(kind: unknown = this.kind): AccessChoice | null {
    const k = typeof kind === "string" ? kind : this.kind;
    const settings: Record<string, unknown> = {};
    const access = this.effective(k);
    if (k === "join") Object.assign(settings, accessSettings(access));
    else if (k === "compete") settings["invite_only"] = access === "invited";
    if (this.later) {
      const at = nextAt(this.time.value);
      if (!at) {
        this.error.textContent = t("access.noTime");
        return null;
      }
      settings["start_at"] = at;
      if (k !== "compete") settings["computers_fill"] = this.fillBox.checked;
    }
    const invites = access === "everyone" ? [] : splitNames(this.invite.value);
    if (invites.length > 20) {
      this.error.textContent = t("access.tooMany");
      return null;
    }
    return { settings, invites };
  }
}
