// One's account settings (#account, for a registered player): change the
// password (account.password: every other session is logged out), and the
// account's live sessions (account.sessions), each with its device and
// when it began and was last used, the others with a button that ends
// them (account.end_session); then the muted and blocked players
// (care_safety.ts), the data download and, set apart, the account's
// deletion (care_data.ts). Reached from one's own profile. A session
// ended elsewhere is told by session.ended (app.ts).
import type { App, Screen } from "../app";
import { h, fill } from "../core/dom";
import { dataPanel, deletePanel } from "./care_data";
import { SafetyLists } from "./care_safety";
import { field } from "./field";
import { errorText } from "../core/errors";
import { RequestError } from "../core/net";
import type { AccountSession, PasswordAnswer, SessionsAnswer } from "../core/types";
import { dayAt, fullDateTime } from "../i18n/format";
import { t, tx } from "../i18n";

/** The refusals of this screen, said for it; others as everywhere. */
function plainError(e: unknown): string {
  if (e instanceof RequestError) {
    switch (e.code) {
      case "wrong_password":
        return t("care.wrongPassword");
      case "no_session":
        return t("care.sessionGone");
      case "guest":
        return t("care.guestError");
    }
  }
  return errorText(e);
}

/** "today at 14:30", "27/11/2026 at 09:05": local time, the full date and time on hover. */
function moment(unix: number): HTMLElement {
  return h("time", { datetime: new Date(unix * 1000).toISOString(), title: fullDateTime(unix) }, dayAt(unix));
}

/** The server's name for a device ("Chrome on Linux", "a browser on iOS", "unknown device"; server/auth.cpp) in the user's words. */
function deviceText(device: string): string {
  if (!device || device === "unknown device") return t("care.unknownDevice");
  const m = /^(.+) on (.+)$/.exec(device);
  if (!m) return device;
  return m[1] === "a browser" ? t("care.browserOn", { system: m[2] ?? "" }) : t("care.deviceOn", { browser: m[1] ?? "", system: m[2] ?? "" });
}

export class AccountCareScreen implements Screen {
  readonly el: HTMLElement;
  private readonly list = h("div", { class: "session-list-box" });
  private readonly passwordError = h("p", { class: "form-error", id: "password-error", role: "alert" });
  private readonly passwordDone = h("p", { class: "form-done", id: "password-done", role: "status" });
  private readonly sessionsError = h("p", { class: "form-error", id: "sessions-error", role: "alert" });
  private readonly safety: SafetyLists;
  private sessions: AccountSession[] | null = null;
  private loaded = false;
  /** Bumped when the list changes; drawn again only then (the app renders often). */
  private version = 0;
  private drawn = -1;

  constructor(private readonly app: App) {
    const user = app.user;
    const head = h(
      "div",
      { class: "page-head" },
      h("h2", null, t("care.title")),
      h("button", { type: "button", class: "leave", id: "care-back", onclick: () => app.pages.closeAccount() }, t("common.back")),
    );
    this.safety = new SafetyLists(app);
    const body =
      !user || user.guest
        ? [h("p", { class: "empty card-panel", "data-role": "care-guest" }, t("care.guestText"))]
        : [this.passwordForm(user.name), this.sessionsPanel(), this.safety.el, dataPanel(app, user.name), deletePanel(app, user.name)];
    this.el = h("section", { class: "care-screen page-screen" }, head, body);
  }

  update(): void {
    const user = this.app.user;
    if (!user || user.guest) return;
    if (!this.loaded && this.app.conn.online) {
      this.loaded = true;
      void this.load();
      void this.app.safety.refresh(); // the lists may have changed on another device
    }
    this.safety.update();
    if (this.drawn === this.version) return;
    this.drawn = this.version;
    this.drawList();
  }

  // --- The password -----------------------------------------------------------

