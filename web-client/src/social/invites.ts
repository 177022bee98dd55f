// At the table: who may come (invitation only, friends only), the start
// time of a scheduled table with its countdown, and, for a player seated
// before the game at a table that needs invitations, the Invite box
// (usernames, or a friend in a click); for the creator of an
// invitation-only table, its invite link (invite_link.ts). Shown at the top of the table's side
// column; Social.rendered() puts it there and keeps it current.
import type { Shell } from "../shell";
import { h, fill } from "../core/dom";
import type { TableState } from "../table/game";
import { pendingStart, startedLine, startLine } from "../core/schedule";
import { InviteLinkBox } from "./invite_link";
import { socialSettings, type Friend, type SocialSettings } from "./model";
import type { TableSummary } from "../core/types";
import { t } from "../i18n";

/** "alice, Bob carol" -> ["alice", "Bob", "carol"] (commas or spaces between names). */
export function splitNames(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((s) => s.length > 0))];
}

/** Who sees the table: invitation only, or friends only. */
function accessLine(s: SocialSettings): HTMLElement | null {
  if (s.invite_only) return h("p", { class: "access" }, h("span", { class: "badge access-invite" }, t("invites.inviteOnly")), " ", t("invites.inviteOnlyHelp"));
  if (!s.friends_only) return null;
  return h("p", { class: "access" }, h("span", { class: "badge access-friends" }, t("invites.friendsOnly")), " ", t("invites.friendsOnlyHelp"));
}

/** The start time, and what happens then to the `free` seats. */
function scheduleLine(startAt: number, computersFill: boolean, free: number): HTMLElement {
  const what = computersFill ? t("invites.computersFill") : free > 0 ? t("invites.mayBeCancelled") : t("invites.full");
  return h("p", { class: "schedule" }, startLine(startAt), h("small", { class: "hint" }, what));
}

/** What invitations ask of the social side (social.ts's Social). */
export interface InviteService {
  readonly friends: Friend[];
  readonly friendIds: Set<number>;
  isInvitation(t: TableSummary): boolean;
  declineInvitation(table: number): Promise<void>;
  invite(table: number, names: string[]): Promise<{ ok: boolean; text: string; invited: string[] }>;
}

export class TablePanel {
  readonly el: HTMLElement;
  private readonly info: HTMLElement;
  private readonly form: HTMLFormElement;
  private readonly input: HTMLInputElement;
  private readonly picks: HTMLElement;
  private readonly result: HTMLElement;
  private readonly link: InviteLinkBox;
  private key = "";
  private busy = false;
  /** Who this page invited to the table (the server does not list them). */
  private readonly invited = new Set<string>();
  private table = -1;

  constructor(
    private readonly app: Shell,
    private readonly social: InviteService,
  ) {
    this.info = h("div", { class: "table-access" });
    this.input = h("input", {
      name: "invite",
      placeholder: t("access.invitePlaceholder"),
      autocomplete: "off",
      "aria-label": t("invites.inputLabel"),
    });
    this.picks = h("div", { class: "invite-picks" });
    this.result = h("p", { class: "invite-result", role: "status" });
    this.form = h(
      "form",
      { class: "invite-form", id: "invite-form", onsubmit: (e) => void this.submit(e) },
      h("label", { class: "field-label", for: "invite-input" }, t("access.invite")),
      h("div", { class: "invite-row" }, this.input, h("button", { type: "submit", class: "primary" }, t("access.invite"))),
      this.picks,
      this.result,
    );
    this.input.id = "invite-input";
    this.link = new InviteLinkBox(app);
    this.el = h("section", { class: "table-panel", "data-role": "table-panel" }, this.info, this.link.el, this.form);
  }

