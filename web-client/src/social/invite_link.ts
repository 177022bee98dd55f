// The invite link of an invitation-only table, for its creator (in the
// table's panel, before the game): "Copy invite link" asks the server for
// the table's token (table.invite_link: the same until revoked) and copies
// the address #table/<id>?invite=<token>, which lets whoever holds it sit;
// "Revoke link" revokes the token, so that the old link invites nobody (a
// new copy makes a new one).
import type { Shell } from "../shell";
import { h } from "../core/dom";
import { CopyNote, pageAddress } from "../core/copy";
import { errorText } from "../core/errors";
import { tableHash } from "../links";
import { t } from "../i18n";

export class InviteLinkBox {
  readonly el: HTMLElement;
  private readonly note = new CopyNote("invite-link");
  private readonly revoke: HTMLButtonElement;
  private busy = false;

  constructor(private readonly app: Shell) {
    const copy = h("button", { type: "button", class: "small", id: "copy-invite-link", onclick: () => void this.copy() }, t("links.copyInvite"));
    this.revoke = h("button", { type: "button", class: "small link", id: "revoke-invite-link", onclick: () => void this.revokeLink() }, t("links.revoke"));
    this.el = h(
      "div",
      { class: "invite-link", "data-role": "invite-link" },
      h("p", { class: "hint" }, t("links.inviteHelp")),
      h("div", { class: "invite-link-buttons" }, copy, this.revoke),
      this.note.el,
    );
  }

  private async request(revoke: boolean): Promise<string | null | undefined> {
    const st = this.app.table;
    if (!st || this.busy) return undefined;
    this.busy = true;
    try {
      const ack = await this.app.conn.request<{ token: string | null }>("table.invite_link", revoke ? { table: st.id, revoke: true } : { table: st.id });
      return ack.token;
    } catch (e) {
      this.note.say(errorText(e));
      return undefined;
    } finally {
      this.busy = false;
    }
  }

  private async copy(): Promise<void> {
    const id = this.app.table?.id;
    const token = await this.request(false);
    if (!token || id === undefined) return;
    await this.note.copy(pageAddress(tableHash(id, token)), t("links.inviteCopied"));
  }

  private async revokeLink(): Promise<void> {
    if ((await this.request(true)) === null) this.note.say(t("links.revoked"));
  }
}