  private passwordForm(name: string): HTMLElement {
    return h(
      "form",
      { id: "password-form", class: "card-panel", onsubmit: (e) => void this.changePassword(e) },
      h("h3", null, t("care.changePassword")),
      // For password managers: whose password this is.
      h("input", { type: "text", name: "username", autocomplete: "username", value: name, hidden: true, readonly: true }),
      field(t("care.currentPassword"), h("input", { name: "old", type: "password", autocomplete: "current-password", required: true })),
      field(
        t("care.newPassword"),
        h("input", { name: "new", type: "password", autocomplete: "new-password", required: true, minlength: 8, maxlength: 200 }),
        t("account.passwordHint"),
      ),
      field(t("care.repeatPassword"), h("input", { name: "repeat", type: "password", autocomplete: "new-password", required: true })),
      this.passwordError,
      this.passwordDone,
      h("button", { type: "submit", class: "primary" }, t("care.changePassword")),
      h("small", { class: "hint" }, t("care.othersLoggedOut")),
    );
  }

  private async changePassword(e: Event): Promise<void> {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const old = String(data.get("old") ?? "");
    const fresh = String(data.get("new") ?? "");
    this.passwordError.textContent = "";
    this.passwordDone.textContent = "";
    if (fresh !== String(data.get("repeat") ?? "")) {
      this.passwordError.textContent = t("care.repeatDiffers");
      return;
    }
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    if (button) button.disabled = true;
    try {
      const a = await this.app.conn.request<PasswordAnswer>("account.password", { old, new: fresh });
      for (const input of form.querySelectorAll<HTMLInputElement>("input[type=password]")) input.value = "";
      this.passwordDone.textContent = t("care.passwordChanged", { n: a.ended });
      void this.load();
    } catch (err) {
      this.passwordError.textContent = plainError(err);
    }
    if (button) button.disabled = false;
  }

  // --- The sessions -----------------------------------------------------------

  private sessionsPanel(): HTMLElement {
    return h(
      "section",
      { class: "card-panel care-sessions", id: "sessions", "aria-labelledby": "sessions-title" },
      h("h3", { id: "sessions-title" }, t("care.sessions")),
      h("p", { class: "hint" }, t("care.sessionsHint")),
      this.sessionsError,
      this.list,
    );
  }

  private async load(): Promise<void> {
    try {
      this.sessions = (await this.app.conn.request<SessionsAnswer>("account.sessions")).sessions;
      this.sessionsError.textContent = "";
    } catch (e) {
      this.sessionsError.textContent = plainError(e);
    }
    this.version++;
    this.update();
  }

  private async end(s: AccountSession, button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    this.sessionsError.textContent = "";
    try {
      await this.app.conn.request("account.end_session", { session: s.id });
    } catch (e) {
      button.disabled = false;
      this.sessionsError.textContent = plainError(e);
      if (!(e instanceof RequestError && e.code === "no_session")) return;
    }
    await this.load();
  }

  private drawList(): void {
    const list = this.sessions;
    this.list.dataset["loaded"] = list ? "true" : "false";
    if (!list) {
      fill(this.list, h("p", { class: "empty" }, t("common.loading")));
      return;
    }
    fill(
      this.list,
      h(
        "ul",
        { class: "session-list" },
        list.map((s) => this.item(s)),
      ),
    );
  }

  private item(s: AccountSession): HTMLElement {
    const button = h("button", { type: "button", class: "end-session", "data-end-session": s.id }, t("care.end"));
    button.addEventListener("click", () => void this.end(s, button));
    return h(
      "li",
      { class: "session-item", "data-session": s.id, "data-current": String(s.current) },
      h(
        "div",
        { class: "session-facts" },
        h("strong", { class: "device" }, deviceText(s.device)),
        s.current ? h("span", { class: "badge this-device" }, t("care.thisDevice")) : null,
        h("span", { class: "meta" }, tx("care.began", { began: moment(s.created_at), used: moment(s.last_used_at) })),
      ),
      s.current ? null : button,
    );
  }
}
