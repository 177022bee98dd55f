// The director's panel on an event's page (event.direct): before the
// start, Start now and Cancel; while it runs, Pause or Resume the round's
// clock, Extend the round by some minutes, End now (the round ends as if
// its clock ran out, and the event is finished), Cancel (every fee given
// back), and Replace a player (by another username, or a computer player,
// from their next table); for an event by invitation, the players invited
// and Invite. End and Cancel ask first. What the server says is shown in
// the panel.
import { fill, h } from "../core/dom";
import type { EventPlayer, EventView } from "../core/types_events";
import { t } from "../i18n";
import { list } from "../i18n/format";
import { splitNames } from "../social/invites";

/** Sends an order; answers the refusal in words, or null. */
export type Direct = (action: string, extra?: Record<string, unknown>) => Promise<string | null>;

/** The people playing (or entered), by name: whom the director may replace. */
function people(v: EventView): string[] {
  const all: EventPlayer[] = v.pairs?.flatMap((p) => p.players) ?? v.players ?? v.entries.flatMap((e) => [e.player, ...(e.partner ? [e.partner] : [])]);
  return [...new Set(all.filter((p) => p.account !== null).map((p) => p.name))].sort((a, b) => a.localeCompare(b));
}

export class DirectorPanel {
  readonly el: HTMLElement;
  private readonly body: HTMLElement;
  private readonly status: HTMLElement;
  private readonly minutes = h("input", { type: "number", name: "extend-minutes", min: 1, max: 120, value: "5", "aria-label": t("director.minutesLabel") });
  private readonly who = h("select", { name: "replace-who", "aria-label": t("director.whoLabel") });
  private readonly by = h("input", { name: "replace-by", autocomplete: "off", placeholder: t("director.byPlaceholder"), "aria-label": t("director.byLabel") });
  private readonly invite = h("input", {
    name: "invite-users",
    autocomplete: "off",
    placeholder: t("access.invitePlaceholder"),
    "aria-label": t("director.inviteLabel"),
  });
  private key = "";
  private busy = false;

  constructor(private readonly direct: Direct) {
    this.body = h("div", { class: "director-actions" });
    this.status = h("p", { class: "director-status", role: "status", "data-role": "director-status" });
    this.el = h(
      "section",
      { class: "card-panel director-panel", "data-role": "director" },
      h("h2", null, t("director.title")),
      h("p", { class: "hint" }, t("director.help")),
      this.body,
      this.status,
    );
  }

  /** Draws the orders the event's state allows (again only when they change: the fields keep what is typed). */
  update(v: EventView): void {
    const names = people(v);
    const key = JSON.stringify([v.state, v.paused, v.entry, v.invited, names]);
    if (key === this.key) return;
    this.key = key;
    const current = this.who.value;
    fill(
      this.who,
      names.map((n) => h("option", { value: n }, n)),
    );
    if (names.includes(current)) this.who.value = current;
    this.el.hidden = v.state === "finished" || v.state === "cancelled";
    fill(this.body, v.state === "open" ? this.openOrders(v) : v.state === "running" ? this.runningOrders(v) : null);
  }

  private button(label: string, id: string, run: () => Promise<void> | void, cls = ""): HTMLButtonElement {
    return h("button", { type: "button", id, class: cls, onclick: () => void run() }, label);
  }

  private async send(action: string, extra: Record<string, unknown> = {}, done = t("director.done")): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.status.textContent = "";
    try {
      const refused = await this.direct(action, extra);
      this.status.textContent = refused ?? done;
      this.status.classList.toggle("error", refused !== null);
      return refused === null;
    } finally {
      this.busy = false;
    }
  }

  private cancelButton(): HTMLButtonElement {
    return this.button(
      t("director.cancel"),
      "director-cancel",
      async () => {
        if (window.confirm(t("director.cancelConfirm"))) await this.send("cancel");
      },
      "danger",
    );
  }

  private openOrders(v: EventView): HTMLElement[] {
    return [
      h(
        "div",
        { class: "director-row" },
        this.button(t("director.start"), "director-start", () => void this.send("start"), "primary"),
        this.cancelButton(),
      ),
      h("small", { class: "hint" }, v.start_at ? t("director.startEarly") : t("director.startHelp")),
      v.entry === "invited" ? this.inviteRow(v) : null,
    ].filter((x): x is HTMLElement => x !== null);
  }

  private runningOrders(v: EventView): HTMLElement[] {
    const replace = async (): Promise<void> => {
      const who = this.who.value;
      const by = this.by.value.trim();
      if (!who) return;
      if (await this.send("replace", by ? { who, by } : { who }, by ? t("director.replaced", { who, by }) : t("director.replacedComputer", { who })))
        this.by.value = "";
    };
    return [
      h(
        "div",
        { class: "director-row" },
        v.paused
          ? this.button(t("director.resume"), "director-resume", () => void this.send("resume"), "primary")
          : this.button(t("director.pause"), "director-pause", () => void this.send("pause")),
        h(
          "span",
          { class: "extend" },
          this.minutes,
          this.button(t("director.extend"), "director-extend", () => void this.send("extend", { minutes: Number(this.minutes.value) })),
        ),
      ),
      h(
        "div",
        { class: "director-row" },
        this.button(
          t("director.end"),
          "director-end",
          async () => {
            if (window.confirm(t("director.endConfirm"))) await this.send("end");
          },
          "danger",
        ),
        this.cancelButton(),
      ),
      h(
        "div",
        { class: "director-row replace" },
        h("span", { class: "field-label" }, t("director.replace")),
        this.who,
        this.by,
        this.button(t("director.replaceButton"), "director-replace", replace),
        h("small", { class: "hint" }, t("director.replaceHelp")),
      ),
    ];
  }

  /** The players invited, and more by username (event.direct invite). */
  private inviteRow(v: EventView): HTMLElement {
    const invited = v.invited ?? [];
    const send = async (): Promise<void> => {
      const users = splitNames(this.invite.value);
      if (users.length === 0) return;
      if (await this.send("invite", { users }, t("director.invitedNow", { names: list(users) }))) this.invite.value = "";
    };
    return h(
      "div",
      { class: "director-row invite", "data-role": "director-invite" },
      h("span", { class: "field-label" }, t("director.invited")),
      h("p", { class: "invited-list" }, invited.length ? list(invited) : t("director.noneInvited")),
      h(
        "form",
        { class: "invite-row", onsubmit: (e) => (e.preventDefault(), void send()) },
        this.invite,
        h("button", { type: "submit", id: "director-invite" }, t("access.invite")),
      ),
    );
  }
}
