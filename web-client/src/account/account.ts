// The account screen: log in, register, or play as a guest; or continue
// with the account this browser remembers. "Forgot your password?" puts
// the form for the operator's reset code (reset.ts) in the login's place.
// An address asked for logged out (a table's, a replay's, a profile's) is
// named above the forms: the login goes there (links.ts).
import type { App, Screen } from "../app";
import { h, fill } from "../core/dom";
import { wantedNote } from "../links";
import { field } from "./field";
import { resetForm } from "./reset";
import { t } from "../i18n";

export class AccountScreen implements Screen {
  readonly el: HTMLElement;
  private readonly error: HTMLElement;
  private readonly rememberBox: HTMLElement;
  private readonly wanted: HTMLElement;

  constructor(private readonly app: App) {
    this.error = h("p", { class: "form-error", role: "alert" });
    this.rememberBox = h("div", { class: "remember" });
    this.wanted = h("div", { class: "wanted" });

    const loginForm = h(
      "form",
      { id: "login-form", class: "card-panel", onsubmit: (e) => this.submit(e, "login") },
      h("h2", null, t("account.login")),
      field(t("account.username"), h("input", { name: "username", autocomplete: "username", required: true, maxlength: 20 })),
      field(t("account.password"), h("input", { name: "password", type: "password", autocomplete: "current-password", required: true })),
      h(
        "div",
        { class: "form-buttons" },
        h("button", { type: "submit", class: "primary" }, t("account.login")),
        h("button", { type: "button", class: "link", id: "forgot", onclick: () => this.forgot(loginForm) }, t("reset.link")),
      ),
    );
    const registerForm = h(
      "form",
      { id: "register-form", class: "card-panel", onsubmit: (e) => this.submit(e, "register") },
      h("h2", null, t("account.newAccount")),
      field(
        t("account.username"),
        h("input", {
          name: "username",
          autocomplete: "username",
          required: true,
          minlength: 3,
          maxlength: 20,
          pattern: "[A-Za-z0-9][A-Za-z0-9_\\-]{2,19}",
        }),
        t("account.usernameHint"),
      ),
      field(
        t("account.password"),
        h("input", { name: "password", type: "password", autocomplete: "new-password", required: true, minlength: 8 }),
        t("account.passwordHint"),
      ),
      h("button", { type: "submit", class: "primary" }, t("account.register")),
    );
    const guest = h(
      "div",
      { class: "card-panel guest-panel" },
      h("h2", null, t("account.justPlay")),
      h("p", null, t("account.guestText")),
      h("button", { id: "guest", type: "button", class: "primary", onclick: () => void this.app.guest() }, t("account.playAsGuest")),
    );

    this.el = h(
      "section",
      { class: "account-screen" },
      h("div", { class: "hero" }, h("h1", null, t("account.hero")), h("p", null, t("account.heroText"))),
      this.wanted,
      this.rememberBox,
      this.error,
      h("div", { class: "account-forms" }, guest, loginForm, registerForm),
    );
  }

  /** Shows the reset form where the login form was (with the name typed there); its Back shows the login again. */
  private forgot(loginForm: HTMLFormElement): void {
    const typed = loginForm.querySelector<HTMLInputElement>("input[name=username]")?.value.trim() ?? "";
    const reset = resetForm(this.app, typed, () => {
      reset.replaceWith(loginForm);
      loginForm.querySelector<HTMLElement>("#forgot")?.focus();
    });
    loginForm.replaceWith(reset);
    reset.querySelector<HTMLInputElement>(typed ? "input[name=code]" : "input[name=username]")?.focus();
  }

  private submit(e: Event, kind: "login" | "register"): void {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const username = String(data.get("username") ?? "").trim();
    const password = String(data.get("password") ?? "");
    void (kind === "login" ? this.app.login(username, password) : this.app.register(username, password));
  }

  update(): void {
    this.error.textContent = this.app.accountError?.() ?? "";
    fill(
      this.wanted,
      wantedNote((game) => this.app.openReplay(game)),
    );
    const r = this.app.remembered;
    if (r) {
      fill(
        this.rememberBox,
        h("button", { id: "continue", type: "button", class: "primary big", onclick: () => this.app.continueAs(r) }, t("account.continueAs", { name: r.name })),
        h("button", { type: "button", class: "link", onclick: () => this.app.forget() }, t("account.forget")),
      );
      this.rememberBox.hidden = false;
    } else {
      this.rememberBox.hidden = true;
    }
  }
}