  update(st: TableState): void {
    const table = st.summary;
    const s = socialSettings(table);
    const open = table.state === "open";
    const canInvite = st.seat !== null && open && !!(s.invite_only || s.friends_only);
    // The start time matters until the first game begins.
    const schedule = pendingStart(table) !== null;
    // Those seated are not offered (by name: a seat taken since the table
    // was read has its player's name, not always their user id).
    const seated = new Set(table.seats.filter((x) => x.name !== null).map((x) => (x.name ?? "").toLowerCase()));
    const friends = this.social.friends.filter((f) => !seated.has(f.name.toLowerCase()));
    if (table.table !== this.table) {
      this.table = table.table;
      this.invited.clear();
      this.result.textContent = "";
    }
    const key = JSON.stringify([
      table.table,
      table.state,
      table.game,
      s.start_at,
      s.invite_only,
      s.friends_only,
      s.computers_fill,
      canInvite,
      friends.map((f) => [f.name, f.online]),
      [...this.invited],
    ]);
    // Who may come and when matter until the game begins; then the panel goes.
    this.el.hidden = !open || (!canInvite && !schedule && !s.invite_only && !s.friends_only);
    this.link.el.hidden = !(open && s.invite_only && st.seat !== null && this.app.user?.name === table.creator);
    if (key === this.key) return;
    this.key = key;
    fill(
      this.info,
      accessLine(s),
      schedule && s.start_at ? scheduleLine(s.start_at, !!s.computers_fill, table.seats.filter((x) => x.name === null).length) : null,
    );
    this.form.hidden = !canInvite;
    fill(
      this.picks,
      friends.length
        ? [
            h("small", { class: "hint" }, t("invites.yourFriends")),
            friends.map((f) =>
              h(
                "button",
                {
                  type: "button",
                  class: `small pick${f.online ? " online" : ""}`,
                  "data-pick": f.name,
                  "data-invited": this.invited.has(f.name.toLowerCase()) ? "true" : null,
                  title: this.invited.has(f.name.toLowerCase()) ? t("invites.invitedTitle") : f.online ? t("invites.onlineTitle") : t("invites.offlineTitle"),
                  onclick: () => void this.send([f.name]),
                },
                f.name,
                this.invited.has(f.name.toLowerCase()) ? " ✓" : null,
              ),
            ),
          ]
        : null,
    );
  }

  private async submit(e: Event): Promise<void> {
    e.preventDefault();
    await this.send(splitNames(this.input.value));
  }

  private async send(names: string[]): Promise<void> {
    const st = this.app.table;
    if (!st || this.busy) return;
    this.busy = true;
    const r = await this.social.invite(st.id, names);
    this.busy = false;
    this.result.textContent = r.text;
    this.result.dataset["ok"] = String(r.ok);
    for (const name of r.invited) this.invited.add(name.toLowerCase());
    if (r.ok) this.input.value = "";
    this.key = "";
    if (this.app.table) this.update(this.app.table);
  }
}

/**
 * A lobby table's line on who may come and when: invitation only or
 * friends only, "you are invited" with Decline, the friends seated there,
 * and a scheduled start with its countdown. Null when there is nothing to say.
 */
export function lobbyTags(social: InviteService, table: TableSummary): HTMLElement | null {
  const s = socialSettings(table);
  const invited = social.isInvitation(table);
  const friends = social.friendIds;
  const seated = table.seats.filter((x) => x.user !== null && friends.has(x.user)).map((x) => x.name ?? "");
  const start = pendingStart(table);
  const started = s.start_at && !start ? s.start_at : null;
  if (!s.invite_only && !s.friends_only && !invited && seated.length === 0 && !start && !started) return null;
  return h(
    "p",
    { class: "social-tags" },
    s.invite_only
      ? h("span", { class: "badge access-invite" }, t("invites.inviteOnly"))
      : s.friends_only
        ? h("span", { class: "badge access-friends" }, t("invites.friendsOnly"))
        : null,
    invited
      ? [
          h("span", { class: "badge invited", "data-invited": table.table }, t("invites.youAreInvited")),
          h(
            "button",
            {
              type: "button",
              class: "link small",
              "data-decline-invitation": table.table,
              "data-key": `decline-${table.table}`,
              onclick: () => void social.declineInvitation(table.table),
            },
            t("common.decline"),
          ),
        ]
      : null,
    seated.length ? h("span", { class: "friends-here" }, t("invites.friendsHere", { names: seated.join(", ") })) : null,
    start ? startLine(start) : started ? startedLine(started) : null,
  );
}
