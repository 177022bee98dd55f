// The account screen: log in, register, or play as a guest; or continue
// with the account this browser remembers.
import type { App, Screen } from "../app";
import { h, fill } from "../core/dom";

export class AccountScreen implements Screen {
  readonly el: HTMLElement;
  private readonly error: HTMLElement;
  private readonly rememberBox: HTMLElement;

  constructor(private readonly app: App) {
    this.error = h("p", { class: "form-error", role: "alert" });
    this.rememberBox = h("div", { class: "remember" });

    const loginForm = h(
      "form",
      { id: "login-form", class: "card-panel", onsubmit: (e) => this.submit(e, "login") },
      h("h2", null, "Log in"),
      field("Username", h("input", { name: "username", autocomplete: "username", required: true, maxlength: 20 })),
      field("Password", h("input", { name: "password", type: "password", autocomplete: "current-password", required: true })),
      h("button", { type: "submit", class: "primary" }, "Log in"),
    );
    const registerForm = h(
      "form",
      { id: "register-form", class: "card-panel", onsubmit: (e) => this.submit(e, "register") },
      h("h2", null, "New account"),
      field(
        "Username",
        h("input", {
          name: "username",
          autocomplete: "username",
          required: true,
          minlength: 3,
          maxlength: 20,
          pattern: "[A-Za-z0-9][A-Za-z0-9_\\-]{2,19}",
        }),
        "3 to 20 letters, digits, _ or -",
      ),
      field(
        "Password",
        h("input", { name: "password", type: "password", autocomplete: "new-password", required: true, minlength: 8 }),
        "at least 8 characters",
      ),
      h("button", { type: "submit", class: "primary" }, "Register"),
    );
    const guest = h(
      "div",
      { class: "card-panel guest-panel" },
      h("h2", null, "Just play"),
      h("p", null, "A guest account needs no password. It lives in this browser until you log out."),
      h("button", { id: "guest", type: "button", class: "primary", onclick: () => void this.app.guest() }, "Play as a guest"),
    );

    this.el = h(
      "section",
      { class: "account-screen" },
      h(
        "div",
        { class: "hero" },
        h("h1", null, "Whist, online"),
        h("p", null, "Classic, Bid and Exact-bid whist with friends or anyone in the lobby. Make a table, take a seat, or watch a game."),
      ),
      this.rememberBox,
      this.error,
      h("div", { class: "account-forms" }, guest, loginForm, registerForm),
    );
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
    this.error.textContent = this.app.accountError;
    const r = this.app.remembered;
    if (r) {
      fill(
        this.rememberBox,
        h("button", { id: "continue", type: "button", class: "primary big", onclick: () => this.app.continueAs(r) }, `Continue as ${r.name}`),
        h("button", { type: "button", class: "link", onclick: () => this.app.forget() }, "Forget it"),
      );
      this.rememberBox.hidden = false;
    } else {
      this.rememberBox.hidden = true;
    }
  }
}

function field(label: string, input: HTMLElement, hint?: string): HTMLElement {
  return h("label", { class: "field" }, h("span", { class: "field-label" }, label), input, hint ? h("small", { class: "hint" }, hint) : null);
}
